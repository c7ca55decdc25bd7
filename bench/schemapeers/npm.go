package main

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

//go:embed quicktype/package.json
var quicktypePackage []byte

//go:embed quicktype/package-lock.json
var quicktypeLock []byte

// errNoNode says quicktype cannot run here; the test skips on it outside CI.
var errNoNode = errors.New("node or npm not found")

// installQuicktype runs npm ci on the pinned lock file into the user's
// cache directory, once per lock file (as internal/tssdk does for the
// TypeScript SDK), and returns node's path and the node_modules folder.
// The install goes to a temporary folder renamed into place, so two runs
// at once never see half of one.
func installQuicktype(ctx context.Context) (node, modules string, err error) {
	node, errNode := exec.LookPath("node")
	npm, errNpm := exec.LookPath("npm")
	if errNode != nil || errNpm != nil {
		return "", "", fmt.Errorf("%w: %v %v", errNoNode, errNode, errNpm)
	}
	sum := sha256.Sum256(append(append([]byte{}, quicktypeLock...), quicktypePackage...))
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	root := filepath.Join(cache, "acpgen-schemapeers")
	final := filepath.Join(root, hex.EncodeToString(sum[:8]))
	modules = filepath.Join(final, "node_modules")
	if _, err := os.Stat(modules); err == nil {
		return node, modules, nil
	}
	if err := npmCI(ctx, npm, root, final); err != nil {
		return "", "", err
	}
	return node, modules, nil
}

// npmCI installs the lock file into a fresh folder under root and renames
// it to final.
func npmCI(ctx context.Context, npm, root, final string) error {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(root, "install-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	files := map[string][]byte{"package.json": quicktypePackage, "package-lock.json": quicktypeLock}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			return err
		}
	}
	cmd := exec.CommandContext(ctx, npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund")
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("npm ci: %v\n%s", err, out)
	}
	if err := os.Rename(tmp, final); err != nil {
		if _, statErr := os.Stat(filepath.Join(final, "node_modules")); statErr != nil {
			return err
		}
	}
	return nil
}
