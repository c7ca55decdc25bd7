package acptest

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
)

// The scenarios every version's test agent runs the same way. They use
// the names each version's files declare (scenario, scenarios, testTurn
// and its say, TestAgent, testSession), not the generated package's
// types: only one version's files are in a build.

// isScenario reports whether name is a scenario's.
func isScenario(name string) bool {
	for _, s := range scenarios {
		if s.name == name {
			return true
		}
	}
	return false
}

// clientCaps notes the client's capabilities from initialize.
func (a *TestAgent) clientCaps(caps *clientCapabilities) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.caps = caps
}

// run runs the scenario c names and returns the turn's stop reason.
func (t *testTurn) run(ctx context.Context, c command) (string, error) {
	for _, s := range scenarios {
		if s.name == c.name {
			return s.run(t, ctx, c)
		}
	}
	return t.echo(ctx, c)
}

// done returns end_turn after err is nil.
func done(err error) (string, error) {
	if err != nil {
		return "", err
	}
	return "end_turn", nil
}

func (t *testTurn) echo(ctx context.Context, c command) (string, error) {
	return done(t.say(ctx, c.rest))
}

func (t *testTurn) ext(ctx context.Context, c command) (string, error) {
	conn := t.agent.conn
	if err := conn.NotifyExtension(ctx, "_acptest/note", json.RawMessage(`{"note":"from the test agent"}`)); err != nil {
		return "", err
	}
	res, err := conn.CallExtension(ctx, "_acptest/ping", json.RawMessage(`{"ping":1}`))
	if isMethodNotFound(err) { // a client may know no extension methods
		return done(t.say(ctx, "ext: method not found"))
	}
	if err != nil {
		return "", err
	}
	return done(t.say(ctx, "ext: "+string(res)))
}

// stopReasons are the stop reasons the stop scenario takes.
var stopReasons = []string{"end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"}

func (t *testTurn) stop(ctx context.Context, c command) (string, error) {
	reason := c.arg(0, "end_turn")
	if !slices.Contains(stopReasons, reason) {
		return "", fmt.Errorf("no stop reason %q", reason)
	}
	return reason, nil
}

func (t *testTurn) wait(ctx context.Context, c command) (string, error) {
	if err := t.say(ctx, "waiting"); err != nil {
		return "", err
	}
	<-ctx.Done()
	return "cancelled", nil
}

func (t *testTurn) all(ctx context.Context, c command) (string, error) {
	for _, s := range scenarios {
		if s.name == "stop" {
			break
		}
		if !t.agent.advertised(s.name) {
			if err := t.say(ctx, "all: skipped "+s.name+", which needs a capability the client did not advertise"); err != nil {
				return "", err
			}
			continue
		}
		if _, err := s.run(t, ctx, parseCommand(s.name+" "+allArgs[s.name], isScenario)); err != nil {
			return "", fmt.Errorf("%s: %w", s.name, err)
		}
	}
	return "end_turn", nil
}

// allArgs are the arguments "all" gives the scenarios that take some.
var allArgs = map[string]string{"echo": "hello", "stream": "3", "thought": "thinking", "write": "all.txt written by all", "read": "all.txt"}

// cancelTurn cancels s's running turn, if any.
func (a *TestAgent) cancelTurn(s *testSession) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if s.cancel != nil {
		s.cancel()
	}
}
