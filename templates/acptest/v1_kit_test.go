//go:build !acptest_v2

package acptest

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// docFile is the package doc of this version, which lists the scenarios.
const docFile = "v1_doc.go"

// testPair connects a TestAgent to a RecordingClient and opens a session.
func testPair(t *testing.T) (*Pair, *RecordingClient, acp.SessionID, context.Context) {
	t.Helper()
	client := &RecordingClient{Terminal: TerminalResult{Output: "hello\n"}}
	p := NewPair(func(c *acp.AgentConn) acp.Agent { return NewTestAgent(c) }, client)
	t.Cleanup(func() { p.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	if _, err := p.Client.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion, ClientCapabilities: allCapabilities()}); err != nil {
		t.Fatal(err)
	}
	s, err := p.Client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/work", MCPServers: []acp.MCPServer{}})
	if err != nil {
		t.Fatal(err)
	}
	return p, client, s.SessionID, ctx
}

// allCapabilities are the client capabilities every scenario needs.
func allCapabilities() *acp.ClientCapabilities {
	return &acp.ClientCapabilities{
		FS:          &acp.FileSystemCapabilities{ReadTextFile: acp.Ptr(true), WriteTextFile: acp.Ptr(true)},
		Terminal:    acp.Ptr(true),
		Elicitation: &acp.ElicitationCapabilities{URL: &acp.ElicitationURLCapabilities{}},
	}
}

// prompt sends text and returns the stop reason and the update variants'
// tags that arrived during the turn.
func prompt(t *testing.T, ctx context.Context, p *Pair, c *RecordingClient, s acp.SessionID, text string) (acp.StopReason, []string, error) {
	t.Helper()
	before := len(c.Updates())
	res, err := p.Client.Prompt(ctx, &acp.PromptRequest{SessionID: s, Prompt: []acp.ContentBlock{acp.TextBlock(text)}})
	if err != nil {
		return "", nil, err
	}
	var tags []string
	for _, u := range c.Updates()[before:] {
		b, err := acp.Marshal(u.Update)
		if err != nil {
			t.Fatal(err)
		}
		_, rest, _ := strings.Cut(string(b), `"sessionUpdate":"`)
		tag, _, _ := strings.Cut(rest, `"`)
		tags = append(tags, tag)
	}
	return res.StopReason, tags, nil
}

func TestNewSessionSendsUpdatesFirst(t *testing.T) {
	_, c, _, _ := testPair(t)
	got := c.Methods()
	if !slices.Equal(got, []string{"session/update", "session/update"}) {
		t.Fatalf("calls before session/new's answer: %v", got)
	}
}

