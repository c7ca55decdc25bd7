package main

import (
	"bytes"
	"context"
	"errors"
	"log"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/transport/acpws"
)

// buildFlags are go build's flags for the programs the tests run.
var buildFlags []string

// testLog is a logger writing to the test's log, safe to use until the
// bridge has shut down (startBridge's cleanup waits for it).
func testLog(t *testing.T) *log.Logger {
	return log.New(testWriter{t}, "acpbridge: ", 0)
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(string(bytes.TrimSuffix(p, []byte("\n"))))
	return len(p), nil
}

// startBridge serves b on a port of 127.0.0.1 until the test ends, and
// returns the endpoint's address (host:port/acp, without a scheme).
func startBridge(t *testing.T, b *bridge, a access) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- serve(ctx, ln, b, a) }()
	t.Cleanup(func() {
		cancel()
		if err := <-served; err != nil {
			t.Errorf("shutting down: %v", err)
		}
	})
	return ln.Addr().String() + acpws.Path
}

// agents records the agent processes a bridge starts.
type agents struct {
	mu    sync.Mutex
	procs []*acp.AgentProcess
}

func (a *agents) started(id string, p *acp.AgentProcess) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.procs = append(a.procs, p)
}

func (a *agents) list() []*acp.AgentProcess {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]*acp.AgentProcess(nil), a.procs...)
}

var exampleClient struct {
	once sync.Once
	path string
	err  error
	out  []byte
}

// buildClient builds examples/client once for the tests of this run.
func buildClient(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the example client")
	}
	exampleClient.once.Do(func() {
		dir, err := os.MkdirTemp("", "acpbridge-test-")
		if err != nil {
			exampleClient.err = err
			return
		}
		exampleClient.path = filepath.Join(dir, "client")
		args := append(append([]string{"build"}, buildFlags...), "-o", exampleClient.path, "../client")
		exampleClient.out, exampleClient.err = exec.Command("go", args...).CombinedOutput()
	})
	if exampleClient.err != nil {
		t.Fatalf("building the example client: %v\n%s", exampleClient.err, exampleClient.out)
	}
	return exampleClient.path
}

func TestMain(m *testing.M) {
	code := m.Run()
	if exampleClient.path != "" {
		os.RemoveAll(filepath.Dir(exampleClient.path))
	}
	os.Exit(code)
}

// clientRun is what a run of the example client printed.
type clientRun struct {
	dir            string // its working directory
	err            error
	stdout, stderr string
}

// runClient runs the example client in a fresh directory, with args,
// for at most a minute.
func runClient(t *testing.T, bin string, args ...string) clientRun {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r := clientRun{dir: t.TempDir()}
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = r.dir
	cmd.Env = append(os.Environ(), "GORACE=halt_on_error=1 atexit_sleep_ms=0")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	r.err = cmd.Run()
	if ctx.Err() != nil {
		r.err = errors.Join(r.err, errors.New("the client did not finish within a minute"))
	}
	r.stdout, r.stderr = stdout.String(), stderr.String()
	return r
}
