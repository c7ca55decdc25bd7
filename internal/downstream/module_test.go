package downstream

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// acpgenModule is the module path the throwaway module requires.
const acpgenModule = "github.com/acpgen/acpgen"

// commandTimeout bounds one go command; a cold module cache and build
// cache on a busy machine stay well inside it.
const commandTimeout = 5 * time.Minute

// module is the throwaway downstream module in a temporary directory.
type module struct {
	dir  string
	root string // this repository, the target of the replace directive
}

// newModule writes go.mod: acpgen required, replaced by this checkout, and
// its command as a tool (what `go get -tool` writes; running go get here
// would ask the module proxy about the unpublished version). This
// repository's go.sum is copied so that acpgen's own dependencies verify
// without the checksum database; go mod tidy then adds them to go.mod,
// which `go tool` needs complete.
func newModule(t *testing.T) *module {
	t.Helper()
	m := &module{dir: t.TempDir(), root: repoRoot(t)}
	gomod := fmt.Sprintf("module example.com/downstream\n\ngo 1.24\n\n"+
		"require %s v0.0.0\n\nreplace %s => %q\n\ntool %s/cmd/acpgen\n",
		acpgenModule, acpgenModule, m.root, acpgenModule)
	m.write(t, "go.mod", []byte(gomod))
	m.copy(t, "go.sum", filepath.Join(m.root, "go.sum"))
	m.goCmd(t, "mod", "tidy")
	return m
}

// repoRoot is this repository's root, checked by its go.mod.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil || !bytes.HasPrefix(gomod, []byte("module "+acpgenModule+"\n")) {
		t.Fatalf("%s is not the root of %s (go.mod: %v)", root, acpgenModule, err)
	}
	return root
}

// write creates a file in the module (slash-separated name).
func (m *module) write(t *testing.T, name string, data []byte) {
	t.Helper()
	path := filepath.Join(m.dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// copy copies the file at src into the module as name.
func (m *module) copy(t *testing.T, name, src string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	m.write(t, name, data)
}

// goCmd runs the go command in the module and returns its combined
// output; on failure it stops the test and shows that output.
func (m *module) goCmd(t *testing.T, args ...string) string {
	t.Helper()
	out, err := m.tryGo(args...)
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// tryGo runs the go command in the module with the environment of a
// user's module: no workspace, the local toolchain, go.mod updated as
// needed.
func (m *module) tryGo(args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = m.dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local")
	cmd.WaitDelay = 10 * time.Second
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// buildAndRun builds the module's program with the given build tags
// (empty for none) and returns what it prints.
func (m *module) buildAndRun(t *testing.T, tags string) string {
	t.Helper()
	exe := filepath.Join(m.dir, "bin", "downstream")
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	m.goCmd(t, "build", "-tags", tags, "-o", exe, ".")
	ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("program built with tags %q: %v\n%s%s", tags, err, out, stderr.String())
	}
	return string(out)
}