func TestScenarios(t *testing.T) {
	cases := []struct {
		text    string
		stop    acp.StopReason
		updates []string
		calls   []string
		last    string // the text of the last message chunk
	}{
		{text: "hello there", stop: "end_turn", updates: []string{"agent_message_chunk"}, last: "hello there"},
		{text: "echo hi", stop: "end_turn", updates: []string{"agent_message_chunk"}, last: "hi"},
		{text: "stream 4", stop: "end_turn", updates: slices.Repeat([]string{"agent_message_chunk"}, 4), last: "chunk 4/4\n"},
		{text: "thought hmm", stop: "end_turn", updates: []string{"agent_thought_chunk"}},
		{text: "tools", stop: "end_turn", updates: []string{"tool_call", "tool_call_update", "tool_call_update", "tool_call", "tool_call_update"}},
		{text: "permission", stop: "end_turn", updates: []string{"tool_call", "tool_call_update", "agent_message_chunk"}, calls: []string{"session/request_permission"}, last: "permission: allow-once"},
		{text: "files", stop: "end_turn", updates: []string{"agent_message_chunk"}, calls: []string{"fs/write_text_file", "fs/read_text_file"}, last: "two\n"},
		{text: "terminal", stop: "end_turn", updates: []string{"tool_call", "tool_call_update", "agent_message_chunk"},
			calls: []string{"terminal/create", "terminal/wait_for_exit", "terminal/output", "terminal/kill", "terminal/release"}, last: `terminal: "hello\n", exit code 0`},
		{text: "plan", stop: "end_turn", updates: []string{"plan", "plan"}},
		{text: "elicit", stop: "end_turn", updates: []string{"agent_message_chunk"}, calls: []string{"elicitation/create", "elicitation/complete"}, last: `elicitation: {"action":"decline"}`},
		{text: "ext", stop: "end_turn", updates: []string{"agent_message_chunk"}, calls: []string{"_acptest/note", "_acptest/ping"}, last: "ext: {}"},
		{text: "stop max_tokens", stop: "max_tokens"},
		{text: "stop refusal", stop: "refusal"},
	}
	for _, tc := range cases {
		t.Run(tc.text, func(t *testing.T) {
			p, c, s, ctx := testPair(t)
			callsBefore := len(c.Calls())
			stop, updates, err := prompt(t, ctx, p, c, s, tc.text)
			if err != nil {
				t.Fatal(err)
			}
			if stop != tc.stop || !slices.Equal(updates, tc.updates) {
				t.Errorf("stop %q, updates %v; want %q, %v", stop, updates, tc.stop, tc.updates)
			}
			var calls []string
			for _, m := range c.Methods()[callsBefore:] {
				if m != "session/update" {
					calls = append(calls, m)
				}
			}
			if !slices.Equal(calls, tc.calls) {
				t.Errorf("client calls %v, want %v", calls, tc.calls)
			}
			if tc.last != "" {
				if got := lastMessage(c.Updates()); got != tc.last {
					t.Errorf("last message %q, want %q", got, tc.last)
				}
			}
		})
	}
}

// lastMessage returns the text of the last agent message chunk.
func lastMessage(updates []*acp.SessionNotification) string {
	for i := len(updates) - 1; i >= 0; i-- {
		if m, ok := updates[i].Update.Value.(*acp.SessionUpdateAgentMessageChunk); ok {
			if text, ok := m.Content.Value.(*acp.ContentBlockText); ok {
				return text.Text
			}
		}
	}
	return ""
}

// The updates scenario sends every variant of the session update union.
func TestUpdatesScenarioSendsEveryVariant(t *testing.T) {
	p, c, s, ctx := testPair(t)
	_, tags, err := prompt(t, ctx, p, c, s, "updates")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"user_message_chunk", "agent_message_chunk", "agent_thought_chunk", "tool_call", "tool_call_update", "plan",
		"available_commands_update", "current_mode_update", "config_option_update", "session_info_update", "usage_update",
		"notice", "compaction_update", "compaction_summary_chunk"}
	for _, w := range want {
		if !slices.Contains(tags, w) {
			t.Errorf("no %s in %v", w, tags)
		}
	}
}

func TestAllScenario(t *testing.T) {
	p, c, s, ctx := testPair(t)
	stop, _, err := prompt(t, ctx, p, c, s, "all")
	if err != nil || stop != acp.StopReasonEndTurn {
		t.Fatalf("all: %q, %v", stop, err)
	}
	if got := c.Files.Files()["/work/all.txt"]; got != "written by all" {
		t.Errorf("all.txt: %q", got)
	}
}

// Without capabilities, all skips what needs them, and says so.
func TestAllSkipsWhatIsNotAdvertised(t *testing.T) {
	client := &RecordingClient{}
	p := NewPair(func(c *acp.AgentConn) acp.Agent { return NewTestAgent(c) }, client)
	defer p.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := p.Client.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion}); err != nil {
		t.Fatal(err)
	}
	s, err := p.Client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/work", MCPServers: []acp.MCPServer{}})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := prompt(t, ctx, p, client, s.SessionID, "all"); err != nil {
		t.Fatal(err)
	}
	for _, m := range client.Methods() {
		if strings.HasPrefix(m, "fs/") || strings.HasPrefix(m, "terminal/") || strings.HasPrefix(m, "elicitation/") {
			t.Errorf("all called %s, which the client did not advertise", m)
		}
	}
	var skipped int
	for _, u := range client.Updates() {
		if m, ok := u.Update.Value.(*acp.SessionUpdateAgentMessageChunk); ok {
			if text, ok := m.Content.Value.(*acp.ContentBlockText); ok && strings.HasPrefix(text.Text, "all: skipped") {
				skipped++
			}
		}
	}
	if skipped != 5 { // write, read, files, terminal, elicit
		t.Errorf("%d scenarios skipped, want 5", skipped)
	}
}

