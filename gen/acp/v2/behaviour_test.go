package acp_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
	"github.com/acpgen/acpgen/internal/acptest"
)

// registry maps every schema definition a fixture or test uses to its
// generated Go type.
var registry = acptest.Registry{
	// unions and structs with a flattened union
	"AgentResponse":                 func() any { return new(acp.AgentResponse) },
	"AuthMethod":                    func() any { return new(acp.AuthMethod) },
	"AvailableCommand":              func() any { return new(acp.AvailableCommand) },
	"AvailableCommandInput":         func() any { return new(acp.AvailableCommandInput) },
	"BackgroundWork":                func() any { return new(acp.BackgroundWork) },
	"ClientResponse":                func() any { return new(acp.ClientResponse) },
	"ContentBlock":                  func() any { return new(acp.ContentBlock) },
	"CreateElicitationRequest":      func() any { return new(acp.CreateElicitationRequest) },
	"CreateElicitationResponse":     func() any { return new(acp.CreateElicitationResponse) },
	"DiffChange":                    func() any { return new(acp.DiffChange) },
	"ElicitationContentValue":       func() any { return new(acp.ElicitationContentValue) },
	"ElicitationFormMode":           func() any { return new(acp.ElicitationFormMode) },
	"ElicitationPropertySchema":     func() any { return new(acp.ElicitationPropertySchema) },
	"ElicitationUrlMode":            func() any { return new(acp.ElicitationURLMode) },
	"EmbeddedResourceResource":      func() any { return new(acp.EmbeddedResourceResource) },
	"ErrorData":                     func() any { return new(acp.ErrorData) },
	"IdleStateUpdate":               func() any { return new(acp.IdleStateUpdate) },
	"McpServer":                     func() any { return new(acp.MCPServer) },
	"MultiSelectItems":              func() any { return new(acp.MultiSelectItems) },
	"PlanUpdateContent":             func() any { return new(acp.PlanUpdateContent) },
	"ReplayFrom":                    func() any { return new(acp.ReplayFrom) },
	"RequestId":                     func() any { return new(acp.RequestID) },
	"RequestPermissionOutcome":      func() any { return new(acp.RequestPermissionOutcome) },
	"RequestPermissionSubject":      func() any { return new(acp.RequestPermissionSubject) },
	"SessionConfigOption":           func() any { return new(acp.SessionConfigOption) },
	"SessionConfigSelectOptions":    func() any { return new(acp.SessionConfigSelectOptions) },
	"SessionUpdate":                 func() any { return new(acp.SessionUpdate) },
	"SetSessionConfigOptionRequest": func() any { return new(acp.SetSessionConfigOptionRequest) },
	"StateUpdate":                   func() any { return new(acp.StateUpdate) },
	"ToolCallContent":               func() any { return new(acp.ToolCallContent) },

	// enums
	"CompactionStatus":            func() any { return new(acp.CompactionStatus) },
	"DiffFileType":                func() any { return new(acp.DiffFileType) },
	"DiffPatchFormat":             func() any { return new(acp.DiffPatchFormat) },
	"ElicitationSchemaType":       func() any { return new(acp.ElicitationSchemaType) },
	"ErrorCode":                   func() any { return new(acp.ErrorCode) },
	"IconTheme":                   func() any { return new(acp.IconTheme) },
	"NoticeSeverity":              func() any { return new(acp.NoticeSeverity) },
	"PermissionOptionKind":        func() any { return new(acp.PermissionOptionKind) },
	"PlanEntryPriority":           func() any { return new(acp.PlanEntryPriority) },
	"PlanEntryStatus":             func() any { return new(acp.PlanEntryStatus) },
	"Role":                        func() any { return new(acp.Role) },
	"SessionConfigOptionCategory": func() any { return new(acp.SessionConfigOptionCategory) },
	"StringFormat":                func() any { return new(acp.StringFormat) },
	"ToolCallStatus":              func() any { return new(acp.ToolCallStatus) },
	"ToolKind":                    func() any { return new(acp.ToolKind) },

	// structs and envelopes
	"AgentNotification":         func() any { return new(acp.AgentNotification) },
	"AgentRequest":              func() any { return new(acp.AgentRequest) },
	"Annotations":               func() any { return new(acp.Annotations) },
	"AuthMethodTerminal":        func() any { return new(acp.AuthMethodTerminal) },
	"CancelRequestNotification": func() any { return new(acp.CancelRequestNotification) },
	"ClientNotification":        func() any { return new(acp.ClientNotification) },
	"ClientRequest":             func() any { return new(acp.ClientRequest) },
	"ContentChunk":              func() any { return new(acp.ContentChunk) },
	"Diff":                      func() any { return new(acp.Diff) },
	"ElicitationSchema":         func() any { return new(acp.ElicitationSchema) },
	"Error":                     func() any { return new(acp.Error) },
	"InitializeRequest":         func() any { return new(acp.InitializeRequest) },
	"InitializeResponse":        func() any { return new(acp.InitializeResponse) },
	"McpServerStdio":            func() any { return new(acp.MCPServerStdio) },
	"NewSessionRequest":         func() any { return new(acp.NewSessionRequest) },
	"NewSessionResponse":        func() any { return new(acp.NewSessionResponse) },
	"PlanEntry":                 func() any { return new(acp.PlanEntry) },
	"PlanUpdate":                func() any { return new(acp.PlanUpdate) },
	"PromptRequest":             func() any { return new(acp.PromptRequest) },
	"PromptResponse":            func() any { return new(acp.PromptResponse) },
	"RequestPermissionRequest":  func() any { return new(acp.RequestPermissionRequest) },
	"RequestPermissionResponse": func() any { return new(acp.RequestPermissionResponse) },
	"ResumeSessionRequest":      func() any { return new(acp.ResumeSessionRequest) },
	"SessionInfo":               func() any { return new(acp.SessionInfo) },
	"TerminalUpdate":            func() any { return new(acp.TerminalUpdate) },
	"TerminalExitStatus":        func() any { return new(acp.TerminalExitStatus) },
	"SessionInfoUpdate":         func() any { return new(acp.SessionInfoUpdate) },
	"TextContent":               func() any { return new(acp.TextContent) },
	"ToolCallUpdate":            func() any { return new(acp.ToolCallUpdate) },
	"UpdateSessionNotification": func() any { return new(acp.UpdateSessionNotification) },
	"UserMessage":               func() any { return new(acp.UserMessage) },
}

