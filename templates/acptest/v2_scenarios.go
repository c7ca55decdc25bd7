//go:build acptest_v2

package acptest

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"path"
	"strings"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// scenario is one command of the test agent: what it does for a turn and
// the line that describes it (the package doc's list, and the available
// commands the agent sends). run returns the turn's stop reason.
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
		{"tools", "", "runs a tool call through pending, in_progress and completed (with a content chunk), and one to failed", (*testTurn).tools},
		{"permission", "", "asks permission for a tool call (state requires_action meanwhile) and says which option the client chose", (*testTurn).permission},
		{"terminal", "[COMMAND ARGS]", "shows an agent-owned terminal running COMMAND (default echo hello): terminal_update, terminal_output_chunk, its exit", (*testTurn).terminal},
		{"plan", "", "sends a plan of three entries, then the same plan with each one's progress", (*testTurn).plan},
		{"updates", "", "sends every session update variant once", (*testTurn).updates},
		{"elicit", "", "asks the client for input with elicitation/create (URL mode), then sends elicitation/complete", (*testTurn).elicit},
		{"ext", "", "sends the extension notification _acptest/note and the request _acptest/ping", (*testTurn).ext},
		{"stop", "REASON", "ends the turn with the stop reason REASON (end_turn, max_tokens, max_turn_requests, refusal, cancelled)", (*testTurn).stop},
		{"wait", "", "sends \"waiting\" and waits for session/cancel: the turn ends cancelled", (*testTurn).wait},
		{"fail", "[MESSAGE]", "ends the turn with the stop reason error, a JSON-RPC internal error carrying MESSAGE", (*testTurn).fail},
		{"all", "", "runs every scenario from echo to ext, in this order", (*testTurn).all},
	}
}

// testCommands lists the scenarios as available commands.
func testCommands() ([]acp.AvailableCommand, error) {
	type input struct {
		Hint string `json:"hint"`
	}
	type command struct {
		Type        string `json:"type"`
		Name        string `json:"name"`
		Description string `json:"description"`
		Input       *input `json:"input,omitempty"`
	}
	list := make([]command, len(scenarios))
	for i, s := range scenarios {
		list[i] = command{Type: "command", Name: s.name, Description: s.about}
		if s.hint != "" {
			list[i].Input = &input{Hint: s.hint}
		}
	}
	text, err := json.Marshal(list)
	if err != nil {
		return nil, err
	}
	return decode[[]acp.AvailableCommand](string(text))
}

// testTurn is one prompt of the test agent.
type testTurn struct {
	agent   *TestAgent
	session acp.SessionID
	turn    int // the session's prompts so far, this one included
	ids     int // ids given out in this turn
}

// id returns a new id of this turn, with prefix.
func (t *testTurn) id(prefix string) string {
	t.ids++
	return fmt.Sprintf("%s-%d-%d", prefix, t.turn, t.ids)
}

// update sends one update.
func (t *testTurn) update(ctx context.Context, u acp.SessionUpdate) error {
	return t.agent.conn.SessionUpdate(ctx, &acp.UpdateSessionNotification{SessionID: t.session, Update: u})
}

// send sends the updates written as JSON, in order.
func (t *testTurn) send(ctx context.Context, updates ...string) error {
	for _, text := range updates {
		u, err := decode[acp.SessionUpdate](text)
		if err != nil {
			return err
		}
		if err := t.update(ctx, u); err != nil {
			return err
		}
	}
	return nil
}

// state sends a state update whose state is written as JSON.
func (t *testTurn) state(ctx context.Context, state string) error {
	return t.send(ctx, `{"sessionUpdate":"state_update",`+strings.TrimPrefix(state, "{"))
}

// chunk returns the JSON of a text chunk of kind (agent_message_chunk,
// agent_thought_chunk, user_message_chunk) of message id.
func chunk(kind, id, text string) string {
	return fmt.Sprintf(`{"sessionUpdate":%q,"messageId":%q,"content":{"type":"text","text":%s}}`, kind, id, jsonText(text))
}

// say sends text as one agent message.
func (t *testTurn) say(ctx context.Context, text string) error {
	return t.send(ctx, chunk("agent_message_chunk", t.id("agent"), text))
}

func (t *testTurn) stream(ctx context.Context, c command) (string, error) {
	n, id := c.count(0, 3, MaxChunks), t.id("agent")
	for i := 1; i <= n; i++ {
		if err := t.send(ctx, chunk("agent_message_chunk", id, fmt.Sprintf("chunk %d/%d\n", i, n))); err != nil {
			return "", err
		}
	}
	return "end_turn", nil
}

