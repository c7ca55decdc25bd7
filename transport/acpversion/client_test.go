package acpversion

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// fakeAgent answers each initialize on its connections with answer, given
// the protocolVersion asked for; it records what it read.
type fakeAgent struct {
	answer func(requested int) string // the response's result or error members
	dials  int
	seen   chan string
}

func (a *fakeAgent) dial(ctx context.Context) (Transport, error) {
	a.dials++
	client, server := pipe()
	go func() {
		defer server.Close()
		for {
			msg, err := server.ReadMessage()
			if err != nil {
				return
			}
			a.seen <- string(msg)
			var e envelope
			_ = json.Unmarshal(msg, &e)
			if e.Method == nil || *e.Method != "initialize" {
				continue
			}
			v, _ := protocolVersionOf(e.Params)
			_ = server.WriteMessage([]byte(`{"jsonrpc":"2.0","method":"note"}`)) // dropped by Initialize
			_ = server.WriteMessage(fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%s,%s}`, e.ID, a.answer(v)))
		}
	}()
	return client, nil
}

var (
	offerV2 = Offer{Protocol: 2, Params: map[string]any{"protocolVersion": 2, "info": map[string]string{"name": "c", "version": "1"}}}
	offerV1 = Offer{Protocol: 1, Params: map[string]any{"protocolVersion": 1, "clientCapabilities": map[string]any{"terminal": true}}}
)

func testInitialize(t *testing.T, answer func(int) string) (*Negotiated, *fakeAgent, error) {
	t.Helper()
	a := &fakeAgent{answer: answer, seen: make(chan string, 16)}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	n, err := Initialize(ctx, a.dial, offerV1, offerV2)
	if n != nil {
		t.Cleanup(func() { _ = n.Transport.Close() })
	}
	return n, a, err
}

// A v2 agent takes the v2 offer on the first connection.
func TestInitializeNewest(t *testing.T) {
	n, a, err := testInitialize(t, func(v int) string { return fmt.Sprintf(`"result":{"protocolVersion":%d}`, min(v, 2)) })
	if err != nil || n.Protocol != 2 || a.dials != 1 || string(n.Result) != `{"protocolVersion":2}` {
		t.Fatalf("Initialize: %+v, %v after %d dials; want version 2 on one", n, err, a.dials)
	}
	if first := <-a.seen; !strings.Contains(first, `"info"`) {
		t.Errorf("sent %s, want the v2 offer", first)
	}
}

// A v1 agent answers the v2 offer with 1: Initialize sends the v1 offer on
// a new connection. An agent that refuses with -32022 listing 1 does too.
func TestInitializeFallsBack(t *testing.T) {
	for name, answer := range map[string]func(int) string{
		"answers 1": func(int) string { return `"result":{"protocolVersion":1}` },
		"-32022": func(v int) string {
			if v != 1 {
				return `"error":{"code":-32022,"message":"Unsupported protocol version","data":{"requested":2,"supported":[0,1]}}`
			}
			return `"result":{"protocolVersion":1}`
		},
	} {
		n, a, err := testInitialize(t, answer)
		if err != nil || n.Protocol != 1 || a.dials != 2 {
			t.Fatalf("%s: Initialize: %+v, %v after %d dials; want version 1 on a second connection", name, n, err, a.dials)
		}
		<-a.seen
		if second := <-a.seen; !strings.Contains(second, `"clientCapabilities"`) {
			t.Errorf("%s: sent %s second, want the v1 offer", name, second)
		}
	}
}

// An answer no offer matches, and an error, fail with what the agent said.
func TestInitializeFails(t *testing.T) {
	_, _, err := testInitialize(t, func(int) string { return `"result":{"protocolVersion":3}` })
	if err == nil || !strings.Contains(err.Error(), "protocol version 3") {
		t.Errorf("version 3: %v", err)
	}
	_, _, err = testInitialize(t, func(int) string { return `"error":{"code":-32603,"message":"boom"}` })
	var rpcErr *RPCError
	if !errors.As(err, &rpcErr) || rpcErr.Code != -32603 {
		t.Errorf("error answer: %v", err)
	}
	_, err = Initialize(context.Background(), nil, Offer{Protocol: 2, Params: map[string]int{"protocolVersion": 1}})
	if err == nil || !strings.Contains(err.Error(), "protocolVersion is not 2") {
		t.Errorf("an offer asking for another version: %v", err)
	}
	if _, err = Initialize(context.Background(), nil); err == nil {
		t.Error("no offer: nil error")
	}
}

// ctx ends the wait for the answer: the connection is closed.
func TestInitializeContext(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	var client *pipeEnd
	dial := func(context.Context) (Transport, error) {
		var server *pipeEnd
		client, server = pipe()
		_ = server // never answers
		return client, nil
	}
	if _, err := Initialize(ctx, dial, offerV2); !errors.Is(err, context.DeadlineExceeded) || !client.isClosed() {
		t.Fatalf("Initialize: %v, want DeadlineExceeded and the connection closed", err)
	}
}
