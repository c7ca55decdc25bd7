//go:build unix

package templates

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/acpgen/acpgen/internal/procagent"
)

// lockedBuffer is a writer the tests read while the copy may still write.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestAgentExitErrorStderrTail: an agent that writes some 90 KiB to its
// standard error and exits 3 ends with an AgentExitError holding its last
// 20 lines (within 8 KiB), through which errors.As finds the exit status;
// every line still reached the Stderr the caller gave.
func TestAgentExitErrorStderrTail(t *testing.T) {
	cmd := procagent.Command("noisy")
	var seen lockedBuffer
	cmd.Stderr = &seen
	p, err := StartAgentProcess(context.Background(), cmd, 0)
	if err != nil {
		t.Fatal(err)
	}
	<-p.Done()
	stopErr := p.Close()
	var exitErr *AgentExitError
	if !errors.As(stopErr, &exitErr) {
		t.Fatalf("Close: %T %v, want an *AgentExitError", stopErr, stopErr)
	}
	var exit *exec.ExitError
	if !errors.As(stopErr, &exit) || exit.ExitCode() != 3 {
		t.Fatalf("Close: %v, want exit status 3 under it", stopErr)
	}
	var want []string
	for i := procagent.NoisyLines - wireTailLines; i < procagent.NoisyLines; i++ {
		want = append(want, fmt.Sprintf("noise %d", i))
	}
	if exitErr.Stderr != strings.Join(want, "\n") {
		t.Errorf("tail:\n%s\nwant the last %d lines", exitErr.Stderr, wireTailLines)
	}
	if !strings.HasPrefix(stopErr.Error(), "agent: exit status 3; the end of its standard error:\nnoise 7980\n") {
		t.Errorf("error text %q", stopErr.Error()[:min(len(stopErr.Error()), 200)])
	}
	if p.StderrTail() != exitErr.Stderr {
		t.Errorf("StderrTail differs from the error's")
	}
	if got := strings.Count(seen.String(), "\n"); got != procagent.NoisyLines {
		t.Errorf("the caller's Stderr got %d lines, want %d", got, procagent.NoisyLines)
	}
	if got := cap(p.stderr.buf); got > 4*wireTailBytes {
		t.Errorf("the tail's buffer grew to %d bytes", got)
	}
}

// TestAgentCleanExitNoError: an agent that exits 0 ends with nil, not an
// AgentExitError.
func TestAgentCleanExitNoError(t *testing.T) {
	p, err := StartAgentProcess(context.Background(), procagent.Command("polite"), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
}

// TestStderrTailBounds: the tail keeps the last lines and at most 8 KiB,
// the end of a longer line, and the buffer never grows beyond twice that.
func TestStderrTailBounds(t *testing.T) {
	var tl wireStderrTail
	long := strings.Repeat("x", 3*wireTailBytes)
	tl.keep([]byte("first\n" + long + "\nlast\n"))
	got := tl.tail()
	if len(got) != wireTailBytes-1 || !strings.HasSuffix(got, "x\nlast") || strings.Contains(got, "first") {
		t.Errorf("a long line: kept %d bytes ending %q", len(got), got[max(0, len(got)-10):])
	}
	tl = wireStderrTail{}
	for i := range 10000 {
		tl.keep([]byte(fmt.Sprintf("line %d\n", i)))
		if cap(tl.buf) > 4*wireTailBytes {
			t.Fatalf("buffer capacity %d after %d lines", cap(tl.buf), i)
		}
	}
	lines := strings.Split(tl.tail(), "\n")
	if len(lines) != wireTailLines || lines[0] != "line 9980" || lines[19] != "line 9999" {
		t.Errorf("tail %q", lines)
	}
	tl = wireStderrTail{}
	tl.keep([]byte("no line break"))
	if got := tl.tail(); got != "no line break" {
		t.Errorf("tail %q", got)
	}
}
