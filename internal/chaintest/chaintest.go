// Package chaintest builds the programs of the proxy chain tests
// (cmd/acpconductor, internal/interop): the conductor, the test proxy
// (internal/interop/testdata/chainproxy, on the generated proxy
// subpackage, which needs the proxy chains build tag) and the Go test
// agent, and reads what the conductor says of the components it started.
package chaintest

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Programs are the built programs' paths.
type Programs struct {
	Conductor, Proxy, Agent string
}

// Build builds the programs into a test's temporary directory.
func Build(t testing.TB) Programs {
	t.Helper()
	root := moduleRoot(t)
	dir := t.TempDir()
	p := Programs{Conductor: filepath.Join(dir, "acpconductor"), Proxy: filepath.Join(dir, "chainproxy"), Agent: filepath.Join(dir, "acptestagent")}
	build(t, root, p.Conductor, "./cmd/acpconductor")
	build(t, root, p.Proxy, "./internal/interop/testdata/chainproxy", "-tags", "unstable_proxy_chains")
	build(t, root, p.Agent, "./cmd/acptestagent")
	return p
}

func build(t testing.TB, root, out, pkg string, flags ...string) {
	t.Helper()
	cmd := exec.Command("go", append(append([]string{"build", "-o", out}, flags...), pkg)...)
	cmd.Dir = root
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, msg)
	}
}

// moduleRoot is the directory of the root module's go.mod.
func moduleRoot(t testing.TB) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Dir(strings.TrimSpace(string(out)))
}

var started = regexp.MustCompile(`acpconductor: (\S+) started \(pid (\d+)\)`)

// Started reads the pids of the components the conductor started, by hop
// name, from what it wrote on stderr; each is also its process group.
func Started(stderr string) map[string]int {
	pids := map[string]int{}
	for _, m := range started.FindAllStringSubmatch(stderr, -1) {
		pid, _ := strconv.Atoi(m[2])
		pids[m[1]] = pid
	}
	return pids
}
