package conductor

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"
)

// peer is the far end of one Conn: what the conductor writes to it is
// read from got, what it sends is written to send.
type peer struct {
	got  *bufio.Reader
	send *io.PipeWriter
	conn Conn
}

func newPeer() *peer {
	r, send := io.Pipe()
	got, w := io.Pipe()
	return &peer{got: bufio.NewReader(got), send: send, conn: Conn{R: r, W: w}}
}

// expect reads the next line the conductor sent p.
func (p *peer) expect(t *testing.T, want string) {
	t.Helper()
	line := make(chan string, 1)
	go func() { s, _ := p.got.ReadString('\n'); line <- strings.TrimSuffix(s, "\n") }()
	select {
	case got := <-line:
		if got != want {
			t.Errorf("got %s\nwant %s", got, want)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("nothing came; want %s", want)
	}
}

// TestStartRoutesOverStreams: a chain started on pipes passes a request
// to the agent and its result back, and the client's end of input ends
// it normally.
func TestStartRoutesOverStreams(t *testing.T) {
	client, agent := newPeer(), newPeer()
	c := New(1, Options{})
	if err := c.Start(client.conn, []Conn{agent.conn}); err != nil {
		t.Fatal(err)
	}
	io.WriteString(client.send, `{"jsonrpc":"2.0","id":"a","method":"session/set_mode","params":{}}`+"\n")
	agent.expect(t, `{"jsonrpc":"2.0","id":1,"method":"session/set_mode","params":{}}`)
	io.WriteString(agent.send, `{"jsonrpc":"2.0","id":1,"result":{}}`+"\n")
	client.expect(t, `{"jsonrpc":"2.0","id":"a","result":{}}`)
	clientEnds(t, c, client, agent)
}

// TestComponentEndFailsPending: when a component closes its output the
// chain ends saying so, and FailPending answers the client's request in
// flight.
func TestComponentEndFailsPending(t *testing.T) {
	client, agent := newPeer(), newPeer()
	c := New(1, Options{Name: "test"})
	if err := c.Start(client.conn, []Conn{agent.conn}); err != nil {
		t.Fatal(err)
	}
	io.WriteString(client.send, `{"jsonrpc":"2.0","id":7,"method":"session/prompt","params":{}}`+"\n")
	agent.expect(t, `{"jsonrpc":"2.0","id":1,"method":"session/prompt","params":{}}`)
	agent.send.Close()
	why := c.Reason()
	if why == nil || why.Error() != "agent closed its output" {
		t.Fatalf("reason %v", why)
	}
	<-c.ReadDone(1)
	c.FailPending(why, time.Second)
	client.expect(t, `{"jsonrpc":"2.0","id":7,"error":{"code":-32603,"message":"test: the proxy chain ended: agent closed its output"}}`)
	c.StopWriters(time.Second)
}

// TestStartCountsComponents: Start refuses components that New was not
// told of.
func TestStartCountsComponents(t *testing.T) {
	if err := New(2, Options{}).Start(Conn{}, []Conn{{}}); err == nil {
		t.Error("1 component for a chain of 2: no error")
	}
}

// TestClientEndStillAnswered: a request the client sent before its input
// ended still gets its answer, and only then does the chain end (as an
// agent answers what it read before the end of its input).
func TestClientEndStillAnswered(t *testing.T) {
	client, agent := newPeer(), newPeer()
	c := New(1, Options{})
	if err := c.Start(client.conn, []Conn{agent.conn}); err != nil {
		t.Fatal(err)
	}
	io.WriteString(client.send, `{"jsonrpc":"2.0","id":"a","method":"initialize","params":{}}`+"\n")
	client.send.Close()
	agent.expect(t, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`)
	select {
	case <-c.Ended():
		t.Fatal("the chain ended with the client's request unanswered")
	case <-time.After(50 * time.Millisecond):
	}
	io.WriteString(agent.send, `{"jsonrpc":"2.0","id":1,"result":{}}`+"\n")
	client.expect(t, `{"jsonrpc":"2.0","id":"a","result":{}}`)
	if err := c.Reason(); err != nil {
		t.Errorf("the client ended the chain, reason %v", err)
	}
	c.StopWriters(time.Second)
	agent.send.Close()
	<-c.ReadDone(1)
}

// clientEnds ends a chain of one agent from the client's side: its end of
// input ends the chain normally, then the writers and the agent stop.
func clientEnds(t *testing.T, c *Chain, client, agent *peer) {
	t.Helper()
	client.send.Close()
	if err := c.Reason(); err != nil {
		t.Errorf("the client ended the chain, reason %v", err)
	}
	c.StopWriters(time.Second)
	agent.send.Close()
	<-c.ReadDone(1)
}
