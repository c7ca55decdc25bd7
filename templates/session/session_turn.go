package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"strings"
	"sync"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// ErrTurnReplaced ends the Updates of a turn when a later Prompt of its
// session took over the session's updates.
var ErrTurnReplaced = errors.New("session: a later prompt took over the session's updates")

// Turn is one prompt turn: the updates of its session while it runs, the
// agent's text so far, its end and its cancellation.
//
// Every update is folded into the session's State as it arrives, on the
// connection's reader; the turn also keeps it for Updates, up to the
// client's turn buffer. A consumer that stops reading never blocks the
// reader: past the buffer, the turn drops the newest updates from its
// stream (not from the State), counts them (Dropped) and reports the first
// to the Client's error hook.
type Turn struct {
	s      *Session
	cancel chan struct{}
	once   sync.Once // closes cancel
	wake   chan struct{}
	done   chan struct{}
	bound  int

	mu       sync.Mutex
	queue    []acp.SessionUpdate
	dropped  int
	text     strings.Builder
	accepted bool // the prompt's response arrived
	running  bool // a state update reported work during the turn
	finished bool
	resp     *acp.PromptResponse
	stop     string
	err      error
}

// lifecycle reports whether the protocol ends a turn with a state update
// (ACP v2: the prompt's response only says the prompt was accepted) rather
// than with the prompt's response (ACP v1).
func lifecycle() bool {
	for _, row := range folds {
		if row.op == foldState {
			return true
		}
	}
	return false
}

// Prompt sends the blocks as a prompt of the session (session/prompt) and
// returns its turn at once; the request runs until the turn ends, ctx is
// done (which abandons the call) or the connection ends. From then on the
// session's updates reach this turn.
func (s *Session) Prompt(ctx context.Context, blocks ...acp.ContentBlock) *Turn {
	t := &Turn{
		s: s, cancel: make(chan struct{}), wake: make(chan struct{}, 1), done: make(chan struct{}),
		bound: s.client.turnBuf,
	}
	if old := s.turn.Swap(t); old != nil {
		old.finish(nil, "", ErrTurnReplaced)
	}
	go t.run(ctx, &acp.PromptRequest{SessionID: s.id, Prompt: blocks})
	return t
}

// run sends the prompt and waits for the turn's end.
func (t *Turn) run(ctx context.Context, params *acp.PromptRequest) {
	conn := t.s.client.conn
	resp, err := conn.PromptCancellable(ctx, params, t.cancel)
	if err != nil || !lifecycle() {
		t.finish(resp, stopReason(resp), err)
		return
	}
	t.mu.Lock()
	t.accepted, t.resp = true, resp
	t.mu.Unlock()
	select {
	case <-t.done:
	case <-ctx.Done():
		t.finish(resp, "", ctx.Err())
	case <-conn.Done():
		t.finish(resp, "", fmt.Errorf("session: the connection ended before the turn did: %w", conn.Wait()))
	}
}

// stopReason reads the response's stopReason member (ACP v1), "" without.
func stopReason(resp *acp.PromptResponse) string {
	if resp == nil {
		return ""
	}
	data, err := acp.Marshal(resp)
	if err != nil {
		return ""
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil {
		return ""
	}
	return memberString(m, "stopReason")
}

// add takes one update of the session, already folded.
func (t *Turn) add(u acp.SessionUpdate, f folded) {
	t.mu.Lock()
	if t.finished {
		t.mu.Unlock()
		return
	}
	if f.tag == "agent_message_chunk" {
		if _, c, ok := chunkOf(u.Value); ok {
			if txt, ok := c.Value.(*acp.ContentBlockText); ok && txt != nil {
				t.text.WriteString(txt.Text)
			}
		}
	}
	first := false
	if len(t.queue) < t.bound {
		t.queue = append(t.queue, u)
	} else {
		t.dropped++
		first = t.dropped == 1
	}
	end := false
	switch f.activity {
	case "":
	case "idle":
		end = t.accepted || t.running
	default:
		t.running = true
	}
	t.mu.Unlock()
	t.signal()
	if first {
		t.s.client.report(fmt.Errorf("session %q: the turn's consumer is not reading: updates past %d are dropped from its stream (the state keeps them)", t.s.id, t.bound))
	}
	if end {
		t.finish(nil, f.stop, nil)
	}
}

func (t *Turn) signal() {
	select {
	case t.wake <- struct{}{}:
	default:
	}
}

// finish ends the turn once: resp and err are the prompt's, stop its stop
// reason.
func (t *Turn) finish(resp *acp.PromptResponse, stop string, err error) {
	t.mu.Lock()
	if t.finished {
		t.mu.Unlock()
		return
	}
	t.finished = true
	if resp != nil {
		t.resp = resp
	}
	t.stop, t.err = stop, err
	t.mu.Unlock()
	t.s.turn.CompareAndSwap(t, nil)
	close(t.done)
	t.signal()
}

// Updates returns the turn's updates in arrival order, from the first the
// consumer has not read; it ends once the turn has ended and every update
// kept has been read. An update dropped past the buffer is not in it (see
// Turn); the session's State has them all. Only one consumer should range
// over it at a time.
func (t *Turn) Updates() iter.Seq[acp.SessionUpdate] {
	return func(yield func(acp.SessionUpdate) bool) {
		for {
			t.mu.Lock()
			if len(t.queue) > 0 {
				u := t.queue[0]
				t.queue[0] = acp.SessionUpdate{}
				t.queue = t.queue[1:]
				if len(t.queue) == 0 {
					t.queue = nil
				}
				t.mu.Unlock()
				if !yield(u) {
					return
				}
				continue
			}
			finished := t.finished
			t.mu.Unlock()
			if finished {
				return
			}
			<-t.wake
		}
	}
}

// Text is the text of the agent's message chunks of this turn so far.
func (t *Turn) Text() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.text.String()
}

// Dropped is how many updates the stream dropped because its consumer did
// not read them in time.
func (t *Turn) Dropped() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.dropped
}

// Done is closed when the turn has ended.
func (t *Turn) Done() <-chan struct{} { return t.done }

// Wait waits for the end of the turn and returns its stop reason ("end_turn",
// "cancelled", …): the prompt response's (ACP v1) or that of the idle state
// update that ended it (ACP v2). It returns ctx's error if ctx ends first;
// the turn goes on.
func (t *Turn) Wait(ctx context.Context) (string, error) {
	select {
	case <-t.done:
	case <-ctx.Done():
		return "", ctx.Err()
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.stop, t.err
}

// Response is the prompt's response, nil before it arrived.
func (t *Turn) Response() *acp.PromptResponse {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.resp
}

// Cancel cancels the turn the ACP way: it sends session/cancel for the
// session and waits for the turn to end as the agent ends it, returning
// the prompt's own stop reason ("cancelled" from an agent that honours it).
func (t *Turn) Cancel(ctx context.Context) (string, error) {
	t.once.Do(func() {
		close(t.cancel)
		t.mu.Lock()
		accepted := t.accepted
		t.mu.Unlock()
		if accepted { // the prompt's request is over: cancel the session's work
			if err := sendCancel(ctx, t.s.client.conn, t.s.id); err != nil {
				t.s.client.report(fmt.Errorf("session %q: cancel: %w", t.s.id, err))
			}
		}
	})
	return t.Wait(ctx)
}