func (t *testTurn) thought(ctx context.Context, c command) (string, error) {
	return done(t.send(ctx, chunk("agent_thought_chunk", t.id("thought"), c.rest)))
}

// cwd is the session's working directory.
func (t *testTurn) cwd() string {
	s, err := t.agent.session(t.session)
	if err != nil || s.cwd == "" {
		return "/"
	}
	return s.cwd
}

func (t *testTurn) tools(ctx context.Context, c command) (string, error) {
	edit, fetch, file := t.id("tool"), t.id("tool"), jsonText(path.Join(t.cwd(), "main.go"))
	return done(t.send(ctx,
		fmt.Sprintf(`{"sessionUpdate":"tool_call_update","toolCallId":%q,"title":"Edit main.go","kind":"edit","status":"pending","locations":[{"path":%s,"line":1}],"rawInput":{"path":"main.go"}}`, edit, file),
		fmt.Sprintf(`{"sessionUpdate":"tool_call_update","toolCallId":%q,"status":"in_progress"}`, edit),
		fmt.Sprintf(`{"sessionUpdate":"tool_call_content_chunk","toolCallId":%q,"content":{"type":"content","content":{"type":"text","text":"editing"}}}`, edit),
		fmt.Sprintf(`{"sessionUpdate":"tool_call_update","toolCallId":%q,"status":"completed","content":[{"type":"diff","path":%s,"oldText":"package old\n","newText":"package main\n"}],"rawOutput":{"ok":true}}`, edit, file),
		fmt.Sprintf(`{"sessionUpdate":"tool_call_update","toolCallId":%q,"title":"Fetch a page","kind":"fetch","status":"in_progress"}`, fetch),
		fmt.Sprintf(`{"sessionUpdate":"tool_call_update","toolCallId":%q,"status":"failed","content":[{"type":"content","content":{"type":"text","text":"no network"}}]}`, fetch)))
}

func (t *testTurn) permission(ctx context.Context, c command) (string, error) {
	tool := t.id("tool")
	if err := t.send(ctx, fmt.Sprintf(`{"sessionUpdate":"tool_call_update","toolCallId":%q,"title":"Run rm -rf build","kind":"delete","status":"pending"}`, tool)); err != nil {
		return "", err
	}
	if err := t.state(ctx, `{"state":"requires_action"}`); err != nil {
		return "", err
	}
	// Not allowing first: a client that takes the first option without
	// reading its kind rejects.
	req, err := decode[acp.RequestPermissionRequest](fmt.Sprintf(`{"sessionId":%q,"title":"Run rm -rf build","subject":{"type":"tool_call","toolCall":{"toolCallId":%q}},`+
		`"options":[{"optionId":"reject-once","name":"Reject","kind":"reject_once"},{"optionId":"allow-once","name":"Allow once","kind":"allow_once"},`+
		`{"optionId":"reject-always","name":"Always reject","kind":"reject_always"},{"optionId":"allow-always","name":"Always allow","kind":"allow_always"}]}`, t.session, tool))
	if err != nil {
		return "", err
	}
	res, err := t.agent.conn.RequestPermission(ctx, &req)
	if err != nil {
		return "", err
	}
	if err := t.state(ctx, `{"state":"running"}`); err != nil {
		return "", err
	}
	chosen, status := "cancelled", "failed"
	if sel, ok := res.Outcome.Value.(*acp.RequestPermissionOutcomeSelected); ok {
		chosen = string(sel.OptionID)
		if strings.HasPrefix(chosen, "allow") {
			status = "completed"
		}
	}
	if err := t.send(ctx, fmt.Sprintf(`{"sessionUpdate":"tool_call_update","toolCallId":%q,"status":%q}`, tool, status)); err != nil {
		return "", err
	}
	return done(t.say(ctx, "permission: "+chosen))
}