// variants lists, for the unions whose every variant must have a fixture
// of the union's own type, the generated variant types.
var variants = map[string][]string{
	"SessionUpdate": {
		"SessionUpdateUserMessageChunk", "SessionUpdateUserMessage", "SessionUpdateAgentMessageChunk",
		"SessionUpdateAgentMessage", "SessionUpdateAgentThoughtChunk", "SessionUpdateAgentThought",
		"SessionUpdateStateUpdate", "SessionUpdateToolCallContentChunk", "SessionUpdateToolCallUpdate",
		"SessionUpdateTerminalUpdate", "SessionUpdateTerminalOutputChunk", "SessionUpdatePlanUpdate",
		"SessionUpdateAvailableCommandsUpdate", "SessionUpdateConfigOptionUpdate", "SessionUpdateSessionInfoUpdate",
		"SessionUpdateUsageUpdate", "SessionUpdateNotice", "SessionUpdateCompactionUpdate",
		"SessionUpdateCompactionSummaryChunk", "SessionUpdateOther",
	},
	"ContentBlock": {
		"ContentBlockText", "ContentBlockImage", "ContentBlockAudio", "ContentBlockResourceLink",
		"ContentBlockResource", "ContentBlockOther",
	},
	"ToolCallContent":          {"ToolCallContentVariant", "ToolCallContentDiff", "ToolCallContentTerminal", "ToolCallContentOther"},
	"RequestPermissionOutcome": {"RequestPermissionOutcomeCancelled", "RequestPermissionOutcomeSelected", "RequestPermissionOutcomeOther"},
	"McpServer":                {"MCPServerHTTPVariant", "MCPServerStdioVariant", "MCPServerOther"},
	"StateUpdate":              {"StateUpdateRunning", "StateUpdateIdle", "StateUpdateRequiresAction", "StateUpdateOther"},
	"IdleStateUpdate": {
		"IdleStateUpdateEndTurn", "IdleStateUpdateMaxTokens", "IdleStateUpdateMaxTurnRequests", "IdleStateUpdateRefusal",
		"IdleStateUpdateCancelled", "IdleStateUpdateError", "IdleStateUpdateNone", "IdleStateUpdateOther",
	},
	"PlanUpdateContent":          {"PlanUpdateContentItems", "PlanUpdateContentOther"},
	"RequestId":                  {"RequestIDNumber", "RequestIDStr"},
	"EmbeddedResourceResource":   {"EmbeddedResourceResourceTextResourceContents", "EmbeddedResourceResourceBlobResourceContents"},
	"SessionConfigSelectOptions": {"SessionConfigSelectOptionsUngrouped", "SessionConfigSelectOptionsGrouped"},
	"RequestPermissionSubject":   {"RequestPermissionSubjectToolCall", "RequestPermissionSubjectCommand", "RequestPermissionSubjectOther"},
	"DiffChange":                 {"DiffChangeAdd", "DiffChangeDelete", "DiffChangeModify", "DiffChangeMove", "DiffChangeCopy", "DiffChangeOther"},
	"BackgroundWork":             {"BackgroundWorkTerminal", "BackgroundWorkToolCall", "BackgroundWorkOther"},
	"ReplayFrom":                 {"ReplayFromStartVariant", "ReplayFromOther"},
	"AvailableCommand":           {"AvailableCommandVariant", "AvailableCommandOther"},
	"AvailableCommandInput":      {"AvailableCommandInputText", "AvailableCommandInputOther"},
	"AuthMethod":                 {"AuthMethodTerminalVariant", "AuthMethodAgentVariant", "AuthMethodOther"},
	"SessionConfigOption":        {"SessionConfigOptionSelect", "SessionConfigOptionBoolean", "SessionConfigOptionOther"},
	"SetSessionConfigOptionRequest": {
		"SetSessionConfigOptionRequestID", "SetSessionConfigOptionRequestBoolean", "SetSessionConfigOptionRequestOther",
	},
	"ErrorData":                {"ErrorDataUnsupportedProtocolVersion", "ErrorDataSessionNotFound", "ErrorDataOther"},
	"CreateElicitationRequest": {"CreateElicitationRequestForm", "CreateElicitationRequestURL", "CreateElicitationRequestOther"},
	"CreateElicitationResponse": {
		"CreateElicitationResponseAccept", "CreateElicitationResponseDecline", "CreateElicitationResponseCancel", "CreateElicitationResponseOther",
	},
	"ElicitationPropertySchema": {
		"ElicitationPropertySchemaString", "ElicitationPropertySchemaNumber", "ElicitationPropertySchemaInteger",
		"ElicitationPropertySchemaBoolean", "ElicitationPropertySchemaArray", "ElicitationPropertySchemaOther",
	},
	"MultiSelectItems": {"MultiSelectItemsString", "MultiSelectItemsTitled", "MultiSelectItemsOther"},
	"ElicitationContentValue": {
		"ElicitationContentValueString", "ElicitationContentValueInteger", "ElicitationContentValueNumber",
		"ElicitationContentValueBoolean", "ElicitationContentValueStringArray", "ElicitationContentValueOther",
	},
	"ElicitationFormMode": {"ElicitationFormModeSession", "ElicitationFormModeRequest"},
	"ElicitationUrlMode":  {"ElicitationURLModeSession", "ElicitationURLModeRequest"},
	"AgentResponse":       {"AgentResponseResult", "AgentResponseError"},
	"ClientResponse":      {"ClientResponseResult", "ClientResponseError"},
}

