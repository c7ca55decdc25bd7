// Package tssdk installs the official ACP TypeScript SDK
// (@agentclientprotocol/sdk), pinned with its integrity in
// package-lock.json, and runs scripts written on it (Start), for the
// stdio interop tests (internal/interop) and the remote-transport tests
// (transport/e2e, a module of its own, which is why this is a package and
// not a test file, and why the lock file is embedded rather than read from
// the working directory).
//
// The tests need node and npm; without them they skip, except in CI (the
// CI environment variable set), where they fail.
package tssdk

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

//go:embed package.json
var packageJSON []byte

//go:embed package-lock.json
var packageLock []byte

// shared holds the modules the test scripts import, written beside them
// by Dir: checks.mjs (fail, expect, valid), testclient.mjs (the client
// app and the exchange it drives) and testagent.mjs (the agent app whose
// turn internal/testclient answers from Go).
//
//go:embed checks.mjs testclient.mjs testagent.mjs
var shared embed.FS

// Dir installs the pinned packages (once per lock file, into the user's
// cache directory) and returns node's path and a fresh directory holding
// node_modules, package.json (so scripts are ES modules), the shared
// modules (checks.mjs, testclient.mjs, testagent.mjs) and a copy of each
// script, named by its base name. A script path is relative to the test's working
// directory.
func Dir(t testing.TB, scripts ...string) (node, dir string) {
	t.Helper()
	node, errNode := exec.LookPath("node")
	npm, errNpm := exec.LookPath("npm")
	if errNode != nil || errNpm != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("node and npm are required in CI: %v %v", errNode, errNpm)
		}
		t.Skip("node or npm not found: skipping the TypeScript SDK tests")
	}
	modules := installOnce(t, npm)
	dir = t.TempDir()
	if err := os.Symlink(modules, filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), packageJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeShared(dir); err != nil {
		t.Fatal(err)
	}
	for _, script := range scripts {
		data, err := os.ReadFile(script)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(script)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return node, dir
}

// writeShared copies the shared modules into dir.
func writeShared(dir string) error {
	entries, err := shared.ReadDir(".")
	if err != nil {
		return err
	}
	for _, e := range entries {
		data, err := shared.ReadFile(e.Name())
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

var install struct {
	once    sync.Once
	modules string
	err     error
}

// installOnce runs npm ci into a cache directory named after the lock
// file's hash, unless it is there already. A fresh install goes to a
// temporary directory first and is renamed into place, so concurrent test
// processes never see half an install.
func installOnce(t testing.TB, npm string) string {
	install.once.Do(func() {
		install.modules, install.err = installModules(npm)
	})
	if install.err != nil {
		t.Fatal(install.err)
	}
	return install.modules
}

func installModules(npm string) (string, error) {
	sum := sha256.Sum256(append(append([]byte{}, packageLock...), packageJSON...))
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	root := filepath.Join(cache, "acpgen-interop")
	final := filepath.Join(root, hex.EncodeToString(sum[:8]))
	modules := filepath.Join(final, "node_modules")
	if _, err := os.Stat(modules); err == nil {
		return modules, nil
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(root, "install-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	for name, data := range map[string][]byte{"package.json": packageJSON, "package-lock.json": packageLock} {
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			return "", err
		}
	}
	cmd := exec.Command(npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund")
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("npm ci: %v\n%s", err, out)
	}
	if err := os.Rename(tmp, final); err != nil {
		if _, statErr := os.Stat(modules); statErr != nil {
			return "", err
		}
	}
	return modules, nil
}
