//go:build unix

package templates

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/acpgen/acpgen/internal/procagent"
)

// startTestAgent starts the test agent of mode on a connection that
// serves nothing and returns errors as they come.
func startTestAgent(t *testing.T, ctx context.Context, mode string) (*AgentProcess, Conn) {
	t.Helper()
	var conn Conn
	p, err := wireStartAgent(ctx, procagent.Command(mode), func(stdout io.Reader, stdin io.Writer) Conn {
		conn = wireOpen(stdout, stdin, wireErrorCodec{fromWire: func(e *wireRPCError) error { return e }}, nil)
		if err := conn.engine.Start(wireNewRoutes("client")); err != nil {
			t.Error(err)
		}
		return conn
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = p.Stop(0)
		procagent.AssertGroupGone(t, p.Pid())
	})
	return p, conn
}

// testCall makes a call that must end, with a result or an error, well
// within the time stopping may take.
func testCall(t *testing.T, conn Conn, method string) (json.RawMessage, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	result, err := conn.engine.Call(ctx, method, json.RawMessage(`{}`))
	if ctx.Err() != nil {
		t.Fatalf("%s hung", method)
	}
	return result, err
}

// TestAgentProcessStop: Close stops each misbehaving agent within the
// steps it needs (end of input, SIGTERM after the grace period, SIGKILL
// after another), nothing of its group survives, calls fail afterwards,
// and the exit is reported. The time each stop took is logged (-v).
func TestAgentProcessStop(t *testing.T) {
	grace := wireStopGrace
	cases := []struct {
		mode     string
		exit     string        // how the agent ended
		min, max time.Duration // how long stopping takes
	}{
		{"polite", "exit status 0", 0, grace / 2},
		{"ignore-eof", "signal: terminated", grace, 2 * grace},
		{"ignore-term", "signal: killed", 2 * grace, 3*grace + wireKillWait},
		{"grandchild", "exit status 0", 2 * grace, 3*grace + wireKillWait},
		{"fail-init", "exit status 0", 0, grace / 2},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			t.Parallel()
			p, conn := startTestAgent(t, context.Background(), c.mode)
			_, err := testCall(t, conn, "initialize")
			var rpc *wireRPCError
			if c.mode == "fail-init" {
				if !errors.As(err, &rpc) || rpc.Code != -32000 {
					t.Fatalf("initialize: got %v, want the error -32000", err)
				}
			} else if err != nil {
				t.Fatalf("initialize: %v", err)
			}
			start := time.Now()
			stopErr := p.Close()
			took := time.Since(start)
			t.Logf("%s: stopping took %v (%s)", c.mode, took.Round(time.Millisecond), procagent.ExitOf(stopErr))
			if got := procagent.ExitOf(stopErr); got != c.exit {
				t.Errorf("exit: got %s, want %s", got, c.exit)
			}
			if took < c.min || took > c.max {
				t.Errorf("stopping took %v, want %v to %v", took, c.min, c.max)
			}
			procagent.AssertGroupGone(t, p.Pid())
			if _, err := testCall(t, conn, "session/new"); err == nil {
				t.Error("a call after stopping succeeded")
			}
			if p.ProcessState() == nil {
				t.Error("no process state after stopping")
			}
			select {
			case <-p.Done():
			default:
				t.Error("Done is open after stopping")
			}
		})
	}
}

// TestAgentProcessDiesMidTurn: an agent that exits while a call waits
// fails the call at once, even when a process it left holds its output;
// what it left is stopped, and the exit status is the agent's own.
func TestAgentProcessDiesMidTurn(t *testing.T) {
	for _, mode := range []string{"die", "die-orphan"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			p, conn := startTestAgent(t, context.Background(), mode)
			if _, err := testCall(t, conn, "initialize"); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			if _, err := testCall(t, conn, "session/prompt"); err == nil {
				t.Fatal("the prompt succeeded")
			}
			failed := time.Since(start)
			select {
			case <-p.Done():
			case <-time.After(3*wireStopGrace + wireKillWait):
				t.Fatal("the agent's leftovers were not stopped")
			}
			t.Logf("%s: the call failed after %v, stopped after %v", mode, failed.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
			if got := procagent.ExitOf(p.Close()); got != "exit status 3" {
				t.Errorf("exit: got %s, want exit status 3", got)
			}
			procagent.AssertGroupGone(t, p.Pid())
		})
	}
}

// TestAgentProcessContext: the end of StartAgent's context stops the
// agent as Close does, and a call waiting then fails.
func TestAgentProcessContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	p, conn := startTestAgent(t, ctx, "ignore-term")
	if _, err := testCall(t, conn, "initialize"); err != nil {
		t.Fatal(err)
	}
	cancel()
	select {
	case <-p.Done():
	case <-time.After(3*wireStopGrace + wireKillWait):
		t.Fatal("the agent was not stopped when the context ended")
	}
	if got := procagent.ExitOf(p.Close()); got != "signal: killed" {
		t.Errorf("exit: got %s, want signal: killed", got)
	}
	procagent.AssertGroupGone(t, p.Pid())
}

// TestAgentProcessStopGrace: Stop's grace period replaces the default,
// so a short one sends SIGTERM early.
func TestAgentProcessStopGrace(t *testing.T) {
	p, conn := startTestAgent(t, context.Background(), "ignore-eof")
	if _, err := testCall(t, conn, "initialize"); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	err := p.Stop(wireStopGrace / 20)
	if took := time.Since(start); took > wireStopGrace/2 {
		t.Errorf("Stop(0) took %v", took)
	}
	if got := procagent.ExitOf(err); got != "signal: terminated" {
		t.Errorf("exit: got %s", got)
	}
}

// TestAgentProcessOwnGroup: the agent leads a group of its own, so the
// terminal's SIGINT, sent to the client's group, does not reach it.
func TestAgentProcessOwnGroup(t *testing.T) {
	p, _ := startTestAgent(t, context.Background(), "polite")
	pgid, err := syscall.Getpgid(p.Pid())
	if err != nil {
		t.Fatal(err)
	}
	if pgid != p.Pid() || pgid == syscall.Getpgrp() {
		t.Errorf("the agent's group is %d (its pid %d, ours %d)", pgid, p.Pid(), syscall.Getpgrp())
	}
}

// TestAgentProcessStartErrors: a command that does not start, a command
// whose input or output is already taken and an ended context are errors,
// and leave nothing running.
func TestAgentProcessStartErrors(t *testing.T) {
	open := func(io.Reader, io.Writer) Conn {
		t.Error("open called")
		return Conn{}
	}
	if _, err := wireStartAgent(context.Background(), exec.Command("/nonexistent/agent"), open); err == nil {
		t.Error("a missing program started")
	}
	taken := procagent.Command("polite")
	taken.Stdout = io.Discard
	if _, err := wireStartAgent(context.Background(), taken, open); err == nil {
		t.Error("a command with its own Stdout started")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := wireStartAgent(ctx, procagent.Command("polite"), open); !errors.Is(err, context.Canceled) {
		t.Errorf("ended context: %v", err)
	}
}