func loadSchema(t *testing.T) *acptest.Schema {
	t.Helper()
	path, err := acptest.SchemaPath("v2")
	if err != nil {
		t.Fatal(err)
	}
	s, err := acptest.LoadSchema(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func loadFixtures(t *testing.T) []acptest.Fixture {
	t.Helper()
	fs, err := acptest.LoadFixtures(filepath.Join("testdata", "fixtures"))
	if err != nil {
		t.Fatal(err)
	}
	return fs
}

// decode unmarshals data into a new value of the registered type name.
func decode(t *testing.T, name, data string) (any, error) {
	t.Helper()
	v := registry.New(t, name)
	return v, acptest.Unmarshal([]byte(data), v)
}

// mustDecode is decode that fails the test on error.
func mustDecode(t *testing.T, name, data string) any {
	t.Helper()
	v, err := decode(t, name, data)
	if err != nil {
		t.Fatalf("decode %s: %v\ninput: %s", name, err, data)
	}
	return v
}

// mergeObjects joins the members of two JSON object texts: {"a":1} and
// {"b":2} give {"a":1,"b":2}.
func mergeObjects(a, b string) string {
	a = strings.TrimSuffix(a, "}")
	b = strings.TrimPrefix(b, "{")
	if b == "}" {
		return a + b
	}
	if strings.HasSuffix(a, "{") {
		return a + b
	}
	return a + "," + b
}

func mustEncode(t *testing.T, v any) []byte {
	t.Helper()
	out, err := acptest.Marshal(v)
	if err != nil {
		t.Fatalf("encode %T: %v", v, err)
	}
	return out
}

// TestFixtures: every fixture validates against the schema, decodes,
// re-encodes to an equal JSON value, and encodes stably.
func TestFixtures(t *testing.T) {
	acptest.RunRoundTrip(t, loadSchema(t), loadFixtures(t), registry)
}

// TestFixtureCoverage: every union/enum definition has a fixture, and the
// key unions have a fixture for each variant.
func TestFixtureCoverage(t *testing.T) {
	fixtures := loadFixtures(t)
	t.Run("definitions", func(t *testing.T) { acptest.RunCoverage(t, loadSchema(t), fixtures) })
	t.Run("variants", func(t *testing.T) { acptest.RunVariantCoverage(t, fixtures, registry, variants) })
}

// TestEnums: every const of every enum decodes and is known; v2 enums are
// open (anyOf with a plain string branch) and keep unknown values, except
// single-const oneOf ElicitationSchemaType.
func TestEnums(t *testing.T) {
	acptest.RunEnums(t, loadSchema(t), registry)

	t.Run("open PlanEntryPriority", func(t *testing.T) {
		p := mustDecode(t, "PlanEntryPriority", `"urgent"`).(*acp.PlanEntryPriority)
		if *p != "urgent" || p.IsKnown() || p.IsExtension() {
			t.Errorf("urgent: %q known=%v ext=%v", *p, p.IsKnown(), p.IsExtension())
		}
		x := mustDecode(t, "PlanEntryPriority", `"_x"`).(*acp.PlanEntryPriority)
		if x.IsKnown() || !x.IsExtension() {
			t.Errorf("_x: known=%v ext=%v", x.IsKnown(), x.IsExtension())
		}
		e := mustDecode(t, "PlanEntry", `{"content":"a","priority":"_x","status":"blocked"}`).(*acp.PlanEntry)
		if e.Priority != "_x" || e.Status != "blocked" || e.Status.IsKnown() {
			t.Errorf("PlanEntry = %+v", e)
		}
		if out := mustEncode(t, e); !acptest.JSONEqual(out, []byte(`{"content":"a","priority":"_x","status":"blocked"}`)) {
			t.Errorf("re-encoded as %s", out)
		}
		if !acp.PlanEntryPriorityHigh.IsKnown() || acp.PlanEntryPriorityHigh.IsExtension() {
			t.Error("PlanEntryPriorityHigh misclassified")
		}
	})
	t.Run("ErrorCode open int32", func(t *testing.T) {
		c := mustDecode(t, "ErrorCode", `-32050`).(*acp.ErrorCode)
		if *c != -32050 || c.IsKnown() {
			t.Errorf("got %d known=%v", *c, c.IsKnown())
		}
		if !acp.ErrorCodeUnsupportedProtocolVersion.IsKnown() {
			t.Error("ErrorCodeUnsupportedProtocolVersion.IsKnown() = false")
		}
		for _, bad := range []string{`2147483648`, `-2147483649`, `1.5`, `"1"`, `null`} {
			if _, err := decode(t, "ErrorCode", bad); err == nil {
				t.Errorf("ErrorCode accepted %s", bad)
			}
		}
	})
}

// TestOpenUnionUnknownVariant: an unknown tag of an open union decodes to
// the catch-all variant, which keeps the other members as unknown ones and
// re-encodes the input verbatim.
func TestOpenUnionUnknownVariant(t *testing.T) {
	t.Run("SessionUpdate _custom_thing", func(t *testing.T) {
		in := `{"sessionUpdate":"_custom_thing","data":{"n":12345678901234567890,"f":1.10,"list":[1,{"a":null},"\u00e9"],"s":"x"},"when":"2025-03-14T10:00:00Z"}`
		u := mustDecode(t, "SessionUpdate", in).(*acp.SessionUpdate)
		o, ok := u.Value.(*acp.SessionUpdateOther)
		if !ok {
			t.Fatalf("variant %T, want *acp.SessionUpdateOther", u.Value)
		}
		if o.SessionUpdate != "_custom_thing" {
			t.Errorf("SessionUpdate = %q", o.SessionUpdate)
		}
		if d, _ := o.Unknown.Get("data"); o.Unknown.Len() != 2 || string(d) != `{"n":12345678901234567890,"f":1.10,"list":[1,{"a":null},"\u00e9"],"s":"x"}` {
			t.Errorf("Unknown: %d members, data = %s", o.Unknown.Len(), d)
		}
		if out := mustEncode(t, u); string(out) != acptest.AsWritten(in) {
			t.Errorf("json.Marshal = %s\nwant           %s", out, acptest.AsWritten(in))
		}
		if out, err := u.MarshalJSON(); err != nil || string(out) != in {
			t.Errorf("MarshalJSON = %s, %v", out, err)
		}
	})
	t.Run("inside UpdateSessionNotification", func(t *testing.T) {
		update := `{"sessionUpdate":"_custom_thing","data":{"n":12345678901234567890}}`
		in := `{"sessionId":"s1","update":` + update + `,"_meta":{"seq":18446744073709551616}}`
		n := mustDecode(t, "UpdateSessionNotification", in).(*acp.UpdateSessionNotification)
		if o, ok := n.Update.Value.(*acp.SessionUpdateOther); !ok || o.Unknown.Len() != 1 {
			t.Fatalf("update = %T %+v", n.Update.Value, n.Update.Value)
		}
		if out := mustEncode(t, n); string(out) != in {
			t.Errorf("json.Marshal = %s\nwant           %s", out, in)
		}
	})
	t.Run("PlanUpdateContent keeps planId typed", func(t *testing.T) {
		in := `{"type":"_markdown","planId":"plan_1","markdown":"1. a\n2. b","rev":12345678901234567890}`
		p := mustDecode(t, "PlanUpdateContent", in).(*acp.PlanUpdateContent)
		o, ok := p.Value.(*acp.PlanUpdateContentOther)
		if !ok {
			t.Fatalf("variant %T, want *acp.PlanUpdateContentOther", p.Value)
		}
		if o.Type != "_markdown" || o.PlanID != "plan_1" {
			t.Errorf("Type = %q, PlanID = %q", o.Type, o.PlanID)
		}
		if md, _ := o.Unknown.Get("markdown"); o.Unknown.Len() != 2 || string(md) != `"1. a\n2. b"` {
			t.Errorf("Unknown: %d members, markdown = %s", o.Unknown.Len(), md)
		}
		if out := mustEncode(t, p); string(out) != in {
			t.Errorf("json.Marshal = %s\nwant           %s", out, in)
		}
		whole := `{"sessionId":"s1","update":{"sessionUpdate":"plan_update","plan":` + in + `}}`
		if out := mustEncode(t, mustDecode(t, "UpdateSessionNotification", whole)); string(out) != whole {
			t.Errorf("in a notification: %s\nwant                %s", out, whole)
		}
		_, err := decode(t, "PlanUpdateContent", `{"type":"_markdown","markdown":"x"}`)
		if err == nil || err.Error() != `$: missing required property "planId"` {
			t.Errorf("catch-all without its required planId: %v", err)
		}
		_, err = decode(t, "PlanUpdateContent", `{"type":"_markdown","planId":7}`)
		var de *acp.DecodeError
		if !errors.As(err, &de) || de.Path != "$.planId" {
			t.Errorf("catch-all with planId of the wrong kind: %v", err)
		}
	})
	// Every open union: an unknown tag goes to the catch-all, typed
	// required members of the catch-all are checked, and the value comes
	// back JSON-equal (byte-equal when the union is the whole value).
	cases := []struct {
		typ, json, variant string
		exact              bool
	}{
		{"ContentBlock", `{"type":"_acme_chart","points":[1,2,3]}`, "ContentBlockOther", true},
		{"ToolCallContent", `{"type":"_acme_table","rows":[["a",1]]}`, "ToolCallContentOther", true},
		{"RequestPermissionOutcome", `{"outcome":"_timed_out","afterMs":30000}`, "RequestPermissionOutcomeOther", true},
		{"McpServer", `{"type":"_websocket","name":"ws","url":"wss://x"}`, "MCPServerOther", true},
		{"StateUpdate", `{"state":"_paused","until":"later"}`, "StateUpdateOther", true},
		{"BackgroundWork", `{"type":"_subagent","agentId":"a1"}`, "BackgroundWorkOther", true},
		{"RequestPermissionSubject", `{"type":"_network","host":"example.com"}`, "RequestPermissionSubjectOther", true},
		{"ReplayFrom", `{"type":"_message","messageId":"m1"}`, "ReplayFromOther", true},
		{"AvailableCommandInput", `{"type":"_picker","glob":"*.go"}`, "AvailableCommandInputOther", true},
		{"AvailableCommand", `{"type":"_macro","name":"release","description":"Cut a release","steps":3}`, "AvailableCommandOther", true},
		{"AuthMethod", `{"type":"_api_key","methodId":"k","name":"API key","env":"ACME_KEY"}`, "AuthMethodOther", true},
		{"ElicitationPropertySchema", `{"type":"_color","palette":["#fff"]}`, "ElicitationPropertySchemaOther", true},
		{"MultiSelectItems", `{"type":"_tree","roots":["src"]}`, "MultiSelectItemsOther", true},
		{"IdleStateUpdate", `{"stopReason":"_budget","budget":{"usd":12345678901234567890}}`, "IdleStateUpdateOther", true},
		{"DiffChange", `{"operation":"_chmod","path":"/bin/x","mode":"0755"}`, "DiffChangeOther", false},
		{"SessionConfigOption", `{"configId":"t","name":"Temp","type":"_slider","min":0,"max":2}`, "SessionConfigOptionOther", false},
		{"SetSessionConfigOptionRequest", `{"sessionId":"s","configId":"t","type":"_number","value":0.7}`, "SetSessionConfigOptionRequestOther", false},
		{"CreateElicitationResponse", `{"action":"_snooze","until":"tomorrow"}`, "CreateElicitationResponseOther", false},
		{"CreateElicitationRequest", `{"message":"Scan","mode":"_qr","sessionId":"s1","qr":"data"}`, "CreateElicitationRequestOther", false},
	}
	for _, c := range cases {
		t.Run(c.typ, func(t *testing.T) {
			v := mustDecode(t, c.typ, c.json)
			if got := acptest.VariantName(v); got != c.variant {
				t.Fatalf("variant %s, want %s", got, c.variant)
			}
			out := mustEncode(t, v)
			if c.exact && string(out) != c.json {
				t.Errorf("re-encoded as %s, want the input verbatim", out)
			}
			if d := acptest.JSONDiff([]byte(c.json), out); d != "" {
				t.Errorf("re-encoded as %s: %s", out, d)
			}
			if err := loadSchema(t).Validate(c.typ, []byte(c.json)); err != nil {
				t.Errorf("input is not schema-valid (test bug): %v", err)
			}
		})
	}
	t.Run("catch-all typed required members", func(t *testing.T) {
		for _, c := range []struct{ typ, json, want string }{
			{"AvailableCommand", `{"type":"_macro","name":"release"}`, `$: missing required property "description"`},
			{"AuthMethod", `{"type":"_api_key","name":"API key"}`, `$: missing required property "methodId"`},
			{"AuthMethod", `{"type":"_api_key","methodId":5,"name":"API key"}`, `$.methodId: `},
		} {
			_, err := decode(t, c.typ, c.json)
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("%s %s: got %v, want %q", c.typ, c.json, err, c.want)
			}
		}
	})
	t.Run("constructed catch-all without Raw", func(t *testing.T) {
		out := mustEncode(t, acp.NewSessionUpdateOther(acp.SessionUpdateOther{SessionUpdate: "_ping"}))
		if string(out) != `{"sessionUpdate":"_ping"}` {
			t.Errorf("SessionUpdateOther = %s", out)
		}
		out = mustEncode(t, acp.NewPlanUpdateContentOther(acp.PlanUpdateContentOther{Type: "_md", PlanID: "p1"}))
		if !acptest.JSONEqual(out, []byte(`{"type":"_md","planId":"p1"}`)) {
			t.Errorf("PlanUpdateContentOther = %s", out)
		}
	})
}

// TestKnownTagBadPayload: a known tag with a payload that does not decode
// is an error, never the catch-all variant.
func TestKnownTagBadPayload(t *testing.T) {
	cases := []struct {
		name, typ, json, path, msg string
	}{
		{"agent_message_chunk without content", "SessionUpdate",
			`{"sessionUpdate":"agent_message_chunk","messageId":"m1"}`, "$", `missing required property "content"`},
		{"agent_message_chunk without messageId", "SessionUpdate",
			`{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"x"}}`, "$", `missing required property "messageId"`},
		{"tool_call_update without toolCallId", "SessionUpdate",
			`{"sessionUpdate":"tool_call_update","title":"x"}`, "$", `missing required property "toolCallId"`},
		{"text content with numeric text", "SessionUpdate",
			`{"sessionUpdate":"user_message_chunk","messageId":"m","content":{"type":"text","text":5}}`, "$.content.text", ""},
		{"plan_update with plan of wrong kind", "SessionUpdate",
			`{"sessionUpdate":"plan_update","plan":[]}`, "$.plan", ""},
		{"plan items without planId", "PlanUpdateContent",
			`{"type":"items","entries":[]}`, "$", `missing required property "planId"`},
		{"state_update without state", "SessionUpdate",
			`{"sessionUpdate":"state_update"}`, "$", `missing required property "state"`},
		{"selected outcome without optionId", "RequestPermissionOutcome",
			`{"outcome":"selected"}`, "$", `missing required property "optionId"`},
		{"http server without url", "McpServer",
			`{"type":"http","name":"x"}`, "$", `missing required property "url"`},
		{"move without oldPath", "DiffChange",
			`{"operation":"move","path":"/b"}`, "$", `missing required property "oldPath"`},
		{"terminal background without terminalId", "BackgroundWork",
			`{"type":"terminal"}`, "$", `missing required property "terminalId"`},
		{"tag of the wrong kind", "SessionUpdate", `{"sessionUpdate":7}`, "$.sessionUpdate", ""},
		{"tag null", "ContentBlock", `{"type":null,"text":"x"}`, "$.type", ""},
		{"tag missing", "SessionUpdate", `{"messageId":"m"}`, "$", `missing required property "sessionUpdate"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := decode(t, c.typ, c.json)
			if err == nil {
				t.Fatalf("bad payload decoded without error as %s: %s", acptest.VariantName(v), mustEncode(t, v))
			}
			var de *acp.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error is %T, want *acp.DecodeError: %v", err, err)
			}
			if de.Path != c.path || (c.msg != "" && de.Msg != c.msg) {
				t.Errorf("got %q, want path %q msg %q", err, c.path, c.msg)
			}
		})
	}
}

// TestMissingRequiredPath: missing required properties are reported with
// the JSON path of the object that lacks them.
func TestMissingRequiredPath(t *testing.T) {
	cases := []struct {
		name, typ, json, want string
	}{
		{"notification without sessionId", "UpdateSessionNotification",
			`{"update":{"sessionUpdate":"agent_message_chunk","messageId":"m","content":{"type":"text","text":"hi"}}}`,
			`$: missing required property "sessionId"`},
		{"notification without update", "UpdateSessionNotification",
			`{"sessionId":"s1"}`, `$: missing required property "update"`},
		{"text block without text", "UpdateSessionNotification",
			`{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","messageId":"m","content":{"type":"text"}}}`,
			`$.update.content: missing required property "text"`},
		{"embedded resource without uri", "UpdateSessionNotification",
			`{"sessionId":"s1","update":{"sessionUpdate":"user_message_chunk","messageId":"m","content":{"type":"resource","resource":{"text":"x"}}}}`,
			`$.update.content.resource: missing required property "uri"`},
		{"plan without planId", "UpdateSessionNotification",
			`{"sessionId":"s1","update":{"sessionUpdate":"plan_update","plan":{"type":"items","entries":[]}}}`,
			`$.update.plan: missing required property "planId"`},
		{"tool call content chunk", "UpdateSessionNotification",
			`{"sessionId":"s1","update":{"sessionUpdate":"tool_call_content_chunk","toolCallId":"c","content":{"type":"content","content":{"type":"image","data":"AA=="}}}}`,
			`$.update.content.content: missing required property "mimeType"`},
		{"prompt item without text", "PromptRequest",
			`{"sessionId":"s1","prompt":[{"type":"text","text":"ok"},{"type":"text"}]}`,
			`$.prompt[1]: missing required property "text"`},
		{"permission option without kind", "RequestPermissionRequest",
			`{"sessionId":"s1","title":"t","options":[{"optionId":"a","name":"Allow"}]}`,
			`$.options[0]: missing required property "kind"`},
		{"permission subject tool call", "RequestPermissionRequest",
			`{"sessionId":"s1","title":"t","subject":{"type":"tool_call","toolCall":{"title":"x"}},"options":[]}`,
			`$.subject.toolCall: missing required property "toolCallId"`},
		{"stdio server without command", "NewSessionRequest",
			`{"cwd":"/w","mcpServers":[{"type":"http","name":"h","url":"https://x"},{"type":"stdio","name":"fs"}]}`,
			`$.mcpServers[1]: missing required property "command"`},
		{"odd key in path", "ElicitationSchema",
			`{"type":"object","properties":{"first name":{"type":"integer","minimum":"x"}}}`,
			`$.properties["first name"].minimum: `},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := decode(t, c.typ, c.json)
			if err == nil {
				t.Fatalf("decoded without error, want %q", c.want)
			}
			var de *acp.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error is %T, want *acp.DecodeError: %v", err, err)
			}
			if strings.HasSuffix(c.want, ": ") {
				if !strings.HasPrefix(err.Error(), c.want) {
					t.Errorf("error = %q, want prefix %q", err, c.want)
				}
			} else if err.Error() != c.want {
				t.Errorf("error = %q, want %q", err, c.want)
			}
		})
	}
}

