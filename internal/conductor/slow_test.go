package conductor

import (
	"fmt"
	"io"
	"testing"
	"time"
)

// TestSlowReaderStillDrained: while the client reads nothing, the
// conductor keeps reading the agent's output (up to its queue's bound)
// and keeps passing the client's requests on; once the client reads, it
// gets every message in order, none lost in the write buffer.
func TestSlowReaderStillDrained(t *testing.T) {
	client, agent := newPeer(), newPeer()
	c := New(1, Options{})
	if err := c.Start(client.conn, []Conn{agent.conn}); err != nil {
		t.Fatal(err)
	}
	const updates = queueLen / 2
	sent := make(chan error, 1)
	go func() {
		for i := range updates {
			if _, err := fmt.Fprintf(agent.send, `{"jsonrpc":"2.0","method":"session/update","params":{"n":%d}}`+"\n", i); err != nil {
				sent <- err
				return
			}
		}
		sent <- nil
	}()
	select {
	case err := <-sent:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the agent's output stalled while the client read nothing")
	}
	io.WriteString(client.send, `{"jsonrpc":"2.0","id":"a","method":"session/prompt","params":{}}`+"\n")
	agent.expect(t, `{"jsonrpc":"2.0","id":1,"method":"session/prompt","params":{}}`)
	io.WriteString(agent.send, `{"jsonrpc":"2.0","id":1,"result":{}}`+"\n")
	for i := range updates {
		client.expect(t, fmt.Sprintf(`{"jsonrpc":"2.0","method":"session/update","params":{"n":%d}}`, i))
	}
	client.expect(t, `{"jsonrpc":"2.0","id":"a","result":{}}`)
	clientEnds(t, c, client, agent)
}
