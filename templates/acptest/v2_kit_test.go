//go:build acptest_v2

package acptest

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// docFile is the package doc of this version, which lists the scenarios.
const docFile = "v2_doc.go"

// testPair connects a TestAgent to a RecordingClient and opens a session.
func testPair(t *testing.T) (*Pair, *RecordingClient, acp.SessionID, context.Context) {
	t.Helper()
	client := &RecordingClient{}
	p := NewPair(func(c *acp.AgentConn) acp.Agent { return NewTestAgent(c) }, client)
	t.Cleanup(func() { p.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	if _, err := p.Client.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion, Info: acp.Implementation{Name: "test", Version: "1"},
		Capabilities: &acp.ClientCapabilities{Elicitation: &acp.ElicitationCapabilities{URL: &acp.ElicitationURLCapabilities{}}}}); err != nil {
		t.Fatal(err)
	}
	s, err := p.Client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/work"})
	if err != nil {
		t.Fatal(err)
	}
	return p, client, s.SessionID, ctx
}

// wireUpdate is what a test reads of an update.
type wireUpdate struct {
	SessionUpdate string          `json:"sessionUpdate"`
	State         string          `json:"state"`
	StopReason    string          `json:"stopReason"`
	Content       json.RawMessage `json:"content"`
	Text          string          `json:"-"` // a chunk's text
}

// read returns u's tag, state, stop reason and text.
func read(t *testing.T, u *acp.UpdateSessionNotification) wireUpdate {
	b, err := acp.Marshal(u.Update)
	if err != nil {
		t.Fatal(err)
	}
	var w wireUpdate
	if err := json.Unmarshal(b, &w); err != nil {
		t.Fatal(err)
	}
	var text struct{ Text string }
	if json.Unmarshal(w.Content, &text) == nil {
		w.Text = text.Text
	}
	return w
}

// turn sends text and returns the turn's stop reason, the tags of its
// updates between the running and the idle state, and its last message.
func turn(t *testing.T, ctx context.Context, p *Pair, c *RecordingClient, s acp.SessionID, text string) (string, []string, string) {
	t.Helper()
	before := len(c.Updates())
	if _, err := p.Client.Prompt(ctx, &acp.PromptRequest{SessionID: s, Prompt: []acp.ContentBlock{acp.TextBlock(text)}}); err != nil {
		t.Fatal(err)
	}
	var tags []string
	var last string
	for n := before + 1; ; n++ {
		updates, err := c.WaitUpdates(ctx, n)
		if err != nil {
			t.Fatalf("no idle state: %v", err)
		}
		w := read(t, updates[n-1])
		switch {
		case w.SessionUpdate == "state_update" && w.State == "idle":
			return w.StopReason, tags, last
		case w.SessionUpdate == "state_update" || w.SessionUpdate == "user_message" && len(tags) == 0:
		default:
			tags = append(tags, w.SessionUpdate)
		}
		if w.SessionUpdate == "agent_message_chunk" {
			last = w.Text
		}
	}
}

func TestScenarios(t *testing.T) {
	cases := []struct {
		text, stop string
		updates    []string
		calls      []string
		last       string
	}{
		{text: "hello there", stop: "end_turn", updates: []string{"agent_message_chunk"}, last: "hello there"},
		{text: "stream 4", stop: "end_turn", updates: slices.Repeat([]string{"agent_message_chunk"}, 4), last: "chunk 4/4\n"},
		{text: "thought hmm", stop: "end_turn", updates: []string{"agent_thought_chunk"}},
		{text: "tools", stop: "end_turn", updates: []string{"tool_call_update", "tool_call_update", "tool_call_content_chunk", "tool_call_update", "tool_call_update", "tool_call_update"}},
		{text: "permission", stop: "end_turn", updates: []string{"tool_call_update", "tool_call_update", "agent_message_chunk"}, calls: []string{"session/request_permission"}, last: "permission: allow-once"},
		{text: "terminal", stop: "end_turn", updates: []string{"terminal_update", "tool_call_update", "terminal_output_chunk", "terminal_update", "tool_call_update"}},
		{text: "plan", stop: "end_turn", updates: []string{"plan_update", "plan_update"}},
		{text: "elicit", stop: "end_turn", updates: []string{"agent_message_chunk"}, calls: []string{"elicitation/create", "elicitation/complete"}, last: `elicitation: {"action":"decline"}`},
		{text: "ext", stop: "end_turn", updates: []string{"agent_message_chunk"}, calls: []string{"_acptest/note", "_acptest/ping"}, last: "ext: {}"},
		{text: "stop refusal", stop: "refusal"},
		{text: "fail boom", stop: "error"},
		{text: "all", stop: "end_turn"},
	}
	for _, tc := range cases {
		t.Run(tc.text, func(t *testing.T) {
			p, c, s, ctx := testPair(t)
			callsBefore := len(c.Calls())
			stop, updates, last := turn(t, ctx, p, c, s, tc.text)
			if stop != tc.stop || (tc.text != "all" && !slices.Equal(updates, tc.updates)) {
				t.Errorf("stop %q, updates %v; want %q, %v", stop, updates, tc.stop, tc.updates)
			}
			var calls []string
			for _, m := range c.Methods()[callsBefore:] {
				if m != "session/update" {
					calls = append(calls, m)
				}
			}
			if tc.text != "all" && !slices.Equal(calls, tc.calls) {
				t.Errorf("client calls %v, want %v", calls, tc.calls)
			}
			if tc.last != "" && last != tc.last {
				t.Errorf("last message %q, want %q", last, tc.last)
			}
		})
	}
}