// TestLenient: x-deserialize-default-on-error, -skip-invalid-items and
// -default-on-null.
func TestLenient(t *testing.T) {
	t.Run("default-on-error ToolCallUpdate.title", func(t *testing.T) {
		u := mustDecode(t, "ToolCallUpdate", `{"toolCallId":"c1","title":5,"status":"completed"}`).(*acp.ToolCallUpdate)
		if !u.Title.Unchanged() {
			t.Errorf("Title = %+v, want unchanged (a patch field's default is absent)", u.Title)
		}
		if st, ok := u.Status.Get(); u.ToolCallID != "c1" || !ok || st != acp.ToolCallStatusCompleted {
			t.Errorf("other fields lost: %+v", u)
		}
	})
	t.Run("default-on-error inside SessionUpdate", func(t *testing.T) {
		n := mustDecode(t, "UpdateSessionNotification",
			`{"sessionId":"s1","update":{"sessionUpdate":"tool_call_update","toolCallId":"c1","title":{"bad":true},"kind":7,"locations":"nope","capabilities":[]}}`).(*acp.UpdateSessionNotification)
		u, ok := n.Update.Value.(*acp.SessionUpdateToolCallUpdate)
		if !ok {
			t.Fatalf("variant %T", n.Update.Value)
		}
		if !u.Title.Unchanged() || !u.Kind.Unchanged() || !u.Locations.Unchanged() || !u.Capabilities.Unchanged() {
			t.Errorf("bad fields kept: %+v", u)
		}
	})
	t.Run("nullable optional: null is absent", func(t *testing.T) {
		u := mustDecode(t, "TerminalExitStatus", `{"exitCode":null,"signal":"SIGTERM"}`).(*acp.TerminalExitStatus)
		if u.ExitCode != nil {
			t.Errorf("got %+v", u)
		}
		if out := mustEncode(t, u); !acptest.JSONEqual(out, []byte(`{"signal":"SIGTERM"}`)) {
			t.Errorf("re-encoded as %s", out)
		}
	})
	cases := []struct {
		name, typ, json, want string
	}{
		{"Annotations.priority string", "Annotations",
			`{"priority":"high","audience":["user"]}`, `{"audience":["user"]}`},
		{"_meta not an object", "TextContent", `{"text":"x","_meta":"oops"}`, `{"text":"x"}`},
		{"TerminalUpdate.size malformed", "TerminalUpdate",
			`{"terminalId":"t","size":{"cols":"80","rows":24},"command":"make"}`, `{"terminalId":"t","command":"make"}`},
		{"TerminalUpdate.exitStatus.exitCode malformed", "TerminalUpdate",
			`{"terminalId":"t","exitStatus":{"exitCode":1.5,"signal":"SIGTERM"}}`, `{"terminalId":"t","exitStatus":{"signal":"SIGTERM"}}`},
		{"IdleStateUpdate.background bad item drops the list", "StateUpdate",
			`{"state":"idle","stopReason":"end_turn","background":[{"type":"terminal","terminalId":"t"},{"type":"terminal"}]}`,
			`{"state":"idle","stopReason":"end_turn"}`},
		{"IdleStateUpdate error payload malformed", "IdleStateUpdate",
			`{"stopReason":"error","error":"boom"}`, `{"stopReason":"error"}`},
		// Not malformed after all: ErrorData's untitled "Other" variant accepts
		// any JSON, so data that fits no typed variant is kept verbatim.
		{"Error.data fits no typed variant", "Error",
			`{"code":-32022,"message":"Unsupported","data":{"requested":"two","supported":[1]}}`,
			`{"code":-32022,"message":"Unsupported","data":{"requested":"two","supported":[1]}}`},
		{"InitializeRequest.capabilities wrong kind", "InitializeRequest",
			`{"protocolVersion":2,"info":{"name":"c","version":"1"},"capabilities":[]}`, `{"protocolVersion":2,"info":{"name":"c","version":"1"}}`},
		{"NewSessionResponse.configOptions wrong kind", "NewSessionResponse",
			`{"sessionId":"s","configOptions":"none"}`, `{"sessionId":"s"}`},
		{"ResourceLink.size negative", "ContentBlock",
			`{"type":"resource_link","name":"a","uri":"file:///a","size":-1}`, `{"type":"resource_link","name":"a","uri":"file:///a"}`},
		// skip-invalid-items
		{"PlanItems.entries bad middle item", "PlanUpdateContent",
			`{"type":"items","planId":"p","entries":[{"content":"a","priority":"high","status":"pending"},{"content":"b","priority":5,"status":"pending"},{"content":"c","priority":"low","status":"completed"}]}`,
			`{"type":"items","planId":"p","entries":[{"content":"a","priority":"high","status":"pending"},{"content":"c","priority":"low","status":"completed"}]}`},
		{"Diff.changes bad item", "Diff",
			`{"changes":[{"operation":"modify"},{"operation":"add","path":"/a"},{"operation":"move","path":"/c"}]}`,
			`{"changes":[{"operation":"add","path":"/a"}]}`},
		{"UserMessage.content bad item", "UserMessage",
			`{"messageId":"m","content":[{"type":"text"},{"type":"text","text":"ok"},{"type":"image"}]}`,
			`{"messageId":"m","content":[{"type":"text","text":"ok"}]}`},
		{"Annotations.audience bad item", "Annotations",
			`{"audience":[1,"user",null,"_bot"]}`, `{"audience":["user","_bot"]}`},
		{"ConfigOptionUpdate bad option dropped", "SessionUpdate",
			`{"sessionUpdate":"config_option_update","configOptions":[{"configId":"a","name":"A","type":"boolean"},{"configId":"b","name":"B","type":"boolean","currentValue":true}]}`,
			`{"sessionUpdate":"config_option_update","configOptions":[{"configId":"b","name":"B","type":"boolean","currentValue":true}]}`},
		// default-on-null
		{"NewSessionRequest.mcpServers null", "NewSessionRequest",
			`{"cwd":"/home/alice","mcpServers":null}`, `{"cwd":"/home/alice"}`},
		{"NewSessionRequest.additionalDirectories null", "NewSessionRequest",
			`{"cwd":"/home/alice","additionalDirectories":null,"mcpServers":[]}`, `{"cwd":"/home/alice","mcpServers":[]}`},
		{"McpServerStdio args and env null", "McpServerStdio",
			`{"name":"fs","command":"/bin/fs","args":null,"env":null}`, `{"name":"fs","command":"/bin/fs"}`},
		{"AuthMethodTerminal args and env null", "AuthMethodTerminal",
			`{"methodId":"m","name":"n","args":null,"env":null}`, `{"methodId":"m","name":"n"}`},
		{"SessionInfo.additionalDirectories null", "SessionInfo",
			`{"sessionId":"s","cwd":"/w","additionalDirectories":null}`, `{"sessionId":"s","cwd":"/w"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := mustDecode(t, c.typ, c.json)
			out := mustEncode(t, v)
			if d := acptest.JSONDiff([]byte(c.want), out); d != "" {
				t.Errorf("re-encoded as %s, want %s\n%s", out, c.want, d)
			}
		})
	}
	t.Run("skip-invalid keeps order and values", func(t *testing.T) {
		p := mustDecode(t, "PlanUpdateContent", `{"type":"items","planId":"p","entries":[{"content":"a","priority":"high","status":"pending"},{"content":"b","status":"pending"},{"content":"c","priority":"low","status":"completed"}]}`).(*acp.PlanUpdateContent)
		items, ok := p.Value.(*acp.PlanUpdateContentItems)
		if !ok || len(items.Entries) != 2 || items.Entries[0].Content != "a" || items.Entries[1].Content != "c" {
			t.Errorf("got %T %+v", p.Value, p.Value)
		}
	})
	t.Run("default-on-null gives empty, not an error", func(t *testing.T) {
		r := mustDecode(t, "NewSessionRequest", `{"cwd":"/w","mcpServers":null}`).(*acp.NewSessionRequest)
		if len(r.MCPServers) != 0 {
			t.Errorf("MCPServers = %v", r.MCPServers)
		}
	})
	strict := []struct {
		name, typ, json, path string
	}{
		{"required sessionId of wrong kind", "UpdateSessionNotification",
			`{"sessionId":5,"update":{"sessionUpdate":"_x"}}`, "$.sessionId"},
		{"mcpServers wrong kind (only null is lenient)", "NewSessionRequest", `{"cwd":"/w","mcpServers":"none"}`, "$.mcpServers"},
		{"mcpServers bad item (no skip-invalid)", "NewSessionRequest", `{"cwd":"/w","mcpServers":[{"type":"http"}]}`, "$.mcpServers[0]"},
		{"PromptRequest.prompt bad item", "PromptRequest", `{"sessionId":"s","prompt":[{"type":"text"}]}`, "$.prompt[0]"},
		{"PlanItems.entries not an array", "PlanUpdateContent", `{"type":"items","planId":"p","entries":{}}`, "$.entries"},
		{"ContentChunk.messageId wrong kind (required)", "ContentChunk", `{"messageId":7,"content":{"type":"text","text":"x"}}`, "$.messageId"},
	}
	for _, c := range strict {
		t.Run("strict "+c.name, func(t *testing.T) {
			_, err := decode(t, c.typ, c.json)
			var de *acp.DecodeError
			if !errors.As(err, &de) || de.Path != c.path {
				t.Errorf("got %v, want a DecodeError at %s", err, c.path)
			}
		})
	}
}

// TestRawBytesExact: _meta, rawInput and rawOutput keep the exact bytes
// they were decoded from, large integers included.
func TestRawBytesExact(t *testing.T) {
	meta := `{"seq":12345678901234567890,"neg":-98765432109876543210,"f":0.1000000000000000055511151231257827,"e":1E+400,"s":"caf\u00e9 \ud83d\ude00","n":[1.0,-0,null]}`
	raw := `{"max_results":12345678901234567890,"flags":["-n"],"depth":1.50,"path":"C:\\tmp\\x"}`
	t.Run("UpdateSessionNotification._meta", func(t *testing.T) {
		in := `{"sessionId":"s1","update":{"sessionUpdate":"session_info_update","title":"t"},"_meta":` + meta + `}`
		n := mustDecode(t, "UpdateSessionNotification", in).(*acp.UpdateSessionNotification)
		if string(n.Meta) != meta {
			t.Errorf("Meta = %s\nwant   %s", n.Meta, meta)
		}
		out := mustEncode(t, n)
		if want := acptest.AsWritten(in); string(out) != want {
			t.Errorf("output %s\nwant   %s", out, want)
		}
	})
	t.Run("_meta with whitespace kept in the field", func(t *testing.T) {
		spaced := "{ \"a\" : 12345678901234567890 ,\n\t\"b\": [ 1 , 2 ] }"
		n := mustDecode(t, "PlanEntry", `{"content":"x","priority":"low","status":"pending","_meta":`+spaced+`}`).(*acp.PlanEntry)
		if string(n.Meta) != spaced {
			t.Errorf("Meta = %q, want %q", n.Meta, spaced)
		}
	})
	t.Run("_meta on a flattened-union struct", func(t *testing.T) {
		in := `{"state":"idle","_meta":` + meta + `,"stopReason":"end_turn"}`
		out := mustEncode(t, mustDecode(t, "StateUpdate", in))
		if !bytes.Contains(out, []byte(`"_meta":`+acptest.AsWritten(meta))) {
			t.Errorf("output does not contain _meta verbatim: %s", out)
		}
	})
	t.Run("ToolCallUpdate rawInput and rawOutput", func(t *testing.T) {
		in := `{"toolCallId":"c1","rawInput":` + raw + `,"rawOutput":12345678901234567890123}`
		c := mustDecode(t, "ToolCallUpdate", in).(*acp.ToolCallUpdate)
		if got, _ := c.RawInput.Get(); string(got) != raw {
			t.Errorf("RawInput = %s\nwant       %s", got, raw)
		}
		if got, _ := c.RawOutput.Get(); string(got) != "12345678901234567890123" {
			t.Errorf("RawOutput = %s", got)
		}
		if out := mustEncode(t, c); string(out) != in {
			t.Errorf("output %s\nwant   %s", out, in)
		}
	})
	t.Run("rawInput scalar kinds", func(t *testing.T) {
		for _, r := range []string{`"ls -la"`, `true`, `[]`, `-0.0e-0`, `{}`} {
			c := mustDecode(t, "ToolCallUpdate", `{"toolCallId":"c","rawInput":`+r+`}`).(*acp.ToolCallUpdate)
			if got, _ := c.RawInput.Get(); string(got) != r {
				t.Errorf("rawInput %s decoded as %q", r, got)
			}
		}
	})
	t.Run("ErrorData other keeps bytes", func(t *testing.T) {
		d := mustDecode(t, "ErrorData", `{"trace":[12345678901234567890]}`).(*acp.ErrorData)
		if o, ok := d.Value.(*acp.ErrorDataOther); !ok || string(*o) != `{"trace":[12345678901234567890]}` {
			t.Errorf("got %T %v", d.Value, d.Value)
		}
	})
}

// TestUntaggedUnions: RequestID, EmbeddedResourceResource,
// SessionConfigSelectOptions, ErrorData and ElicitationContentValue
// choose their variant from the JSON.
func TestUntaggedUnions(t *testing.T) {
	t.Run("RequestId", func(t *testing.T) {
		for _, c := range []struct{ json, variant string }{
			{`42`, "RequestIDNumber"},
			{`-9223372036854775808`, "RequestIDNumber"},
			{`"42"`, "RequestIDStr"},
			{`""`, "RequestIDStr"},
		} {
			v := mustDecode(t, "RequestId", c.json).(*acp.RequestID)
			if got := acptest.VariantName(v); got != c.variant {
				t.Errorf("%s: variant %s, want %s", c.json, got, c.variant)
			}
			if out := mustEncode(t, v); string(out) != c.json {
				t.Errorf("%s re-encoded as %s", c.json, out)
			}
		}
		if n, ok := mustDecode(t, "RequestId", `42`).(*acp.RequestID).Value.(*acp.RequestIDNumber); !ok || *n != 42 {
			t.Errorf("42 decoded as %v", n)
		}
		for _, bad := range []string{`null`, `1.5`, `9223372036854775808`, `true`, `{}`} {
			if v, err := decode(t, "RequestId", bad); err == nil {
				t.Errorf("v2 RequestId accepted %s as %s", bad, acptest.VariantName(v))
			}
		}
		r := mustDecode(t, "AgentResponse", `{"id":null,"error":{"code":-32700,"message":"Parse error"}}`).(*acp.AgentResponse)
		e, ok := r.Value.(*acp.AgentResponseError)
		if !ok {
			t.Fatalf("variant %T", r.Value)
		}
		if acptest.VariantName(&e.ID) != "AgentResponseErrorIDNull" {
			t.Errorf("error id null decoded as %s", acptest.VariantName(&e.ID))
		}
		if _, err := decode(t, "AgentResponse", `{"id":null,"result":{"messageId":"m"}}`); err == nil {
			t.Error("result with id null accepted")
		}
	})
	t.Run("EmbeddedResourceResource", func(t *testing.T) {
		text := mustDecode(t, "EmbeddedResourceResource", `{"uri":"file:///a.txt","text":"hello"}`).(*acp.EmbeddedResourceResource)
		if tv, ok := text.Value.(*acp.EmbeddedResourceResourceTextResourceContents); !ok || tv.Text != "hello" {
			t.Errorf("text resource decoded as %T", text.Value)
		}
		blob := mustDecode(t, "EmbeddedResourceResource", `{"blob":"AAEC","uri":"file:///a.bin"}`).(*acp.EmbeddedResourceResource)
		if bv, ok := blob.Value.(*acp.EmbeddedResourceResourceBlobResourceContents); !ok || bv.Blob != "AAEC" {
			t.Errorf("blob resource decoded as %T", blob.Value)
		}
		_, err := decode(t, "EmbeddedResourceResource", `{"uri":"file:///a"}`)
		if err == nil || !strings.Contains(err.Error(), `"text"`) || !strings.Contains(err.Error(), `"blob"`) {
			t.Errorf("neither text nor blob: got %v", err)
		}
	})
	t.Run("SessionConfigSelectOptions", func(t *testing.T) {
		u := mustDecode(t, "SessionConfigSelectOptions", `[{"value":"a","name":"A"},{"value":"b","name":"B"}]`).(*acp.SessionConfigSelectOptions)
		if uv, ok := u.Value.(*acp.SessionConfigSelectOptionsUngrouped); !ok || len(*uv) != 2 || (*uv)[1].Value != "b" {
			t.Errorf("ungrouped decoded as %T", u.Value)
		}
		g := mustDecode(t, "SessionConfigSelectOptions", `[{"groupId":"g1","name":"G1","options":[{"value":"a","name":"A"}]}]`).(*acp.SessionConfigSelectOptions)
		if gv, ok := g.Value.(*acp.SessionConfigSelectOptionsGrouped); !ok || len(*gv) != 1 || (*gv)[0].GroupID != "g1" {
			t.Errorf("grouped decoded as %T", g.Value)
		}
		if _, err := decode(t, "SessionConfigSelectOptions", `{"value":"a","name":"A"}`); err == nil {
			t.Error("object accepted as SessionConfigSelectOptions")
		}
	})
	t.Run("ErrorData", func(t *testing.T) {
		for _, c := range []struct{ json, variant string }{
			{`{"requested":3,"supported":[1,2]}`, "ErrorDataUnsupportedProtocolVersion"},
			{`{"sessionId":"s"}`, "ErrorDataSessionNotFound"},
			{`{"detail":"x"}`, "ErrorDataOther"},
			{`"just a string"`, "ErrorDataOther"},
			{`[1,2]`, "ErrorDataOther"},
			{`12345678901234567890`, "ErrorDataOther"},
		} {
			v := mustDecode(t, "ErrorData", c.json).(*acp.ErrorData)
			if got := acptest.VariantName(v); got != c.variant {
				t.Errorf("%s: variant %s, want %s", c.json, got, c.variant)
			}
			if out := mustEncode(t, v); string(out) != c.json {
				t.Errorf("%s re-encoded as %s", c.json, out)
			}
		}
	})
	t.Run("ElicitationContentValue", func(t *testing.T) {
		for _, c := range []struct{ json, variant string }{
			{`"eu"`, "ElicitationContentValueString"},
			{`3`, "ElicitationContentValueInteger"},
			{`3.5`, "ElicitationContentValueNumber"},
			{`false`, "ElicitationContentValueBoolean"},
			{`["a","b"]`, "ElicitationContentValueStringArray"},
			{`{"lat":51.5}`, "ElicitationContentValueOther"},
			{`[1,2]`, "ElicitationContentValueOther"},
			{`null`, "ElicitationContentValueOther"},
		} {
			v, err := decode(t, "ElicitationContentValue", c.json)
			if err != nil {
				t.Errorf("%s: %v (schema-valid: the {} branch accepts any value)", c.json, err)
				continue
			}
			if got := acptest.VariantName(v); got != c.variant {
				t.Errorf("%s: variant %s, want %s", c.json, got, c.variant)
			}
			if out, err := json.Marshal(v); err != nil || !acptest.JSONEqual(out, []byte(c.json)) {
				t.Errorf("%s re-encoded as %s (%v)", c.json, out, err)
			}
		}
		// Beyond int64 the value is a double (format "double"): it keeps
		// its float64 value, not necessarily its digits.
		big := mustDecode(t, "ElicitationContentValue", `9223372036854775808`).(*acp.ElicitationContentValue)
		if n, ok := big.Value.(*acp.ElicitationContentValueNumber); !ok || float64(*n) != 9223372036854775808 {
			t.Errorf("2^63 decoded as %T %v", big.Value, big.Value)
		}
	})
}

// TestIdleStateUpdate: the flattened stopReason union of IdleStateUpdate
// (and of StateUpdate idle) with stopReason absent, null, known, "error"
// with a payload, and unknown.
func TestIdleStateUpdate(t *testing.T) {
	cases := []struct {
		name, json, variant, reencoded string
	}{
		{"absent", `{}`, "IdleStateUpdateNone", `{}`},
		{"absent with background", `{"background":[{"type":"terminal","terminalId":"t1"}]}`, "IdleStateUpdateNone", ""},
		{"null", `{"stopReason":null}`, "IdleStateUpdateNone", `{}`},
		{"end_turn", `{"stopReason":"end_turn"}`, "IdleStateUpdateEndTurn", ""},
		{"max_tokens", `{"stopReason":"max_tokens"}`, "IdleStateUpdateMaxTokens", ""},
		{"max_turn_requests", `{"stopReason":"max_turn_requests"}`, "IdleStateUpdateMaxTurnRequests", ""},
		{"refusal", `{"stopReason":"refusal","background":[]}`, "IdleStateUpdateRefusal", ""},
		{"cancelled", `{"stopReason":"cancelled"}`, "IdleStateUpdateCancelled", ""},
		{"error with payload", `{"stopReason":"error","error":{"code":-32603,"message":"boom","data":{"x":1}}}`, "IdleStateUpdateError", ""},
		{"error without payload", `{"stopReason":"error"}`, "IdleStateUpdateError", ""},
		{"unknown", `{"stopReason":"_budget","budget":{"usd":12345678901234567890}}`, "IdleStateUpdateOther", ""},
		{"future value", `{"stopReason":"paused_for_review"}`, "IdleStateUpdateOther", ""},
		// The schema marks stopReason x-deserialize-default-on-error and its
		// description says a malformed stopReason is treated as not reported.
		{"malformed (number)", `{"stopReason":5}`, "IdleStateUpdateNone", `{}`},
		{"malformed (object)", `{"stopReason":{"code":"end_turn"},"background":[]}`, "IdleStateUpdateNone", `{"background":[]}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := decode(t, "IdleStateUpdate", c.json)
			if err != nil {
				t.Fatalf("decode %s: %v", c.json, err)
			}
			if got := acptest.VariantName(v); got != c.variant {
				t.Errorf("variant %s, want %s", got, c.variant)
			}
			want := c.reencoded
			if want == "" {
				want = c.json
			}
			if out := mustEncode(t, v); !acptest.JSONEqual(out, []byte(want)) {
				t.Errorf("re-encoded as %s, want %s", out, want)
			}
			// The same payload as a state_update session update.
			const head = `{"sessionUpdate":"state_update","state":"idle"}`
			su := mergeObjects(head, c.json)
			u, err := decode(t, "SessionUpdate", su)
			if err != nil {
				t.Fatalf("as SessionUpdate %s: %v", su, err)
			}
			st, ok := u.(*acp.SessionUpdate).Value.(*acp.SessionUpdateStateUpdate)
			if !ok {
				t.Fatalf("SessionUpdate variant %T", u.(*acp.SessionUpdate).Value)
			}
			idle, ok := st.Value.(*acp.StateUpdateIdle)
			if !ok {
				t.Fatalf("StateUpdate variant %T", st.Value)
			}
			if got := acptest.VariantName(&idle.Union); got != c.variant {
				t.Errorf("in SessionUpdate: variant %s, want %s", got, c.variant)
			}
			wantSU := mergeObjects(head, want)
			if out := mustEncode(t, u); !acptest.JSONEqual(out, []byte(wantSU)) {
				t.Errorf("as SessionUpdate re-encoded as %s, want %s", out, wantSU)
			}
		})
	}
	t.Run("error payload fields", func(t *testing.T) {
		v := mustDecode(t, "IdleStateUpdate", `{"stopReason":"error","error":{"code":-32603,"message":"boom","data":{"sessionId":"s9"}}}`).(*acp.IdleStateUpdate)
		e, ok := v.Union.Value.(*acp.IdleStateUpdateError)
		if !ok || e.Error == nil {
			t.Fatalf("got %T %+v", v.Union.Value, v.Union.Value)
		}
		if e.Error.Code != acp.ErrorCodeInternalError || e.Error.Message != "boom" {
			t.Errorf("Error = %+v", e.Error)
		}
		if e.Error.Data == nil || acptest.VariantName(e.Error.Data) != "ErrorDataSessionNotFound" {
			t.Errorf("Error.Data = %+v", e.Error.Data)
		}
	})
	t.Run("unknown keeps raw and tag", func(t *testing.T) {
		in := `{"stopReason":"_budget","budget":{"usd":12345678901234567890}}`
		v := mustDecode(t, "IdleStateUpdate", in).(*acp.IdleStateUpdate)
		o, ok := v.Union.Value.(*acp.IdleStateUpdateOther)
		if !ok || o.StopReason != "_budget" {
			t.Fatalf("got %T %+v", v.Union.Value, v.Union.Value)
		}
		// The struct the union is flattened into holds the unknown members.
		if b, _ := v.Unknown.Get("budget"); string(b) != `{"usd":12345678901234567890}` || o.Unknown.Len() != 0 {
			t.Errorf("budget = %s; variant keeps %d", b, o.Unknown.Len())
		}
		if out := mustEncode(t, v); string(out) != in {
			t.Errorf("re-encoded as %s", out)
		}
	})
	t.Run("constructed", func(t *testing.T) {
		v := acp.IdleStateUpdate{Background: []acp.BackgroundWork{}, Union: acp.NewIdleStateUpdateEndTurn(acp.IdleStateUpdateEndTurn{})}
		if out := mustEncode(t, acp.NewStateUpdateIdle(v)); !acptest.JSONEqual(out, []byte(`{"state":"idle","background":[],"stopReason":"end_turn"}`)) {
			t.Errorf("got %s", out)
		}
		none := acp.IdleStateUpdate{Union: acp.NewIdleStateUpdateNone(acp.IdleStateUpdateNone{})}
		if out := mustEncode(t, none); string(out) != `{}` {
			t.Errorf("none: got %s", out)
		}
	})
}