func (t *testTurn) terminal(ctx context.Context, c command) (string, error) {
	line := c.rest
	if line == "" {
		line = "echo hello"
	}
	term, tool := t.id("term"), t.id("tool")
	out := strings.TrimPrefix(line, "echo ") + "\n"
	data := jsonText(base64.StdEncoding.EncodeToString([]byte(out)))
	return done(t.send(ctx,
		fmt.Sprintf(`{"sessionUpdate":"terminal_update","terminalId":%q,"command":%s,"cwd":%s}`, term, jsonText(line), jsonText(t.cwd())),
		fmt.Sprintf(`{"sessionUpdate":"tool_call_update","toolCallId":%q,"title":%s,"kind":"execute","status":"in_progress","content":[{"type":"terminal","terminalId":%q}]}`, tool, jsonText("Run "+line), term),
		fmt.Sprintf(`{"sessionUpdate":"terminal_output_chunk","terminalId":%q,"data":%s}`, term, data),
		fmt.Sprintf(`{"sessionUpdate":"terminal_update","terminalId":%q,"output":{"data":%s},"exitStatus":{"exitCode":0}}`, term, data),
		fmt.Sprintf(`{"sessionUpdate":"tool_call_update","toolCallId":%q,"status":"completed"}`, tool)))
}

func (t *testTurn) plan(ctx context.Context, c command) (string, error) {
	id := t.id("plan")
	plan := func(a, b, c string) string {
		return fmt.Sprintf(`{"sessionUpdate":"plan_update","plan":{"type":"items","planId":%q,"entries":[`+
			`{"content":"Read the code","priority":"high","status":%q},{"content":"Change it","priority":"medium","status":%q},`+
			`{"content":"Run the tests","priority":"low","status":%q}]}}`, id, a, b, c)
	}
	return done(t.send(ctx, plan("in_progress", "pending", "pending"), plan("completed", "completed", "in_progress")))
}

func (t *testTurn) updates(ctx context.Context, c command) (string, error) {
	u, a, th := t.id("user"), t.id("agent"), t.id("thought")
	tool, term := t.id("tool"), t.id("term")
	return done(t.send(ctx,
		chunk("user_message_chunk", u, "updates"),
		fmt.Sprintf(`{"sessionUpdate":"user_message","messageId":%q,"content":[{"type":"text","text":"updates"}]}`, u),
		chunk("agent_message_chunk", a, "a message"),
		fmt.Sprintf(`{"sessionUpdate":"agent_message","messageId":%q,"content":[{"type":"text","text":"a message"}]}`, a),
		chunk("agent_thought_chunk", th, "a thought"),
		fmt.Sprintf(`{"sessionUpdate":"agent_thought","messageId":%q,"content":[{"type":"text","text":"a thought"}]}`, th),
		`{"sessionUpdate":"state_update","state":"running"}`,
		fmt.Sprintf(`{"sessionUpdate":"tool_call_update","toolCallId":%q,"title":"Read a file","kind":"read","status":"pending"}`, tool),
		fmt.Sprintf(`{"sessionUpdate":"tool_call_content_chunk","toolCallId":%q,"content":{"type":"content","content":{"type":"text","text":"read"}}}`, tool),
		fmt.Sprintf(`{"sessionUpdate":"tool_call_update","toolCallId":%q,"status":"completed"}`, tool),
		fmt.Sprintf(`{"sessionUpdate":"terminal_update","terminalId":%q,"command":"true"}`, term),
		fmt.Sprintf(`{"sessionUpdate":"terminal_output_chunk","terminalId":%q,"data":""}`, term),
		fmt.Sprintf(`{"sessionUpdate":"plan_update","plan":{"type":"items","planId":%q,"entries":[{"content":"One step","priority":"high","status":"completed"}]}}`, t.id("plan")),
		`{"sessionUpdate":"available_commands_update","availableCommands":[{"type":"command","name":"echo","description":"echoes"}]}`,
		fmt.Sprintf(`{"sessionUpdate":"config_option_update","configOptions":%s}`, fmt.Sprintf(testConfigOptions, "high")),
		`{"sessionUpdate":"session_info_update","title":"A test session","updatedAt":"2026-01-01T00:00:00Z"}`,
		`{"sessionUpdate":"usage_update","used":1200,"size":200000,"cost":{"amount":0.01,"currency":"USD"}}`,
		`{"sessionUpdate":"notice","severity":"info","title":"A notice","description":"from the test agent"}`,
		`{"sessionUpdate":"compaction_update","compactionId":"compaction-1","status":"in_progress"}`,
		`{"sessionUpdate":"compaction_summary_chunk","compactionId":"compaction-1","content":{"type":"text","text":"a summary"}}`,
		`{"sessionUpdate":"compaction_update","compactionId":"compaction-1","status":"completed"}`))
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
	return "", fmt.Errorf("%s", msg)
}
