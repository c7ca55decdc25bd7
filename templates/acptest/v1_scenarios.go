//go:build !acptest_v2

package acptest

import (
	"context"
	"encoding/json"
	"fmt"
	"path"
	"strings"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// scenario is one command of the test agent: what it does for a turn and
// the line that describes it (the package doc's list, and the available
// commands the agent sends).
type scenario struct {
	name, hint, about string
	run               func(t *testTurn, ctx context.Context, c command) (string, error)
}

// scenarios are the test agent's commands, in the order "all" runs those
// it runs.
var scenarios []scenario

func init() {
	scenarios = []scenario{
		{"echo", "TEXT", "answers TEXT as one message chunk (what any text naming no scenario does)", (*testTurn).echo},
		{"stream", "N", "answers N message chunks, \"chunk 1/N\" and on (at most MaxChunks)", (*testTurn).stream},
		{"thought", "TEXT", "sends TEXT as a thought chunk", (*testTurn).thought},
		{"tools", "", "runs a tool call through pending, in_progress and completed, and one to failed", (*testTurn).tools},
		{"permission", "", "asks permission for a tool call and says which option the client chose", (*testTurn).permission},
		{"write", "PATH TEXT", "writes TEXT to PATH (relative to the session's cwd) with fs/write_text_file", (*testTurn).write},
		{"read", "PATH [LINE [LIMIT]]", "reads PATH with fs/read_text_file and answers its content", (*testTurn).read},
		{"files", "", "writes notes.txt, reads its second line back and answers it", (*testTurn).files},
		{"terminal", "[COMMAND ARGS]", "runs COMMAND (default echo hello) in a client terminal: create, wait_for_exit, output, kill, release", (*testTurn).terminal},
		{"plan", "", "sends a plan of three entries, then the same plan with each one's progress", (*testTurn).plan},
		{"updates", "", "sends every session update variant once", (*testTurn).updates},
		{"elicit", "", "asks the client for input with elicitation/create (URL mode), then sends elicitation/complete", (*testTurn).elicit},
		{"ext", "", "sends the extension notification _acptest/note and the request _acptest/ping", (*testTurn).ext},
		{"stop", "REASON", "ends the turn with the stop reason REASON (end_turn, max_tokens, max_turn_requests, refusal, cancelled)", (*testTurn).stop},
		{"wait", "", "sends \"waiting\" and waits for session/cancel: the turn ends cancelled", (*testTurn).wait},
		{"fail", "[MESSAGE]", "fails the prompt with a JSON-RPC internal error carrying MESSAGE", (*testTurn).fail},
		{"all", "", "runs every scenario from echo to ext, in this order", (*testTurn).all},
	}
}

// testCommands lists the scenarios as available commands.
func testCommands() []acp.AvailableCommand {
	out := make([]acp.AvailableCommand, len(scenarios))
	for i, s := range scenarios {
		out[i] = acp.AvailableCommand{Name: s.name, Description: s.about}
		if s.hint != "" {
			out[i].Input = &acp.AvailableCommandInput{Value: &acp.AvailableCommandInputUnstructured{Hint: s.hint}}
		}
	}
	return out
}

// testTurn is one prompt of the test agent.
type testTurn struct {
	agent   *TestAgent
	session acp.SessionID
	send    acp.SessionSender
	kept    []acp.SessionUpdate // what session/load replays
	toolIDs int                 // tool call ids given out
}

// keep notes an update for session/load's replay.
func (t *testTurn) keep(u acp.SessionUpdate) { t.kept = append(t.kept, u) }

// say sends text as a message chunk, kept for session/load.
func (t *testTurn) say(ctx context.Context, text string) error {
	u := acp.AgentMessageChunk(text)
	t.keep(u)
	return t.send.Update(ctx, u)
}

func (t *testTurn) stream(ctx context.Context, c command) (string, error) {
	n := c.count(0, 3, MaxChunks)
	for i := 1; i <= n; i++ {
		if err := t.say(ctx, fmt.Sprintf("chunk %d/%d\n", i, n)); err != nil {
			return "", err
		}
	}
	return "end_turn", nil
}

func (t *testTurn) thought(ctx context.Context, c command) (string, error) {
	return done(t.send.Thought(ctx, c.rest))
}

// toolID returns a new tool call id of this turn.
func (t *testTurn) toolID() acp.ToolCallID {
	t.toolIDs++
	return acp.ToolCallID(fmt.Sprintf("tool-%d", t.toolIDs))
}

func (t *testTurn) tools(ctx context.Context, c command) (string, error) {
	file := path.Join(t.cwd(), "main.go")
	id := t.toolID()
	steps := []acp.SessionUpdate{
		acp.NewSessionUpdateToolCall(acp.ToolCall{ToolCallID: id, Title: "Edit main.go", Kind: acp.Ptr(acp.ToolKindEdit), Status: acp.Ptr(acp.ToolCallStatusPending),
			Locations: []acp.ToolCallLocation{{Path: file, Line: acp.Ptr(uint32(1))}}, RawInput: json.RawMessage(`{"path":"main.go"}`)}),
		acp.NewSessionUpdateToolCallUpdate(acp.ToolCallUpdate{ToolCallID: id, Status: acp.Ptr(acp.ToolCallStatusInProgress)}),
		acp.NewSessionUpdateToolCallUpdate(acp.ToolCallUpdate{ToolCallID: id, Status: acp.Ptr(acp.ToolCallStatusCompleted),
			Content:   []acp.ToolCallContent{acp.ToolText("edited"), acp.NewToolCallContentDiff(acp.Diff{Path: file, OldText: acp.Ptr("package old\n"), NewText: "package main\n"})},
			RawOutput: json.RawMessage(`{"ok":true}`)}),
	}
	failing := t.toolID()
	steps = append(steps,
		acp.NewSessionUpdateToolCall(acp.ToolCall{ToolCallID: failing, Title: "Fetch a page", Kind: acp.Ptr(acp.ToolKindFetch), Status: acp.Ptr(acp.ToolCallStatusInProgress)}),
		acp.NewSessionUpdateToolCallUpdate(acp.ToolCallUpdate{ToolCallID: failing, Status: acp.Ptr(acp.ToolCallStatusFailed), Content: []acp.ToolCallContent{acp.ToolText("no network")}}))
	return done(t.sendAll(ctx, steps))
}

// sendAll sends updates in order.
func (t *testTurn) sendAll(ctx context.Context, updates []acp.SessionUpdate) error {
	for _, u := range updates {
		if err := t.send.Update(ctx, u); err != nil {
			return err
		}
	}
	return nil
}

// cwd is the session's working directory.
func (t *testTurn) cwd() string {
	s, err := t.agent.session(t.session)
	if err != nil || s.cwd == "" {
		return "/"
	}
	return s.cwd
}

// abs returns p relative to the session's cwd, unless it is absolute.
func (t *testTurn) abs(p string) string {
	if path.IsAbs(p) {
		return p
	}
	return path.Join(t.cwd(), p)
}

func (t *testTurn) permission(ctx context.Context, c command) (string, error) {
	id := t.toolID()
	if err := t.send.ToolCall(ctx, id, "Run rm -rf build", acp.ToolKindDelete); err != nil {
		return "", err
	}
	res, err := t.agent.conn.RequestPermission(ctx, &acp.RequestPermissionRequest{
		SessionID: t.session,
		ToolCall:  acp.ToolCallUpdate{ToolCallID: id, Title: acp.Ptr("Run rm -rf build")},
		Options: []acp.PermissionOption{
			// Not allowing first: a client that takes the first option
			// without reading its kind rejects.
			{OptionID: "reject-once", Name: "Reject", Kind: acp.PermissionOptionKindRejectOnce},
			{OptionID: "allow-once", Name: "Allow once", Kind: acp.PermissionOptionKindAllowOnce},
			{OptionID: "reject-always", Name: "Always reject", Kind: acp.PermissionOptionKindRejectAlways},
			{OptionID: "allow-always", Name: "Always allow", Kind: acp.PermissionOptionKindAllowAlways},
		},
	})
	if err != nil {
		return "", err
	}
	chosen := "cancelled"
	status := acp.ToolCallStatusFailed
	if sel, ok := res.Outcome.Value.(*acp.RequestPermissionOutcomeSelected); ok {
		chosen = string(sel.OptionID)
		if strings.HasPrefix(chosen, "allow") {
			status = acp.ToolCallStatusCompleted
		}
	}
	if err := t.send.UpdateToolCall(ctx, id, status); err != nil {
		return "", err
	}
	return done(t.say(ctx, "permission: "+chosen))
}

func (t *testTurn) write(ctx context.Context, c command) (string, error) {
	p := t.abs(c.arg(0, "notes.txt"))
	content := strings.TrimSpace(strings.TrimPrefix(c.rest, c.arg(0, "")))
	if _, err := t.agent.conn.WriteTextFile(ctx, &acp.WriteTextFileRequest{SessionID: t.session, Path: p, Content: content}); err != nil {
		return "", err
	}
	return done(t.say(ctx, "wrote "+p))
}

func (t *testTurn) read(ctx context.Context, c command) (string, error) {
	req := &acp.ReadTextFileRequest{SessionID: t.session, Path: t.abs(c.arg(0, "notes.txt"))}
	if n := c.count(1, 0, 1<<31-1); n > 0 {
		req.Line = acp.Ptr(uint32(n))
	}
	if n := c.count(2, 0, 1<<31-1); n > 0 {
		req.Limit = acp.Ptr(uint32(n))
	}
	res, err := t.agent.conn.ReadTextFile(ctx, req)
	if err != nil {
		return "", err
	}
	return done(t.say(ctx, res.Content))
}

func (t *testTurn) files(ctx context.Context, c command) (string, error) {
	p := t.abs("notes.txt")
	if _, err := t.agent.conn.WriteTextFile(ctx, &acp.WriteTextFileRequest{SessionID: t.session, Path: p, Content: "one\ntwo\nthree\n"}); err != nil {
		return "", err
	}
	return t.read(ctx, command{name: "read", args: []string{p, "2", "1"}})
}

func (t *testTurn) terminal(ctx context.Context, c command) (string, error) {
	cmd, args := c.arg(0, "echo"), c.args
	if len(args) > 0 {
		args = args[1:]
	} else {
		args = []string{"hello"}
	}
	conn := t.agent.conn
	term, err := conn.CreateTerminal(ctx, &acp.CreateTerminalRequest{SessionID: t.session, Command: cmd, Args: args, Cwd: acp.Ptr(t.cwd()), OutputByteLimit: acp.Ptr(uint64(1 << 20))})
	if err != nil {
		return "", err
	}
	id := t.toolID()
	if err := t.send.Update(ctx, acp.NewSessionUpdateToolCall(acp.ToolCall{ToolCallID: id, Title: "Run " + cmd, Kind: acp.Ptr(acp.ToolKindExecute),
		Status: acp.Ptr(acp.ToolCallStatusInProgress), Content: []acp.ToolCallContent{acp.NewToolCallContentTerminal(acp.Terminal{TerminalID: term.TerminalID})}})); err != nil {
		return "", err
	}
	// The output is read after the exit: then it is all there.
	exit, err := conn.WaitForTerminalExit(ctx, &acp.WaitForTerminalExitRequest{SessionID: t.session, TerminalID: term.TerminalID})
	if err != nil {
		return "", err
	}
	out, err := conn.TerminalOutput(ctx, &acp.TerminalOutputRequest{SessionID: t.session, TerminalID: term.TerminalID})
	if err != nil {
		return "", err
	}
	if _, err := conn.KillTerminal(ctx, &acp.KillTerminalRequest{SessionID: t.session, TerminalID: term.TerminalID}); err != nil {
		return "", err
	}
	if _, err := conn.ReleaseTerminal(ctx, &acp.ReleaseTerminalRequest{SessionID: t.session, TerminalID: term.TerminalID}); err != nil {
		return "", err
	}
	if err := t.send.UpdateToolCall(ctx, id, acp.ToolCallStatusCompleted); err != nil {
		return "", err
	}
	return done(t.say(ctx, fmt.Sprintf("terminal: %q, %s", out.Output, exitText(exit))))
}

// exitText says how a terminal's command ended.
func exitText(e *acp.WaitForTerminalExitResponse) string {
	switch {
	case e.ExitCode != nil:
		return fmt.Sprintf("exit code %d", *e.ExitCode)
	case e.Signal != nil:
		return "signal " + *e.Signal
	}
	return "no exit status"
}

func (t *testTurn) plan(ctx context.Context, c command) (string, error) {
	entry := func(text string, p acp.PlanEntryPriority, s acp.PlanEntryStatus) acp.PlanEntry {
		return acp.PlanEntry{Content: text, Priority: p, Status: s}
	}
	if err := t.send.Plan(ctx,
		entry("Read the code", acp.PlanEntryPriorityHigh, acp.PlanEntryStatusInProgress),
		entry("Change it", acp.PlanEntryPriorityMedium, acp.PlanEntryStatusPending),
		entry("Run the tests", acp.PlanEntryPriorityLow, acp.PlanEntryStatusPending)); err != nil {
		return "", err
	}
	return done(t.send.Plan(ctx,
		entry("Read the code", acp.PlanEntryPriorityHigh, acp.PlanEntryStatusCompleted),
		entry("Change it", acp.PlanEntryPriorityMedium, acp.PlanEntryStatusCompleted),
		entry("Run the tests", acp.PlanEntryPriorityLow, acp.PlanEntryStatusInProgress)))
}

// everyUpdate is one update of each variant the updates scenario sends
// that no other scenario builds; the rest come from the other scenarios'
// code, so that the variant list is written once.
const everyUpdate = `[
{"sessionUpdate":"user_message_chunk","content":{"type":"text","text":"updates"}},
{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"a message"}},
{"sessionUpdate":"agent_thought_chunk","content":{"type":"text","text":"a thought"}},
{"sessionUpdate":"tool_call","toolCallId":"updates-tool","title":"Read a file","kind":"read","status":"pending"},
{"sessionUpdate":"tool_call_update","toolCallId":"updates-tool","status":"completed"},
{"sessionUpdate":"plan","entries":[{"content":"One step","priority":"high","status":"completed"}]},
{"sessionUpdate":"available_commands_update","availableCommands":[{"name":"echo","description":"echoes"}]},
{"sessionUpdate":"current_mode_update","currentModeId":"code"},
{"sessionUpdate":"config_option_update","configOptions":[{"id":"effort","name":"Effort","type":"select","currentValue":"high","options":[{"value":"low","name":"Low"},{"value":"high","name":"High"}]}]},
{"sessionUpdate":"session_info_update","title":"A test session","updatedAt":"2026-01-01T00:00:00Z"},
{"sessionUpdate":"usage_update","used":1200,"size":200000,"cost":{"amount":0.01,"currency":"USD"}},
{"sessionUpdate":"notice","severity":"info","title":"A notice","description":"from the test agent"},
{"sessionUpdate":"compaction_update","compactionId":"compaction-1","status":"in_progress"},
{"sessionUpdate":"compaction_summary_chunk","compactionId":"compaction-1","content":{"type":"text","text":"a summary"}},
{"sessionUpdate":"compaction_update","compactionId":"compaction-1","status":"completed"}
]`

func (t *testTurn) updates(ctx context.Context, c command) (string, error) {
	updates, err := decode[[]acp.SessionUpdate](everyUpdate)
	if err != nil {
		return "", err
	}
	return done(t.sendAll(ctx, updates))
}

func (t *testTurn) elicit(ctx context.Context, c command) (string, error) {
	req, err := decode[acp.CreateElicitationRequest](fmt.Sprintf(
		`{"message":"Open the test page","mode":"url","elicitationId":"elicit-1","url":"https://example.com/acptest","sessionId":%q}`, t.session))
	if err != nil {
		return "", err
	}
	res, err := t.agent.conn.CreateElicitation(ctx, &req)
	if err != nil {
		return "", err
	}
	if err := t.agent.conn.ElicitationComplete(ctx, &acp.CompleteElicitationNotification{ElicitationID: "elicit-1"}); err != nil {
		return "", err
	}
	answer, err := acp.Marshal(res)
	if err != nil {
		return "", err
	}
	return done(t.say(ctx, "elicitation: "+string(answer)))
}

func (t *testTurn) fail(ctx context.Context, c command) (string, error) {
	msg := c.rest
	if msg == "" {
		msg = "the test agent failed, as asked"
	}
	return "", acp.NewInternalError(msg)
}