// TestEncodeUnsetUnion: a union with a nil Value cannot be encoded; the
// encoder reports an error instead of writing invalid JSON.
func TestEncodeUnsetUnion(t *testing.T) {
	cases := []struct {
		name string
		v    any
		path string
	}{
		{"SessionUpdate", acp.SessionUpdate{}, "$"},
		{"RequestId", acp.RequestID{}, "$"},
		{"ContentBlock", &acp.ContentBlock{}, "$"},
		{"PlanUpdateContent", acp.PlanUpdateContent{}, "$"},
		{"UpdateSessionNotification.update", acp.UpdateSessionNotification{SessionID: "s1"}, "$.update"},
		{"nested content", acp.UpdateSessionNotification{SessionID: "s1", Update: acp.NewSessionUpdateAgentMessageChunk(acp.ContentChunk{MessageID: "m"})}, "$.update.content"},
		{"plan in plan_update", acp.NewSessionUpdatePlanUpdate(acp.PlanUpdate{}), "$.plan"},
		{"slice item", acp.PromptRequest{SessionID: "s", Prompt: []acp.ContentBlock{acp.NewContentBlockText(acp.TextContent{Text: "a"}), {}}}, "$.prompt[1]"},
		{"IdleStateUpdate variant", acp.IdleStateUpdate{}, "$"},
		{"StateUpdate idle variant", acp.NewStateUpdateIdle(acp.IdleStateUpdate{}), "$"},
		{"SessionConfigOption variant", acp.SessionConfigOption{ConfigID: "m", Name: "Model"}, "$"},
		{"CancelRequestNotification.requestId", acp.CancelRequestNotification{}, "$.requestId"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := json.Marshal(c.v)
			if err == nil {
				t.Fatalf("encoded an unset union as %s", out)
			}
			if out != nil {
				t.Errorf("output %q returned alongside the error", out)
			}
			var ee *acp.EncodeError
			if !errors.As(err, &ee) {
				t.Fatalf("error %T does not wrap *acp.EncodeError: %v", err, err)
			}
			if ee.Path != c.path {
				t.Errorf("path = %q, want %q (%v)", ee.Path, c.path, err)
			}
			if !strings.Contains(ee.Msg, "no variant") {
				t.Errorf("message %q does not say no variant is set", ee.Msg)
			}
		})
	}
	t.Run("constructed values encode", func(t *testing.T) {
		n := acp.UpdateSessionNotification{
			SessionID: "s1",
			Update: acp.NewSessionUpdatePlanUpdate(acp.PlanUpdate{
				Plan: acp.NewPlanUpdateContentItems(acp.PlanItems{PlanID: "p1", Entries: []acp.PlanEntry{
					{Content: "Write tests", Priority: acp.PlanEntryPriorityHigh, Status: acp.PlanEntryStatusInProgress},
				}}),
			}),
		}
		out := mustEncode(t, n)
		want := `{"sessionId":"s1","update":{"sessionUpdate":"plan_update","plan":{"type":"items","planId":"p1","entries":[{"content":"Write tests","priority":"high","status":"in_progress"}]}}}`
		if !acptest.JSONEqual(out, []byte(want)) {
			t.Errorf("got %s, want %s", out, want)
		}
		if err := loadSchema(t).Validate("UpdateSessionNotification", out); err != nil {
			t.Errorf("constructed message does not validate: %v", err)
		}
	})
}

