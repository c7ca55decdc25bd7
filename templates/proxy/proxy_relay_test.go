//go:build unstable_proxy_chains || unstable

package proxy

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"
)

// watcher records the methods it sees and lets rewriter act on them.
type watcher struct {
	rewriter
	mu   sync.Mutex
	seen []string
}

func (w *watcher) saw(m Message) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.seen = append(w.seen, m.Direction.String()+" "+m.Method)
}

func (w *watcher) Request(ctx context.Context, m Message, next Forward) (json.RawMessage, error) {
	w.saw(m)
	return w.rewriter.Request(ctx, m, next)
}

func (w *watcher) Notification(ctx context.Context, m Message, next Send) error {
	w.saw(m)
	return w.rewriter.Notification(ctx, m, next)
}

// TestOnlyHandsOverItsMethods: with Only, the Handler sees initialize and
// the methods it names, either way; everything else passes unchanged
// without it, wrapped towards the agent and unwrapped towards the client.
func TestOnlyHandsOverItsMethods(t *testing.T) {
	w := &watcher{}
	c := startProxy(t, Only(w, "_ping", "_hello"), Limits{})
	c.send(`{"jsonrpc":"2.0","id":1,"method":"proxy/initialize","params":{}}`)
	c.expect(`{"jsonrpc":"2.0","id":1,"method":"proxy/successor","params":{"method":"initialize","params":{}}}`)
	c.send(`{"jsonrpc":"2.0","id":1,"result":{}}`)
	c.expect(`{"jsonrpc":"2.0","id":1,"result":{}}`)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"_ping"}`)
	c.expect(`{"jsonrpc":"2.0","id":2,"result":"pong"}`)
	c.send(`{"jsonrpc":"2.0","method":"_noise","params":{"kept":1}}`) // not watched: passes
	c.expect(`{"jsonrpc":"2.0","method":"proxy/successor","params":{"method":"_noise","params":{"kept":1}}}`)
	c.send(`{"jsonrpc":"2.0","method":"proxy/successor","params":{"params":{},"method":"_hello"}}`)
	c.expect(`{"jsonrpc":"2.0","method":"_hello","params":{"rewritten":true}}`)
	c.send(`{"jsonrpc":"2.0","id":"x","method":"proxy/successor","params":{"params":[1],"method":"fs/read_text_file","_meta":{}}}`)
	c.expect(`{"jsonrpc":"2.0","id":2,"method":"fs/read_text_file","params":[1]}`)
	c.send(`{"jsonrpc":"2.0","id":2,"result":"text"}`)
	c.expect(`{"jsonrpc":"2.0","id":"x","result":"text"}`)
	w.mu.Lock()
	defer w.mu.Unlock()
	want := []string{"to agent initialize", "to agent _ping", "to client _hello"}
	if len(w.seen) != len(want) {
		t.Fatalf("handler saw %q, want %q", w.seen, want)
	}
	for i := range want {
		if w.seen[i] != want[i] {
			t.Fatalf("handler saw %q, want %q", w.seen, want)
		}
	}
}

// TestRelayLeavesOddEnvelopesToTheHandler: an envelope the relay does
// not read plainly (a method with escapes, a member twice, no method)
// takes the Handler's path, which forwards or refuses it as before.
func TestRelayLeavesOddEnvelopesToTheHandler(t *testing.T) {
	c := startProxy(t, nil, Limits{})
	c.send(`{"jsonrpc":"2.0","method":"proxy/successor","params":{"method":"session\/update","params":{}}}`)
	c.expect(`{"jsonrpc":"2.0","method":"session/update","params":{}}`)
	c.send(`{"jsonrpc":"2.0","id":3,"method":"proxy/successor","params":{"method":"a","method":"b"}}`)
	c.expectPart(`"id":3,"error":{"code":-32602`)
	c.send(`{"jsonrpc":"2.0","id":4,"method":"proxy/successor","params":{"params":{}}}`)
	c.expectPart(`"id":4,"error":{"code":-32602`)
	c.send(`{"jsonrpc":"2.0","id":5,"method":"proxy/successor","params":{"method":""}}`)
	c.expectPart(`"id":5,"error":{"code":-32603`)
	c.send(`{"jsonrpc":"2.0","id":6,"method":"proxy/successor","params":{"method":"x","_meta":{},"_meta":{}}}`)
	c.expectPart(`"id":6,"error":{"code":-32602`)
}

// TestOnlySeesInitializeFromEitherSide: initialize reaches Only's
// Handler even in an envelope from the successor.
func TestOnlySeesInitializeFromEitherSide(t *testing.T) {
	w := &watcher{}
	c := startProxy(t, Only(w), Limits{})
	c.send(`{"jsonrpc":"2.0","id":1,"method":"proxy/successor","params":{"method":"initialize","params":{}}}`)
	c.expect(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`)
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.seen) != 1 || w.seen[0] != "to client initialize" {
		t.Fatalf("handler saw %q", w.seen)
	}
}

// TestPolicyOf: only Pass itself and Only's Handler have messages
// relayed; a Handler that embeds Pass sees everything.
func TestPolicyOf(t *testing.T) {
	if p := policyOf(Pass{}); !p.relays("x") {
		t.Error("Pass: x not relayed")
	}
	if p := policyOf(seesAll{}); p.relays("x") {
		t.Error("a Handler embedding Pass: x relayed")
	}
	p := policyOf(Only(seesAll{}, "a"))
	if p.relays("a") || !p.relays("b") || p.relaysName([]byte("a")) || !p.relaysName([]byte("b")) {
		t.Error("Only(h, a): wrong policy")
	}
}

// slowWatch takes its time before passing on the requests it sees, and
// holds session/request_permission until asked, as a Handler asking its
// user would.
type slowWatch struct {
	Pass
	user chan struct{}
}

func (s slowWatch) Request(ctx context.Context, m Message, next Forward) (json.RawMessage, error) {
	if m.Method == "session/request_permission" {
		select {
		case <-s.user:
		case <-ctx.Done():
		}
		return json.RawMessage(`{"outcome":{"outcome":"cancelled"}}`), nil
	}
	time.Sleep(30 * time.Millisecond)
	return next(ctx, m)
}

// TestOrderAfterWatchedRequest: a message that arrives after a request
// the Handler sees goes out after the Handler has passed the request on,
// relayed or handled: a cancel never overtakes its prompt, nor an
// agent's update its request.
func TestOrderAfterWatchedRequest(t *testing.T) {
	for name, h := range map[string]Handler{
		"relayed": Only(slowWatch{}, "session/prompt", "fs/read_text_file"),
		"handled": slowWatch{},
	} {
		t.Run(name, func(t *testing.T) {
			c := startProxy(t, h, Limits{})
			c.send(`{"jsonrpc":"2.0","id":1,"method":"session/prompt","params":{"sessionId":"s"}}`)
			c.send(`{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s"}}`)
			c.expect(`{"jsonrpc":"2.0","id":1,"method":"proxy/successor","params":{"method":"session/prompt","params":{"sessionId":"s"}}}`)
			c.expect(`{"jsonrpc":"2.0","method":"proxy/successor","params":{"method":"session/cancel","params":{"sessionId":"s"}}}`)

			c.send(`{"jsonrpc":"2.0","id":7,"method":"proxy/successor","params":{"method":"fs/read_text_file","params":{"path":"/a"}}}`)
			c.send(`{"jsonrpc":"2.0","method":"proxy/successor","params":{"method":"session/update","params":{"n":1}}}`)
			c.expect(`{"jsonrpc":"2.0","id":2,"method":"fs/read_text_file","params":{"path":"/a"}}`)
			c.expect(`{"jsonrpc":"2.0","method":"session/update","params":{"n":1}}`)
		})
	}
}

// TestSidesDoNotWaitForEachOther: while the Handler holds the agent's
// permission request (asking its user, sending nothing), the agent's
// later messages wait for it and the client's pass.
func TestSidesDoNotWaitForEachOther(t *testing.T) {
	for name, h := range map[string]func(slowWatch) Handler{
		"relayed": func(s slowWatch) Handler { return Only(s, "session/request_permission") },
		"handled": func(s slowWatch) Handler { return s },
	} {
		t.Run(name, func(t *testing.T) {
			user := make(chan struct{})
			c := startProxy(t, h(slowWatch{user: user}), Limits{})
			c.send(`{"jsonrpc":"2.0","id":"p","method":"proxy/successor","params":{"method":"session/request_permission","params":{}}}`)
			c.send(`{"jsonrpc":"2.0","method":"proxy/successor","params":{"method":"session/update","params":{"n":2}}}`)
			c.send(`{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s"}}`)
			c.expect(`{"jsonrpc":"2.0","method":"proxy/successor","params":{"method":"session/cancel","params":{"sessionId":"s"}}}`)
			select {
			case line := <-c.lines:
				t.Fatalf("%s while the Handler still held the agent's request", line)
			case <-time.After(50 * time.Millisecond):
			}
			close(user)
			c.expect(`{"jsonrpc":"2.0","id":"p","result":{"outcome":{"outcome":"cancelled"}}}`)
			c.expect(`{"jsonrpc":"2.0","method":"session/update","params":{"n":2}}`)
		})
	}
}

// countsAtOnce counts the notifications it is handed at once.
type countsAtOnce struct {
	Pass
	mu        sync.Mutex
	now, most int
}

func (h *countsAtOnce) Notification(ctx context.Context, m Message, next Send) error {
	h.mu.Lock()
	h.now++
	h.most = max(h.most, h.now)
	h.mu.Unlock()
	time.Sleep(2 * time.Millisecond)
	h.mu.Lock()
	h.now--
	h.mu.Unlock()
	return next(ctx, m)
}

// TestNotificationsOneAtATime: the two sides come in lanes of their own,
// but the Handler is handed their notifications one at a time, as
// Handler promises.
func TestNotificationsOneAtATime(t *testing.T) {
	h := &countsAtOnce{}
	c := startProxy(t, h, Limits{})
	for i := range 10 {
		c.send(`{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s"}}`)
		c.send(`{"jsonrpc":"2.0","method":"proxy/successor","params":{"method":"session/update","params":{"n":` + string(rune('0'+i)) + `}}}`)
	}
	for range 20 {
		c.expectPart(`"session/`)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.most != 1 {
		t.Fatalf("%d notifications handed over at once", h.most)
	}
}

// TestRelayedAnswersKeepOrder: relayed, an agent's answer reaches the
// client before the update the agent sent right after it, and a client's
// answer waits behind a prompt the Handler still holds, so the cancel
// after it still comes after the prompt (docs/proxy-chains.md: on a
// Handler's path neither is kept yet).
func TestRelayedAnswersKeepOrder(t *testing.T) {
	c := startProxy(t, Only(slowWatch{}, "session/prompt"), Limits{})
	c.send(`{"jsonrpc":"2.0","id":5,"method":"session/new","params":{}}`)
	c.expect(`{"jsonrpc":"2.0","id":1,"method":"proxy/successor","params":{"method":"session/new","params":{}}}`)
	c.send(`{"jsonrpc":"2.0","id":1,"result":{"sessionId":"s"}}` + "\n" +
		`{"jsonrpc":"2.0","method":"proxy/successor","params":{"method":"session/update","params":{"sessionId":"s"}}}`)
	c.expect(`{"jsonrpc":"2.0","id":5,"result":{"sessionId":"s"}}`)
	c.expect(`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s"}}`)

	c.send(`{"jsonrpc":"2.0","id":"p","method":"proxy/successor","params":{"method":"session/request_permission","params":{}}}`)
	c.expect(`{"jsonrpc":"2.0","id":2,"method":"session/request_permission","params":{}}`)
	c.send(`{"jsonrpc":"2.0","id":9,"method":"session/prompt","params":{"sessionId":"s"}}` + "\n" +
		`{"jsonrpc":"2.0","id":2,"result":{"outcome":"ok"}}` + "\n" +
		`{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s"}}`)
	c.expect(`{"jsonrpc":"2.0","id":3,"method":"proxy/successor","params":{"method":"session/prompt","params":{"sessionId":"s"}}}`)
	c.expect(`{"jsonrpc":"2.0","id":"p","result":{"outcome":"ok"}}`)
	c.expect(`{"jsonrpc":"2.0","method":"proxy/successor","params":{"method":"session/cancel","params":{"sessionId":"s"}}}`)
}
