//go:build unix

package templates

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/acpgen/acpgen/internal/procagent"
)

// The process is a Transport: a forwarder can open a connection on it.
var _ Transport = (*AgentProcess)(nil)

// startMessageAgent starts the test agent of mode with StartAgentProcess
// and a reader that collects its messages until ReadMessage fails.
func startMessageAgent(t *testing.T, ctx context.Context, mode string, max int) (*AgentProcess, <-chan []byte, <-chan error) {
	t.Helper()
	p, err := StartAgentProcess(ctx, procagent.Command(mode), max)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = p.Stop(0)
		procagent.AssertGroupGone(t, p.Pid())
	})
	msgs, ended := make(chan []byte, 16), make(chan error, 1)
	go func() {
		for {
			msg, err := p.ReadMessage()
			if err != nil {
				ended <- err
				return
			}
			msgs <- msg
		}
	}()
	return p, msgs, ended
}

// nextMessage waits for the agent's next message.
func nextMessage(t *testing.T, msgs <-chan []byte) string {
	t.Helper()
	select {
	case msg := <-msgs:
		return string(msg)
	case <-time.After(10 * time.Second):
		t.Fatal("no message from the agent")
		return ""
	}
}

// readEnd waits for the reader to stop and returns why.
func readEnd(t *testing.T, ended <-chan error, within time.Duration) error {
	t.Helper()
	select {
	case err := <-ended:
		return err
	case <-time.After(within):
		t.Fatalf("ReadMessage still waits after %v", within)
		return nil
	}
}

// TestAgentProcessMessages: messages go to the agent one line each (line
// breaks inside one do not split it) and come back whole, without their
// line end; Close stops the agent as under StartAgent, and the reader sees
// io.EOF after the last message.
func TestAgentProcessMessages(t *testing.T) {
	p, msgs, ended := startMessageAgent(t, context.Background(), "polite", 0)
	pretty := "{\"jsonrpc\": \"2.0\",\n  \"id\": 7,\r\n  \"method\": \"initialize\"\n}"
	if err := p.WriteMessage([]byte(pretty)); err != nil {
		t.Fatal(err)
	}
	if err := p.WriteMessage([]byte(`{"jsonrpc":"2.0","id":"s","method":"session/new"}`)); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`{"jsonrpc":"2.0","id":7,"result":{"protocolVersion":1}}`, `{"jsonrpc":"2.0","id":"s","result":{"sessionId":"s1"}}`} {
		if got := nextMessage(t, msgs); got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	}
	if got := procagent.ExitOf(p.Close()); got != "exit status 0" {
		t.Errorf("exit: %s", got)
	}
	if err := readEnd(t, ended, time.Second); err != io.EOF {
		t.Errorf("reading after the end: %v, want io.EOF", err)
	}
	if _, err := p.ReadMessage(); err != io.EOF {
		t.Errorf("reading again: %v, want io.EOF", err)
	}
	err := p.WriteMessage([]byte(`{}`))
	if err == nil || !strings.Contains(err.Error(), "stopped") {
		t.Errorf("writing after the stop: %v", err)
	}
	procagent.AssertGroupGone(t, p.Pid())
}

// TestAgentProcessMessagesAgentExits: an agent that exits mid-turn ends
// the reading with io.EOF: at once, or, when a grandchild it left holds
// its output, once stopping has ended the grandchild (SIGKILL after the
// grace period); the exit status is the agent's own.
func TestAgentProcessMessagesAgentExits(t *testing.T) {
	for _, mode := range []string{"die", "die-orphan"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			p, msgs, ended := startMessageAgent(t, context.Background(), mode, 0)
			if err := p.WriteMessage([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize"}`)); err != nil {
				t.Fatal(err)
			}
			nextMessage(t, msgs)
			if err := p.WriteMessage([]byte(`{"jsonrpc":"2.0","id":2,"method":"session/prompt"}`)); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			err := readEnd(t, ended, 3*wireStopGrace+wireKillWait+wireEOFWait)
			t.Logf("%s: reading ended after %v: %v", mode, time.Since(start).Round(time.Millisecond), err)
			if err != io.EOF {
				t.Errorf("reading ended with %v, want io.EOF", err)
			}
			<-p.Done()
			if got := procagent.ExitOf(p.Close()); got != "exit status 3" {
				t.Errorf("exit: got %s, want exit status 3", got)
			}
		})
	}
}