// TestTruncatedInputNeverPanics: every fixture cut at every byte offset
// (and with bytes corrupted) decodes to an error, never a panic.
func TestTruncatedInputNeverPanics(t *testing.T) {
	acptest.RunTruncation(t, loadFixtures(t), registry)
}

// TestWireDetails: JSON details the decoder must get right: escaped tags
// and keys, insignificant whitespace, integer limits, and members of a
// catch-all that the enclosing struct dropped as malformed.
func TestWireDetails(t *testing.T) {
	cases := []struct {
		name, typ, json, want, variant string
	}{
		{"escaped tag", "SessionUpdate",
			`{"sessionUpdate":"agent\u005fmessage_chunk","messageId":"m","content":{"type":"te\u0078t","text":"x"}}`,
			`{"sessionUpdate":"agent_message_chunk","messageId":"m","content":{"type":"text","text":"x"}}`, "SessionUpdateAgentMessageChunk"},
		{"escaped keys", "SessionUpdate",
			`{"session\u0055pdate":"agent_message_chunk","message\u0049d":"m","cont\u0065nt":{"type":"text","text":"x"}}`,
			`{"sessionUpdate":"agent_message_chunk","messageId":"m","content":{"type":"text","text":"x"}}`, "SessionUpdateAgentMessageChunk"},
		{"whitespace everywhere", "SessionUpdate",
			" \n{ \"sessionUpdate\" :\t\"plan_update\" , \"plan\" : { \"type\" : \"items\" , \"planId\" : \"p\" , \"entries\" : [ ] } }\r\n",
			`{"sessionUpdate":"plan_update","plan":{"type":"items","planId":"p","entries":[]}}`, "SessionUpdatePlanUpdate"},
		{"uint64 max", "SessionUpdate",
			`{"sessionUpdate":"usage_update","used":18446744073709551615,"size":18446744073709551615}`,
			`{"sessionUpdate":"usage_update","used":18446744073709551615,"size":18446744073709551615}`, "SessionUpdateUsageUpdate"},
		{"float forms", "SessionUpdate",
			`{"sessionUpdate":"usage_update","used":1,"size":2,"cost":{"amount":1E-7,"currency":"EUR"}}`,
			`{"sessionUpdate":"usage_update","used":1,"size":2,"cost":{"amount":0.0000001,"currency":"EUR"}}`, "SessionUpdateUsageUpdate"},
		{"unicode text", "ContentBlock",
			`{"type":"text","text":"caf\u00e9 \ud83d\ude00 \"q\" \\ \u2028 <tag> &amp;"}`,
			`{"type":"text","text":"café 😀 \"q\" \\ \u2028 <tag> &amp;"}`, "ContentBlockText"},
		{"catch-all beside a lenient member that failed (an invalid value is dropped)", "SessionConfigOption",
			`{"configId":"t","name":"Temp","description":5,"type":"_slider","min":0}`,
			`{"configId":"t","name":"Temp","type":"_slider","min":0}`, "SessionConfigOptionOther"},
		{"flattened catch-all beside struct members", "StateUpdate",
			`{"state":"idle","stopReason":"_x","background":[],"_meta":{"a":1},"extra":[1]}`,
			`{"state":"idle","stopReason":"_x","background":[],"_meta":{"a":1},"extra":[1]}`, "StateUpdateIdle"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := mustDecode(t, c.typ, c.json)
			if got := acptest.VariantName(v); got != c.variant {
				t.Errorf("variant %s, want %s", got, c.variant)
			}
			out := mustEncode(t, v)
			if d := acptest.JSONDiff([]byte(c.want), out); d != "" {
				t.Errorf("re-encoded as %s: %s", out, d)
			}
		})
	}
	for _, bad := range []struct{ name, typ, json string }{
		{"uint64 overflow", "SessionUpdate", `{"sessionUpdate":"usage_update","used":18446744073709551616,"size":0}`},
		{"uint64 negative", "SessionUpdate", `{"sessionUpdate":"usage_update","used":-1,"size":0}`},
		{"uint64 fraction", "SessionUpdate", `{"sessionUpdate":"usage_update","used":1.5,"size":0}`},
		{"deep nesting in rawInput", "ToolCallUpdate", `{"toolCallId":"c","rawInput":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`},
		{"trailing data", "SessionUpdate", `{"sessionUpdate":"_x"} {}`},
	} {
		t.Run(bad.name, func(t *testing.T) {
			if err := acptest.Decode(registry.New(t, bad.typ), []byte(bad.json)); err == nil {
				t.Error("decoded without error")
			} else if _, ok := err.(*acptest.PanicError); ok {
				t.Error(err)
			}
		})
	}
}