func TestWaitScenarioEndsOnCancel(t *testing.T) {
	p, c, s, ctx := testPair(t)
	done := make(chan acp.StopReason, 1)
	go func() {
		stop, _, err := prompt(t, ctx, p, c, s, "wait")
		if err != nil {
			t.Error(err)
		}
		done <- stop
	}()
	if _, err := c.WaitUpdates(ctx, 3); err != nil {
		t.Fatal(err)
	}
	if err := p.Client.SessionCancel(ctx, &acp.CancelNotification{SessionID: s}); err != nil {
		t.Fatal(err)
	}
	select {
	case stop := <-done:
		if stop != acp.StopReasonCancelled {
			t.Errorf("stop reason %q", stop)
		}
	case <-ctx.Done():
		t.Fatal("the wait scenario did not end on session/cancel")
	}
}

func TestFailScenario(t *testing.T) {
	p, c, s, ctx := testPair(t)
	_, _, err := prompt(t, ctx, p, c, s, "fail boom")
	var rpcErr *acp.Error
	if !errors.As(err, &rpcErr) || rpcErr.Message != "boom" {
		t.Fatalf("err %v", err)
	}
}

// Every stable method of the agent side answers.
func TestSessionMethods(t *testing.T) {
	p, c, s, ctx := testPair(t)
	if _, err := p.Client.Authenticate(ctx, &acp.AuthenticateRequest{MethodID: "test-login"}); err != nil {
		t.Error(err)
	}
	if _, err := p.Client.SetSessionMode(ctx, &acp.SetSessionModeRequest{SessionID: s, ModeID: "code"}); err != nil {
		t.Error(err)
	}
	res, err := p.Client.SetSessionConfigOption(ctx, &acp.SetSessionConfigOptionRequest{SessionID: s, ConfigID: "effort",
		Union: acp.NewSetSessionConfigOptionRequestValueID(acp.SetSessionConfigOptionRequestValueID{Value: "high"})})
	if err != nil || len(res.ConfigOptions) != 1 {
		t.Errorf("set config option: %+v, %v", res, err)
	}
	if _, _, err := prompt(t, ctx, p, c, s, "echo remember me"); err != nil {
		t.Fatal(err)
	}
	before := len(c.Updates())
	if _, err := p.Client.LoadSession(ctx, &acp.LoadSessionRequest{SessionID: s, Cwd: "/work", MCPServers: []acp.MCPServer{}}); err != nil {
		t.Fatal(err)
	}
	if replayed := len(c.Updates()) - before; replayed != 2 {
		t.Errorf("session/load replayed %d updates, want 2", replayed)
	}
	list, err := p.Client.ListSessions(ctx, &acp.ListSessionsRequest{})
	if err != nil || len(list.Sessions) != 1 {
		t.Errorf("list: %+v, %v", list, err)
	}
	if _, err := p.Client.ResumeSession(ctx, &acp.ResumeSessionRequest{SessionID: s, Cwd: "/work"}); err != nil {
		t.Error(err)
	}
	if _, err := p.Client.CloseSession(ctx, &acp.CloseSessionRequest{SessionID: s}); err != nil {
		t.Error(err)
	}
	if _, err := p.Client.DeleteSession(ctx, &acp.DeleteSessionRequest{SessionID: s}); err != nil {
		t.Error(err)
	}
	if _, err := p.Client.Logout(ctx, &acp.LogoutRequest{}); err != nil {
		t.Error(err)
	}
	if _, err := p.Client.Prompt(ctx, &acp.PromptRequest{SessionID: s, Prompt: []acp.ContentBlock{acp.TextBlock("hi")}}); err == nil {
		t.Error("a prompt of a deleted session succeeded")
	}
}