// The updates scenario sends every variant of the session update union.
func TestUpdatesScenarioSendsEveryVariant(t *testing.T) {
	p, c, s, ctx := testPair(t)
	_, tags, _ := turn(t, ctx, p, c, s, "updates")
	want := []string{"user_message_chunk", "user_message", "agent_message_chunk", "agent_message", "agent_thought_chunk", "agent_thought",
		"tool_call_content_chunk", "tool_call_update", "terminal_update", "terminal_output_chunk", "plan_update",
		"available_commands_update", "config_option_update", "session_info_update", "usage_update", "notice", "compaction_update", "compaction_summary_chunk"}
	for _, w := range want {
		if !slices.Contains(tags, w) {
			t.Errorf("no %s in %v", w, tags)
		}
	}
}

func TestWaitScenarioEndsOnCancel(t *testing.T) {
	p, c, s, ctx := testPair(t)
	done := make(chan string, 1)
	go func() {
		stop, _, _ := turn(t, ctx, p, c, s, "wait")
		done <- stop
	}()
	// The early updates (2), the user message, running, "waiting".
	if _, err := c.WaitUpdates(ctx, 5); err != nil {
		t.Fatal(err)
	}
	if err := p.Client.SessionCancel(ctx, &acp.CancelSessionNotification{SessionID: s}); err != nil {
		t.Fatal(err)
	}
	select {
	case stop := <-done:
		if stop != "cancelled" {
			t.Errorf("stop reason %q", stop)
		}
	case <-ctx.Done():
		t.Fatal("the wait scenario did not end on session/cancel")
	}
}

// Every stable method of the agent side answers.
func TestSessionMethods(t *testing.T) {
	p, _, s, ctx := testPair(t)
	if _, err := p.Client.LoginAuth(ctx, &acp.LoginAuthRequest{MethodID: "test-login"}); err != nil {
		t.Error(err)
	}
	var set acp.SetSessionConfigOptionRequest
	if err := json.Unmarshal([]byte(`{"sessionId":"`+string(s)+`","configId":"effort","type":"id","value":"high"}`), &set); err != nil {
		t.Fatal(err)
	}
	if res, err := p.Client.SetSessionConfigOption(ctx, &set); err != nil || len(res.ConfigOptions) != 1 {
		t.Errorf("set config option: %+v, %v", res, err)
	}
	if list, err := p.Client.ListSessions(ctx, &acp.ListSessionsRequest{}); err != nil || len(list.Sessions) != 1 {
		t.Errorf("list: %+v, %v", list, err)
	}
	if _, err := p.Client.ResumeSession(ctx, &acp.ResumeSessionRequest{SessionID: s, Cwd: "/work"}); err != nil {
		t.Error(err)
	}
	if _, err := p.Client.CancelToolCall(ctx, &acp.CancelToolCallRequest{SessionID: s, ToolCallID: "tool-1"}); err != nil {
		t.Error(err)
	}
	if _, err := p.Client.CancelTerminal(ctx, &acp.CancelTerminalRequest{SessionID: s, TerminalID: "term-1"}); err != nil {
		t.Error(err)
	}
	if _, err := p.Client.CloseSession(ctx, &acp.CloseSessionRequest{SessionID: s}); err != nil {
		t.Error(err)
	}
	if _, err := p.Client.DeleteSession(ctx, &acp.DeleteSessionRequest{SessionID: s}); err != nil {
		t.Error(err)
	}
	if _, err := p.Client.LogoutAuth(ctx, &acp.LogoutAuthRequest{}); err != nil {
		t.Error(err)
	}
}

// The recording agent records every call and answers by default.
func TestRecordingAgent(t *testing.T) {
	agent := &RecordingAgent{}
	p := NewPair(func(*acp.AgentConn) acp.Agent { return agent }, &RecordingClient{})
	defer p.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := p.Client.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion, Info: acp.Implementation{Name: "t", Version: "1"}}); err != nil {
		t.Fatal(err)
	}
	res, err := p.Client.Prompt(ctx, &acp.PromptRequest{SessionID: "s", Prompt: []acp.ContentBlock{acp.TextBlock("hi")}})
	if err != nil || res.MessageID != "message-1" {
		t.Fatalf("prompt: %+v, %v", res, err)
	}
	if got := agent.Methods(); !slices.Equal(got, []string{"initialize", "session/prompt"}) {
		t.Errorf("calls %v", got)
	}
}