// TestAgentProcessMessagesContext: the end of the context stops an agent
// that ignores the end of its input, and the reader waiting on it returns.
func TestAgentProcessMessagesContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	p, msgs, ended := startMessageAgent(t, ctx, "ignore-eof", 0)
	if err := p.WriteMessage([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize"}`)); err != nil {
		t.Fatal(err)
	}
	nextMessage(t, msgs)
	cancel()
	if err := readEnd(t, ended, 2*wireStopGrace+wireEOFWait); err != io.EOF {
		t.Errorf("reading ended with %v, want io.EOF", err)
	}
	<-p.Done()
	if got := procagent.ExitOf(p.Close()); got != "signal: terminated" {
		t.Errorf("exit: got %s", got)
	}
}

// TestAgentProcessMessagesTooLong: a line over the limit ends the reading
// with an error that says so, every later read too, and nothing of it is
// returned.
func TestAgentProcessMessagesTooLong(t *testing.T) {
	p, msgs, ended := startMessageAgent(t, context.Background(), "polite", 20)
	if err := p.WriteMessage([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize"}`)); err != nil {
		t.Fatal(err)
	}
	err := readEnd(t, ended, 10*time.Second)
	if err == nil || !strings.Contains(err.Error(), "longer than 20 bytes") {
		t.Errorf("got %v, want the limit", err)
	}
	if _, again := p.ReadMessage(); again != err {
		t.Errorf("reading again: %v", again)
	}
	select {
	case msg := <-msgs:
		t.Errorf("a message came through: %s", msg)
	default:
	}
}

// TestAgentProcessMessagesBlockedWrite: a write to an agent that reads
// nothing waits, and returns with an error when the agent is stopped.
func TestAgentProcessMessagesBlockedWrite(t *testing.T) {
	p, _, _ := startMessageAgent(t, context.Background(), "deaf", 0)
	written := make(chan error, 1)
	big := append(append([]byte(`{"x":"`), bytes.Repeat([]byte("a"), 4<<20)...), `"}`...)
	go func() { written <- p.WriteMessage(big) }()
	select {
	case err := <-written:
		t.Fatalf("a 4 MiB write to an agent that reads nothing returned: %v", err)
	case <-time.After(100 * time.Millisecond):
	}
	_ = p.Stop(wireStopGrace / 20)
	select {
	case err := <-written:
		if err == nil || !strings.Contains(err.Error(), "stopped") {
			t.Errorf("the blocked write returned %v", err)
		}
	case <-time.After(time.Second):
		t.Fatal("the blocked write still waits after the stop")
	}
}

// TestAgentProcessMessagesOwned: under StartAgent the pipes are the
// connection's, and ReadMessage and WriteMessage say so instead of
// stealing its messages.
func TestAgentProcessMessagesOwned(t *testing.T) {
	p, _ := startTestAgent(t, context.Background(), "polite")
	if _, err := p.ReadMessage(); !errors.Is(err, errWireAgentOwned) {
		t.Errorf("ReadMessage: %v", err)
	}
	if err := p.WriteMessage([]byte(`{}`)); !errors.Is(err, errWireAgentOwned) {
		t.Errorf("WriteMessage: %v", err)
	}
}

// TestAgentProcessMessagesConn: a connection opened on the process as a
// Transport calls the agent as StartAgent's does.
func TestAgentProcessMessagesConn(t *testing.T) {
	p, err := StartAgentProcess(context.Background(), procagent.Command("polite"), 0)
	if err != nil {
		t.Fatal(err)
	}
	conn := wireOpenOn(p, wireErrorCodec{fromWire: func(e *wireRPCError) error { return e }}, nil)
	if err := conn.engine.Start(wireNewRoutes("client")); err != nil {
		t.Fatal(err)
	}
	if _, err := testCall(t, conn, "initialize"); err != nil {
		t.Fatal(err)
	}
	if got := procagent.ExitOf(p.Close()); got != "exit status 0" {
		t.Errorf("exit: %s", got)
	}
	if _, err := testCall(t, conn, "session/new"); err == nil {
		t.Error("a call after the stop succeeded")
	}
	procagent.AssertGroupGone(t, p.Pid())
}
