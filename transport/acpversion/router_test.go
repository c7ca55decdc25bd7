package acpversion

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// served records which version got the connection and what it read first.
type served struct {
	version int
	first   string
}

// testRouter serves versions, each reporting its connection on the channel
// and then reading until the connection ends.
func testRouter(got chan<- served, versions ...int) *Router {
	r := &Router{}
	for _, v := range versions {
		r.Versions = append(r.Versions, Version{Protocol: v, Serve: func(t Transport) error {
			msg, err := t.ReadMessage()
			if err != nil {
				return err
			}
			got <- served{v, string(msg)}
			for {
				if _, err := t.ReadMessage(); err != nil {
					return nil
				}
			}
		}})
	}
	return r
}

// serve runs r on a new pipe and returns the client's end and Serve's result.
func serve(t *testing.T, ctx context.Context, r *Router) (*pipeEnd, <-chan error) {
	client, server := pipe()
	done := make(chan error, 1)
	go func() { done <- r.Serve(ctx, server) }()
	t.Cleanup(func() {
		_ = client.Close()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Error("Serve did not return after the client closed")
		}
	})
	return client, done
}

func initialize(id, version string) []byte {
	return []byte(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":"initialize","params":{"protocolVersion":%s,"info":{"name":"t","version":"1"}}}`, id, version))
}

// Before initialize, requests get -32600 and the router keeps waiting;
// then initialize goes, unchanged, to the version it asks for.
func TestRouterRequestBeforeInitialize(t *testing.T) {
	got := make(chan served, 1)
	client, _ := serve(t, context.Background(), testRouter(got, 1, 2))
	_ = client.WriteMessage([]byte(`{"jsonrpc":"2.0","id":7,"method":"session/new","params":{}}`))
	if a := read(t, client); !strings.Contains(a, `"id":7`) || !strings.Contains(a, `"code":-32600`) {
		t.Fatalf("answer %s, want -32600 for id 7", a)
	}
	init := initialize(`"i"`, "2")
	_ = client.WriteMessage(init)
	if s := <-got; s.version != 2 || s.first != string(init) {
		t.Fatalf("served %d with %s, want 2 with the initialize unchanged", s.version, s.first)
	}
}

// What is not a request before initialize: answered as JSON-RPC says, or
// dropped (notifications, responses).
func TestRouterEarlyMessages(t *testing.T) {
	cases := []struct {
		msg, want string // want "": dropped
	}{
		{`{"jsonrpc":"2.0","method":"session/cancel","params":{}}`, ""},
		{`{"jsonrpc":"2.0","id":3,"result":{}}`, ""},
		{`{"jsonrpc":"2.0","id":3,"error":{"code":1,"message":"x"}}`, ""},
		{`{not json`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700`},
		{`[{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}]`, `"id":null,"error":{"code":-32600`},
		{`42`, `"id":null,"error":{"code":-32600`},
		{`{"jsonrpc":"2.0"}`, `"id":null,"error":{"code":-32600`},
		{`{"jsonrpc":"2.0","id":{},"method":"initialize"}`, `"id":null,"error":{"code":-32600`},
		{`{"jsonrpc":"1.0","id":4,"method":"initialize","params":{"protocolVersion":1}}`, `"id":4,"error":{"code":-32600`},
		{`{"jsonrpc":"2.0","id":5,"method":"initialize"}`, `"id":5,"error":{"code":-32602`},
		{`{"jsonrpc":"2.0","id":5,"method":"initialize","params":{"protocolVersion":"2"}}`, `"id":5,"error":{"code":-32602`},
		{`{"jsonrpc":"2.0","id":5,"method":"initialize","params":{"protocolVersion":1.5}}`, `"id":5,"error":{"code":-32602`},
		{`{"jsonrpc":"2.0","id":5,"method":"initialize","params":{"protocolVersion":65536}}`, `"id":5,"error":{"code":-32602`},
		{`{"jsonrpc":"2.0","id":"s","method":"initialize","params":{"protocolVersion":0}}`, `"id":"s","error":{"code":-32022,"message":"Unsupported protocol version","data":{"requested":0,"supported":[1,2]}}`},
	}
	for _, c := range cases {
		got := make(chan served, 1)
		client, _ := serve(t, context.Background(), testRouter(got, 2, 1))
		_ = client.WriteMessage([]byte(c.msg))
		if c.want == "" {
			nothing(t, client)
		} else if a := read(t, client); !strings.Contains(a, c.want) {
			t.Errorf("%s: answered %s, want %s", c.msg, a, c.want)
		}
		_ = client.WriteMessage(initialize("1", "1")) // still waiting
		if s := <-got; s.version != 1 {
			t.Errorf("%s: then served %d, want 1", c.msg, s.version)
		}
	}
}

// The version served is the highest at or below the one asked for; below
// all of them, v1's rule (the agent's latest) for a router of v1 alone,
// v2's (-32022) otherwise.
func TestRouterVersionChoice(t *testing.T) {
	cases := []struct {
		served    []int
		requested int
		want      int // -1: none
	}{
		{[]int{1, 2}, 0, -1},
		{[]int{1, 2}, 1, 1},
		{[]int{1, 2}, 2, 2},
		{[]int{1, 2}, 9, 2},
		{[]int{2, 1}, 65535, 2},
		{[]int{1}, 0, 1},
		{[]int{1}, 1, 1},
		{[]int{1}, 2, 1},
		{[]int{2}, 1, -1},
		{[]int{2}, 3, 2},
		{[]int{1, 3}, 2, 1},
		{[]int{0, 1}, 0, 0},
	}
	for _, c := range cases {
		r := testRouter(nil, c.served...)
		v := r.choose(c.requested)
		if got := -1; v != nil {
			got = v.Protocol
			if got != c.want {
				t.Errorf("served %v, asked %d: chose %d, want %d", c.served, c.requested, got, c.want)
			}
		} else if c.want != -1 {
			t.Errorf("served %v, asked %d: chose none, want %d", c.served, c.requested, c.want)
		}
	}
}

// Past the limits before initialize the connection ends with
// ErrTooManyEarlyMessages.
func TestRouterLimits(t *testing.T) {
	for _, r := range []*Router{
		{MaxEarlyMessages: 3},
		{MaxEarlyBytes: 100},
	} {
		r.Versions = testRouter(nil, 1).Versions
		client, server := pipe()
		done := make(chan error, 1)
		go func() { done <- r.Serve(context.Background(), server) }()
		for range 4 {
			_ = client.WriteMessage([]byte(`{"jsonrpc":"2.0","method":"x","params":{"pad":"....................."}}`))
		}
		if a := read(t, client); !strings.Contains(a, `"id":null,"error":{"code":-32600,"message":"Invalid request: acpversion: too much sent before a valid initialize request`) {
			t.Errorf("the client was told %s", a)
		}
		select {
		case err := <-done:
			if !errors.Is(err, ErrTooManyEarlyMessages) {
				t.Errorf("Serve: %v, want ErrTooManyEarlyMessages", err)
			}
			if !server.isClosed() {
				t.Error("the transport is still open")
			}
		case <-time.After(5 * time.Second):
			t.Fatal("Serve did not end past the limit")
		}
	}
}

// The wait for initialize ends on the context, on Close of the transport,
// and on the client's end of input (nil).
func TestRouterWaitEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	client, server := pipe()
	done := make(chan error, 1)
	go func() { done <- testRouter(nil, 1).Serve(ctx, server) }()
	cancel()
	if err := wait(t, done); !errors.Is(err, context.Canceled) || !server.isClosed() {
		t.Errorf("after cancel: %v (closed %v), want context.Canceled and the transport closed", err, server.isClosed())
	}
	_ = client.Close()

	client, server = pipe()
	go func() { done <- testRouter(nil, 1).Serve(context.Background(), server) }()
	_ = server.Close()
	if err := wait(t, done); err == nil {
		t.Error("after Close: nil, want the transport's error")
	}
	_ = client.Close()

	client, server = pipe()
	go func() { done <- testRouter(nil, 1).Serve(context.Background(), server) }()
	_ = client.Close()
	if err := wait(t, done); err != nil {
		t.Errorf("after the client ended: %v, want nil", err)
	}
}

func wait(t *testing.T, done <-chan error) error {
	t.Helper()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return")
		return nil
	}
}

// A Router that cannot route says why.
func TestRouterCheck(t *testing.T) {
	ok := func(Transport) error { return nil }
	for _, r := range []*Router{
		{},
		{Versions: []Version{{Protocol: 1}}},
		{Versions: []Version{{Protocol: 1, Serve: ok}, {Protocol: 1, Serve: ok}}},
		{Versions: []Version{{Protocol: 70000, Serve: ok}}},
	} {
		client, server := pipe()
		if err := r.Serve(context.Background(), server); err == nil || !server.isClosed() {
			t.Errorf("%+v: %v, want an error and the transport closed", r.Versions, err)
		}
		_ = client.Close()
	}
}

// recording is a Transport that remembers the messages it returned.
type recording struct {
	*pipeEnd
	returned [][]byte
}

func (r *recording) ReadMessage() ([]byte, error) {
	msg, err := r.pipeEnd.ReadMessage()
	if err == nil {
		r.returned = append(r.returned, msg)
	}
	return msg, err
}

// The chosen version reads the initialize first, the very bytes the
// connection's transport returned (not a copy), then the connection's
// messages as they come; its answers reach the client.
func TestRouterReplay(t *testing.T) {
	client, server := pipe()
	rec := &recording{pipeEnd: server}
	reads := make(chan []byte, 4)
	r := &Router{Versions: []Version{{Protocol: 2, Serve: func(t Transport) error {
		for {
			msg, err := t.ReadMessage()
			if err != nil {
				return nil
			}
			reads <- msg
			_ = t.WriteMessage([]byte(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":2}}`))
		}
	}}}}
	done := make(chan error, 1)
	go func() { done <- r.Serve(context.Background(), rec) }()
	_ = client.WriteMessage([]byte(`{"jsonrpc":"2.0","method":"early"}`))
	_ = client.WriteMessage(initialize("1", "2"))
	first := <-reads
	if string(first) != string(initialize("1", "2")) || &first[0] != &rec.returned[1][0] {
		t.Fatalf("first read %s, want the initialize as the transport returned it", first)
	}
	if a := read(t, client); !strings.Contains(a, `"protocolVersion":2`) {
		t.Fatalf("client got %s", a)
	}
	_ = client.WriteMessage([]byte(`{"jsonrpc":"2.0","id":2,"method":"session/new","params":{}}`))
	if next := <-reads; !strings.Contains(string(next), `"id":2`) {
		t.Fatalf("second read %s, want the next message", next)
	}
	_ = client.Close()
	if err := wait(t, done); err != nil {
		t.Fatalf("Serve: %v", err)
	}
}
