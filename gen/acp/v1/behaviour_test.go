package acp_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/acptest"
)

// registry maps every schema definition a fixture or test uses to its
// generated Go type.
var registry = acptest.Registry{
	// unions and structs with a flattened union
	"AgentResponse":                 func() any { return new(acp.AgentResponse) },
	"AuthMethod":                    func() any { return new(acp.AuthMethod) },
	"AvailableCommandInput":         func() any { return new(acp.AvailableCommandInput) },
	"ClientResponse":                func() any { return new(acp.ClientResponse) },
	"ContentBlock":                  func() any { return new(acp.ContentBlock) },
	"CreateElicitationRequest":      func() any { return new(acp.CreateElicitationRequest) },
	"CreateElicitationResponse":     func() any { return new(acp.CreateElicitationResponse) },
	"ElicitationContentValue":       func() any { return new(acp.ElicitationContentValue) },
	"ElicitationFormMode":           func() any { return new(acp.ElicitationFormMode) },
	"ElicitationPropertySchema":     func() any { return new(acp.ElicitationPropertySchema) },
	"ElicitationUrlMode":            func() any { return new(acp.ElicitationURLMode) },
	"EmbeddedResourceResource":      func() any { return new(acp.EmbeddedResourceResource) },
	"McpServer":                     func() any { return new(acp.MCPServer) },
	"MultiSelectItems":              func() any { return new(acp.MultiSelectItems) },
	"RequestId":                     func() any { return new(acp.RequestID) },
	"RequestPermissionOutcome":      func() any { return new(acp.RequestPermissionOutcome) },
	"SessionConfigOption":           func() any { return new(acp.SessionConfigOption) },
	"SessionConfigSelectOptions":    func() any { return new(acp.SessionConfigSelectOptions) },
	"SessionUpdate":                 func() any { return new(acp.SessionUpdate) },
	"SetSessionConfigOptionRequest": func() any { return new(acp.SetSessionConfigOptionRequest) },
	"ToolCallContent":               func() any { return new(acp.ToolCallContent) },

	// enums
	"CompactionStatus":            func() any { return new(acp.CompactionStatus) },
	"ElicitationSchemaType":       func() any { return new(acp.ElicitationSchemaType) },
	"ErrorCode":                   func() any { return new(acp.ErrorCode) },
	"NoticeSeverity":              func() any { return new(acp.NoticeSeverity) },
	"PermissionOptionKind":        func() any { return new(acp.PermissionOptionKind) },
	"PlanEntryPriority":           func() any { return new(acp.PlanEntryPriority) },
	"PlanEntryStatus":             func() any { return new(acp.PlanEntryStatus) },
	"Role":                        func() any { return new(acp.Role) },
	"SessionConfigOptionCategory": func() any { return new(acp.SessionConfigOptionCategory) },
	"StopReason":                  func() any { return new(acp.StopReason) },
	"StringFormat":                func() any { return new(acp.StringFormat) },
	"ToolCallStatus":              func() any { return new(acp.ToolCallStatus) },
	"ToolKind":                    func() any { return new(acp.ToolKind) },

	// structs and envelopes
	"AgentNotification":               func() any { return new(acp.AgentNotification) },
	"AgentRequest":                    func() any { return new(acp.AgentRequest) },
	"CancelRequestNotification":       func() any { return new(acp.CancelRequestNotification) },
	"ClientNotification":              func() any { return new(acp.ClientNotification) },
	"ClientRequest":                   func() any { return new(acp.ClientRequest) },
	"CreateTerminalRequest":           func() any { return new(acp.CreateTerminalRequest) },
	"Error":                           func() any { return new(acp.Error) },
	"InitializeRequest":               func() any { return new(acp.InitializeRequest) },
	"InitializeResponse":              func() any { return new(acp.InitializeResponse) },
	"McpServerStdio":                  func() any { return new(acp.MCPServerStdio) },
	"NewSessionRequest":               func() any { return new(acp.NewSessionRequest) },
	"Plan":                            func() any { return new(acp.Plan) },
	"PlanEntry":                       func() any { return new(acp.PlanEntry) },
	"PromptRequest":                   func() any { return new(acp.PromptRequest) },
	"PromptResponse":                  func() any { return new(acp.PromptResponse) },
	"RequestPermissionRequest":        func() any { return new(acp.RequestPermissionRequest) },
	"RequestPermissionResponse":       func() any { return new(acp.RequestPermissionResponse) },
	"SessionNotification":             func() any { return new(acp.SessionNotification) },
	"ToolCall":                        func() any { return new(acp.ToolCall) },
	"ToolCallUpdate":                  func() any { return new(acp.ToolCallUpdate) },
	"UsageUpdate":                     func() any { return new(acp.UsageUpdate) },
	"TextContent":                     func() any { return new(acp.TextContent) },
	"Annotations":                     func() any { return new(acp.Annotations) },
	"ContentChunk":                    func() any { return new(acp.ContentChunk) },
	"TerminalOutputResponse":          func() any { return new(acp.TerminalOutputResponse) },
	"ElicitationSchema":               func() any { return new(acp.ElicitationSchema) },
	"AvailableCommandsUpdate":         func() any { return new(acp.AvailableCommandsUpdate) },
	"SessionModeState":                func() any { return new(acp.SessionModeState) },
	"SelectedPermissionOutcome":       func() any { return new(acp.SelectedPermissionOutcome) },
	"ListSessionsResponse":            func() any { return new(acp.ListSessionsResponse) },
	"CompleteElicitationNotification": func() any { return new(acp.CompleteElicitationNotification) },
}

// variants lists, for the unions whose every variant must have a
// fixture of the union's own type, the generated variant types.
var variants = map[string][]string{
	"SessionUpdate": {
		"SessionUpdateUserMessageChunk", "SessionUpdateAgentMessageChunk", "SessionUpdateAgentThoughtChunk",
		"SessionUpdateToolCall", "SessionUpdateToolCallUpdate", "SessionUpdatePlan",
		"SessionUpdateAvailableCommandsUpdate", "SessionUpdateCurrentModeUpdate", "SessionUpdateConfigOptionUpdate",
		"SessionUpdateSessionInfoUpdate", "SessionUpdateUsageUpdate", "SessionUpdateNotice",
		"SessionUpdateCompactionUpdate", "SessionUpdateCompactionSummaryChunk",
	},
	"ContentBlock": {
		"ContentBlockText", "ContentBlockImage", "ContentBlockAudio", "ContentBlockResourceLink", "ContentBlockResource",
	},
	"ToolCallContent":            {"ToolCallContentVariant", "ToolCallContentDiff", "ToolCallContentTerminal"},
	"RequestPermissionOutcome":   {"RequestPermissionOutcomeCancelled", "RequestPermissionOutcomeSelected"},
	"McpServer":                  {"MCPServerHTTPVariant", "MCPServerSSEVariant", "MCPServerStdioVariant"},
	"RequestId":                  {"RequestIDNull", "RequestIDNumber", "RequestIDStr"},
	"EmbeddedResourceResource":   {"EmbeddedResourceResourceTextResourceContents", "EmbeddedResourceResourceBlobResourceContents"},
	"SessionConfigSelectOptions": {"SessionConfigSelectOptionsUngrouped", "SessionConfigSelectOptionsGrouped"},
	"SessionConfigOption":        {"SessionConfigOptionSelect", "SessionConfigOptionBoolean"},
	"CreateElicitationRequest":   {"CreateElicitationRequestForm", "CreateElicitationRequestURL", "CreateElicitationRequestOther"},
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
		"ElicitationContentValueBoolean", "ElicitationContentValueStringArray",
	},
	"ElicitationFormMode":           {"ElicitationFormModeSession", "ElicitationFormModeRequest"},
	"ElicitationUrlMode":            {"ElicitationURLModeSession", "ElicitationURLModeRequest"},
	"AuthMethod":                    {"AuthMethodTerminalVariant", "AuthMethodAgentVariant"},
	"SetSessionConfigOptionRequest": {"SetSessionConfigOptionRequestBoolean", "SetSessionConfigOptionRequestValueID"},
	"AgentResponse":                 {"AgentResponseResult", "AgentResponseError"},
	"ClientResponse":                {"ClientResponseResult", "ClientResponseError"},
	"AvailableCommandInput":         {"AvailableCommandInputUnstructured"},
}

func loadSchema(t *testing.T) *acptest.Schema {
	t.Helper()
	path, err := acptest.SchemaPath("v1")
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

// TestEnums: every const of every enum decodes and is known; closed enums
// (v1 oneOf) reject unknown values; open ones keep them.
func TestEnums(t *testing.T) {
	acptest.RunEnums(t, loadSchema(t), registry)

	t.Run("PlanEntryPriority urgent", func(t *testing.T) {
		_, err := decode(t, "PlanEntryPriority", `"urgent"`)
		if err == nil {
			t.Fatal(`closed enum PlanEntryPriority accepted "urgent"`)
		}
		for _, want := range []string{"PlanEntryPriority", `"urgent"`, `"high"`, `"medium"`, `"low"`} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error %q does not mention %s", err, want)
			}
		}
		_, err = decode(t, "PlanEntry", `{"content":"x","priority":"urgent","status":"pending"}`)
		var de *acp.DecodeError
		if !errors.As(err, &de) || de.Path != "$.priority" {
			t.Errorf("PlanEntry with priority urgent: got %v, want a DecodeError at $.priority", err)
		}
	})
	t.Run("open enum keeps unknown", func(t *testing.T) {
		v := mustDecode(t, "NoticeSeverity", `"_acme_debug"`).(*acp.NoticeSeverity)
		if *v != "_acme_debug" || v.IsKnown() || !v.IsExtension() {
			t.Errorf("got %q known=%v ext=%v", *v, v.IsKnown(), v.IsExtension())
		}
		c := mustDecode(t, "SessionConfigOptionCategory", `"vision"`).(*acp.SessionConfigOptionCategory)
		if *c != "vision" || c.IsKnown() || c.IsExtension() {
			t.Errorf("got %q known=%v ext=%v", *c, c.IsKnown(), c.IsExtension())
		}
	})
	t.Run("ErrorCode open int32", func(t *testing.T) {
		c := mustDecode(t, "ErrorCode", `-32099`).(*acp.ErrorCode)
		if *c != -32099 || c.IsKnown() {
			t.Errorf("got %d known=%v", *c, c.IsKnown())
		}
		if !acp.ErrorCodeParseError.IsKnown() {
			t.Error("ErrorCodeParseError.IsKnown() = false")
		}
		for _, bad := range []string{`2147483648`, `-2147483649`, `1.5`, `"1"`} {
			if _, err := decode(t, "ErrorCode", bad); err == nil {
				t.Errorf("ErrorCode accepted %s", bad)
			}
		}
	})
}

// TestClosedUnionUnknownTag: v1 unions are closed (oneOf); an unknown tag
// is a DecodeError naming the union, the tag property, the value and the
// known values.
func TestClosedUnionUnknownTag(t *testing.T) {
	cases := []struct {
		name, typ, json, path string
		want                  []string
	}{
		{"SessionUpdate bogus", "SessionUpdate",
			`{"sessionUpdate":"bogus","content":{"type":"text","text":"hi"}}`, "$",
			[]string{"SessionUpdate", "sessionUpdate", `"bogus"`, `"agent_message_chunk"`, `"compaction_summary_chunk"`}},
		{"SessionUpdate extension tag", "SessionUpdate",
			`{"sessionUpdate":"_acme_progress","percent":50}`, "$",
			[]string{"SessionUpdate", "sessionUpdate", `"_acme_progress"`, `"plan"`}},
		{"nested in SessionNotification", "SessionNotification",
			`{"sessionId":"s1","update":{"sessionUpdate":"bogus"}}`, "$.update",
			[]string{"SessionUpdate", `"bogus"`, `"user_message_chunk"`}},
		{"ContentBlock video", "ContentBlock",
			`{"type":"video","data":"AAAA","mimeType":"video/mp4"}`, "$",
			[]string{"ContentBlock", "type", `"video"`, `"text"`, `"resource_link"`}},
		{"ToolCallContent", "ToolCallContent",
			`{"type":"_acme_chart","points":[1,2]}`, "$",
			[]string{"ToolCallContent", "type", `"_acme_chart"`, `"diff"`, `"terminal"`}},
		{"RequestPermissionOutcome", "RequestPermissionOutcome",
			`{"outcome":"deferred"}`, "$",
			[]string{"RequestPermissionOutcome", "outcome", `"deferred"`, `"cancelled"`, `"selected"`}},
		{"McpServer websocket", "McpServer",
			`{"type":"websocket","name":"ws","url":"wss://example.com"}`, "$",
			[]string{"MCPServer", "type", `"websocket"`, `"http"`, `"sse"`}},
		{"SessionConfigOption slider", "SessionConfigOption",
			`{"id":"temp","name":"Temperature","type":"slider","currentValue":0.5}`, "$",
			[]string{"type", `"slider"`, `"select"`, `"boolean"`}},
		{"deep in PromptRequest", "PromptRequest",
			`{"sessionId":"s1","prompt":[{"type":"text","text":"a"},{"type":"video","data":""}]}`, "$.prompt[1]",
			[]string{"ContentBlock", `"video"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := decode(t, c.typ, c.json)
			if err == nil {
				t.Fatalf("unknown tag decoded without error: %+v", v)
			}
			var de *acp.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error is %T, want *acp.DecodeError: %v", err, err)
			}
			if de.Path != c.path {
				t.Errorf("path = %q, want %q (error %v)", de.Path, c.path, err)
			}
			for _, w := range c.want {
				if !strings.Contains(de.Msg, w) {
					t.Errorf("message %q does not mention %s", de.Msg, w)
				}
			}
		})
	}
}

// TestKnownTagBadPayload: a known tag whose payload does not decode is an
// error at the payload's path, never silently something else.
func TestKnownTagBadPayload(t *testing.T) {
	cases := []struct {
		name, typ, json, path, msg string
	}{
		{"agent_message_chunk without content", "SessionUpdate",
			`{"sessionUpdate":"agent_message_chunk","messageId":"m1"}`, "$", `missing required property "content"`},
		{"tool_call without title", "SessionUpdate",
			`{"sessionUpdate":"tool_call","toolCallId":"c1"}`, "$", `missing required property "title"`},
		{"text content with numeric text", "SessionUpdate",
			`{"sessionUpdate":"user_message_chunk","content":{"type":"text","text":5}}`, "$.content.text", ""},
		{"usage_update with negative used", "SessionUpdate",
			`{"sessionUpdate":"usage_update","used":-1,"size":10}`, "$.used", ""},
		{"current_mode_update with null mode", "SessionUpdate",
			`{"sessionUpdate":"current_mode_update","currentModeId":null}`, "$.currentModeId", ""},
		{"selected outcome without optionId", "RequestPermissionOutcome",
			`{"outcome":"selected"}`, "$", `missing required property "optionId"`},
		{"diff without newText", "ToolCallContent",
			`{"type":"diff","path":"/a"}`, "$", `missing required property "newText"`},
		{"http server without url", "McpServer",
			`{"type":"http","name":"x","headers":[]}`, "$", `missing required property "url"`},
		{"tag of the wrong kind", "SessionUpdate",
			`{"sessionUpdate":7}`, "$.sessionUpdate", ""},
		{"tag missing", "SessionUpdate",
			`{"content":{"type":"text","text":"x"}}`, "$", `missing required property "sessionUpdate"`},
		{"not an object", "SessionUpdate", `["agent_message_chunk"]`, "$", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := decode(t, c.typ, c.json)
			if err == nil {
				t.Fatalf("bad payload decoded without error: %s", mustEncode(t, v))
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
		{"SessionNotification without sessionId", "SessionNotification",
			`{"update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"hi"}}}`,
			`$: missing required property "sessionId"`},
		{"SessionNotification without update", "SessionNotification",
			`{"sessionId":"s1"}`, `$: missing required property "update"`},
		{"update without sessionUpdate", "SessionNotification",
			`{"sessionId":"s1","update":{"content":{"type":"text","text":"hi"}}}`,
			`$.update: missing required property "sessionUpdate"`},
		{"text block without text", "SessionNotification",
			`{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text"}}}`,
			`$.update.content: missing required property "text"`},
		{"content block without type", "SessionNotification",
			`{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","content":{"text":"hi"}}}`,
			`$.update.content: missing required property "type"`},
		{"embedded resource without uri", "SessionNotification",
			`{"sessionId":"s1","update":{"sessionUpdate":"user_message_chunk","content":{"type":"resource","resource":{"text":"x"}}}}`,
			`$.update.content.resource: missing required property "uri"`},
		{"prompt item without text", "PromptRequest",
			`{"sessionId":"s1","prompt":[{"type":"text","text":"ok"},{"type":"text"}]}`,
			`$.prompt[1]: missing required property "text"`},
		{"permission option without kind", "RequestPermissionRequest",
			`{"sessionId":"s1","toolCall":{"toolCallId":"c1"},"options":[{"optionId":"a","name":"Allow"}]}`,
			`$.options[0]: missing required property "kind"`},
		{"tool call update inside permission request", "RequestPermissionRequest",
			`{"sessionId":"s1","toolCall":{"title":"x"},"options":[]}`,
			`$.toolCall: missing required property "toolCallId"`},
		{"stdio server without env", "NewSessionRequest",
			`{"cwd":"/w","mcpServers":[{"name":"fs","command":"/bin/fs","args":[]}]}`,
			`$.mcpServers[0]: missing required property "env"`},
		{"odd key in path", "ElicitationSchema",
			`{"properties":{"first name":{"type":"string","minLength":"x"}}}`,
			`$.properties["first name"].minLength: `},
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
		if u.Title != nil {
			t.Errorf("Title = %q, want nil", *u.Title)
		}
		if u.ToolCallID != "c1" || u.Status == nil || *u.Status != acp.ToolCallStatusCompleted {
			t.Errorf("other fields lost: %+v", u)
		}
		if got := string(mustEncode(t, u)); !acptest.JSONEqual([]byte(got), []byte(`{"toolCallId":"c1","status":"completed"}`)) {
			t.Errorf("re-encoded as %s", got)
		}
	})
	t.Run("default-on-error inside SessionUpdate", func(t *testing.T) {
		n := mustDecode(t, "SessionNotification",
			`{"sessionId":"s1","update":{"sessionUpdate":"tool_call_update","toolCallId":"c1","title":{"bad":true},"kind":"teleport","locations":"nope"}}`).(*acp.SessionNotification)
		u, ok := n.Update.Value.(*acp.SessionUpdateToolCallUpdate)
		if !ok {
			t.Fatalf("variant %T", n.Update.Value)
		}
		if u.Title != nil || u.Kind != nil || u.Locations != nil {
			t.Errorf("bad fields kept: title=%v kind=%v locations=%v", u.Title, u.Kind, u.Locations)
		}
	})
	cases := []struct {
		name, typ, json, want string
	}{
		{"ToolCall.kind unknown closed enum", "ToolCall",
			`{"toolCallId":"c1","title":"t","kind":"teleport","status":"pending"}`,
			`{"toolCallId":"c1","title":"t","status":"pending"}`},
		{"ToolCall.status wrong kind", "ToolCall",
			`{"toolCallId":"c1","title":"t","status":3}`, `{"toolCallId":"c1","title":"t"}`},
		{"ContentChunk.messageId number", "ContentChunk",
			`{"content":{"type":"text","text":"x"},"messageId":7}`, `{"content":{"type":"text","text":"x"}}`},
		{"Annotations.priority string", "Annotations",
			`{"priority":"high","lastModified":"2025-01-01T00:00:00Z"}`, `{"lastModified":"2025-01-01T00:00:00Z"}`},
		{"_meta not an object", "TextContent",
			`{"text":"x","_meta":"oops"}`, `{"text":"x"}`},
		{"_meta array", "SessionNotification",
			`{"sessionId":"s","update":{"sessionUpdate":"current_mode_update","currentModeId":"m"},"_meta":[1]}`,
			`{"sessionId":"s","update":{"sessionUpdate":"current_mode_update","currentModeId":"m"}}`},
		{"ToolCallLocation.line negative", "ToolCall",
			`{"toolCallId":"c1","title":"t","locations":[{"path":"/a","line":-1}]}`,
			`{"toolCallId":"c1","title":"t","locations":[{"path":"/a"}]}`},
		{"UsageUpdate.cost malformed", "UsageUpdate",
			`{"used":1,"size":2,"cost":{"amount":"free","currency":"USD"}}`, `{"used":1,"size":2}`},
		{"TerminalOutputResponse.exitStatus wrong", "TerminalOutputResponse",
			`{"output":"ok","truncated":false,"exitStatus":{"exitCode":"zero"}}`,
			`{"output":"ok","truncated":false,"exitStatus":{}}`},
		{"InitializeResponse.agentCapabilities wrong kind", "InitializeResponse",
			`{"protocolVersion":1,"agentCapabilities":"all"}`, `{"protocolVersion":1}`},
		{"ElicitationSchema.type unknown", "ElicitationSchema",
			`{"type":"array","properties":{}}`, `{"properties":{}}`},
		{"Plan.entries not an array", "Plan", `{"entries":{"0":"x"}}`, `{"entries":[]}`},
		// skip-invalid-items
		{"Plan.entries bad middle item", "Plan",
			`{"entries":[{"content":"a","priority":"high","status":"pending"},{"content":"b","priority":"urgent","status":"pending"},{"content":"c","priority":"low","status":"completed"}]}`,
			`{"entries":[{"content":"a","priority":"high","status":"pending"},{"content":"c","priority":"low","status":"completed"}]}`},
		{"Plan.entries bad first and last", "Plan",
			`{"entries":[7,{"content":"b","priority":"medium","status":"in_progress"},{"content":"c"}]}`,
			`{"entries":[{"content":"b","priority":"medium","status":"in_progress"}]}`},
		{"ToolCall.content unknown variant dropped", "ToolCall",
			`{"toolCallId":"c","title":"t","content":[{"type":"terminal","terminalId":"t1"},{"type":"video"},{"type":"content","content":{"type":"text","text":"x"}}]}`,
			`{"toolCallId":"c","title":"t","content":[{"type":"terminal","terminalId":"t1"},{"type":"content","content":{"type":"text","text":"x"}}]}`},
		{"Annotations.audience unknown role dropped", "Annotations",
			`{"audience":["user","robot","assistant"]}`, `{"audience":["user","assistant"]}`},
		{"AvailableCommandsUpdate bad command dropped", "AvailableCommandsUpdate",
			`{"availableCommands":[{"name":"a"},{"name":"b","description":"B"}]}`,
			`{"availableCommands":[{"name":"b","description":"B"}]}`},
		// default-on-null
		{"NewSessionRequest.mcpServers null", "NewSessionRequest",
			`{"cwd":"/home/alice","mcpServers":null}`, `{"cwd":"/home/alice","mcpServers":[]}`},
		{"NewSessionRequest.additionalDirectories null", "NewSessionRequest",
			`{"cwd":"/home/alice","mcpServers":[],"additionalDirectories":null}`, `{"cwd":"/home/alice","mcpServers":[]}`},
		{"McpServerStdio args and env null", "McpServerStdio",
			`{"name":"fs","command":"/bin/fs","args":null,"env":null}`, `{"name":"fs","command":"/bin/fs","args":[],"env":[]}`},
		{"CreateTerminalRequest args null", "CreateTerminalRequest",
			`{"sessionId":"s","command":"ls","args":null,"env":null}`, `{"sessionId":"s","command":"ls"}`},
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
	t.Run("nullable optional: null is absent", func(t *testing.T) {
		d := mustDecode(t, "ToolCallContent", `{"type":"diff","path":"/a","oldText":null,"newText":"x"}`).(*acp.ToolCallContent)
		dv, ok := d.Value.(*acp.ToolCallContentDiff)
		if !ok || dv.OldText != nil {
			t.Fatalf("got %T %+v", d.Value, d.Value)
		}
		if out := mustEncode(t, d); !acptest.JSONEqual(out, []byte(`{"type":"diff","path":"/a","newText":"x"}`)) {
			t.Errorf("re-encoded as %s", out)
		}
	})
	t.Run("skip-invalid keeps order and values", func(t *testing.T) {
		p := mustDecode(t, "Plan", `{"entries":[{"content":"a","priority":"high","status":"pending"},{"content":"b","priority":"urgent","status":"pending"},{"content":"c","priority":"low","status":"completed"}]}`).(*acp.Plan)
		if len(p.Entries) != 2 || p.Entries[0].Content != "a" || p.Entries[1].Content != "c" || p.Entries[1].Priority != acp.PlanEntryPriorityLow {
			t.Errorf("entries = %+v", p.Entries)
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
		{"required sessionId of wrong kind", "SessionNotification",
			`{"sessionId":5,"update":{"sessionUpdate":"current_mode_update","currentModeId":"m"}}`, "$.sessionId"},
		{"mcpServers wrong kind (only null is lenient)", "NewSessionRequest", `{"cwd":"/w","mcpServers":"none"}`, "$.mcpServers"},
		{"mcpServers bad item (no skip-invalid)", "NewSessionRequest", `{"cwd":"/w","mcpServers":[{"type":"http"}]}`, "$.mcpServers[0]"},
		{"PromptRequest.prompt bad item", "PromptRequest", `{"sessionId":"s","prompt":[{"type":"text"}]}`, "$.prompt[0]"},
		{"PlanEntry.status unknown", "PlanEntry", `{"content":"a","priority":"low","status":"blocked"}`, "$.status"},
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

// TestRawBytesExact: _meta, rawInput, rawOutput and error data keep the
// exact bytes they were decoded from, large integers included.
func TestRawBytesExact(t *testing.T) {
	meta := `{"seq":12345678901234567890,"neg":-98765432109876543210,"f":0.1000000000000000055511151231257827,"e":1E+400,"s":"caf\u00e9 \ud83d\ude00","n":[1.0,-0,null]}`
	raw := `{"max_results":12345678901234567890,"flags":["-n"],"depth":1.50,"path":"C:\\tmp\\x"}`
	t.Run("SessionNotification._meta", func(t *testing.T) {
		in := `{"sessionId":"s1","update":{"sessionUpdate":"current_mode_update","currentModeId":"code"},"_meta":` + meta + `}`
		n := mustDecode(t, "SessionNotification", in).(*acp.SessionNotification)
		if string(n.Meta) != meta {
			t.Errorf("Meta = %s\nwant   %s", n.Meta, meta)
		}
		out := mustEncode(t, n)
		if !bytes.Contains(out, []byte(`"_meta":`+acptest.AsWritten(meta))) {
			t.Errorf("output does not contain _meta verbatim: %s", out)
		}
		if !acptest.JSONEqual([]byte(in), out) {
			t.Errorf("round trip: %s", acptest.JSONDiff([]byte(in), out))
		}
	})
	t.Run("_meta with whitespace kept in the field", func(t *testing.T) {
		spaced := "{ \"a\" : 12345678901234567890 ,\n\t\"b\": [ 1 , 2 ] }"
		n := mustDecode(t, "PlanEntry", `{"content":"x","priority":"low","status":"pending","_meta":`+spaced+`}`).(*acp.PlanEntry)
		if string(n.Meta) != spaced {
			t.Errorf("Meta = %q, want %q", n.Meta, spaced)
		}
	})
	t.Run("nested _meta in ContentBlock", func(t *testing.T) {
		in := `{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"x","_meta":` + meta + `}}}`
		out := mustEncode(t, mustDecode(t, "SessionNotification", in))
		if !bytes.Contains(out, []byte(`"_meta":`+acptest.AsWritten(meta))) {
			t.Errorf("output does not contain nested _meta verbatim: %s", out)
		}
	})
	t.Run("ToolCall rawInput and rawOutput", func(t *testing.T) {
		in := `{"toolCallId":"c1","title":"grep","rawInput":` + raw + `,"rawOutput":12345678901234567890123}`
		c := mustDecode(t, "ToolCall", in).(*acp.ToolCall)
		if string(c.RawInput) != raw {
			t.Errorf("RawInput = %s\nwant       %s", c.RawInput, raw)
		}
		if string(c.RawOutput) != "12345678901234567890123" {
			t.Errorf("RawOutput = %s", c.RawOutput)
		}
		out := mustEncode(t, c)
		if !bytes.Contains(out, []byte(`"rawInput":`+raw)) || !bytes.Contains(out, []byte(`"rawOutput":12345678901234567890123`)) {
			t.Errorf("raw values not verbatim: %s", out)
		}
	})
	t.Run("rawInput scalar kinds", func(t *testing.T) {
		for _, r := range []string{`"ls -la"`, `null`, `true`, `[]`, `-0.0e-0`} {
			c := mustDecode(t, "ToolCallUpdate", `{"toolCallId":"c","rawInput":`+r+`}`).(*acp.ToolCallUpdate)
			if string(c.RawInput) != r {
				t.Errorf("rawInput %s decoded as %q", r, c.RawInput)
			}
		}
	})
	t.Run("Error.data", func(t *testing.T) {
		in := `{"code":-32603,"message":"Internal error","data":{"trace":[12345678901234567890]}}`
		e := mustDecode(t, "Error", in).(*acp.Error)
		if string(e.Data) != `{"trace":[12345678901234567890]}` {
			t.Errorf("Data = %s", e.Data)
		}
	})
}

// TestUntaggedUnions: RequestID, EmbeddedResourceResource and
// SessionConfigSelectOptions choose their variant from the JSON.
func TestUntaggedUnions(t *testing.T) {
	t.Run("RequestId", func(t *testing.T) {
		cases := []struct {
			json    string
			variant string
		}{
			{`42`, "RequestIDNumber"},
			{`-9223372036854775808`, "RequestIDNumber"},
			{`9223372036854775807`, "RequestIDNumber"},
			{`"42"`, "RequestIDStr"},
			{`""`, "RequestIDStr"},
			{`null`, "RequestIDNull"},
		}
		for _, c := range cases {
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
		if s, ok := mustDecode(t, "RequestId", `"req-1"`).(*acp.RequestID).Value.(*acp.RequestIDStr); !ok || *s != "req-1" {
			t.Errorf(`"req-1" decoded as %v`, s)
		}
		for _, bad := range []string{`1.5`, `9223372036854775808`, `true`, `{}`, `[]`, `1e3`} {
			if v, err := decode(t, "RequestId", bad); err == nil {
				t.Errorf("RequestId accepted %s as %s", bad, acptest.VariantName(v))
			}
		}
		for _, id := range []acp.RequestID{acp.NewRequestIDNull(), acp.NewRequestIDNumber(7), acp.NewRequestIDStr("x")} {
			r := acp.CancelRequestNotification{RequestID: id}
			out := mustEncode(t, r)
			back := mustDecode(t, "CancelRequestNotification", string(out)).(*acp.CancelRequestNotification)
			if acptest.VariantName(&back.RequestID) != acptest.VariantName(&id) {
				t.Errorf("%s came back as %s", out, acptest.VariantName(&back.RequestID))
			}
		}
	})
	t.Run("EmbeddedResourceResource", func(t *testing.T) {
		text := mustDecode(t, "EmbeddedResourceResource", `{"uri":"file:///a.txt","text":"hello"}`).(*acp.EmbeddedResourceResource)
		if tv, ok := text.Value.(*acp.EmbeddedResourceResourceTextResourceContents); !ok || tv.Text != "hello" {
			t.Errorf("text resource decoded as %T", text.Value)
		}
		blob := mustDecode(t, "EmbeddedResourceResource", `{"blob":"AAEC","uri":"file:///a.bin","mimeType":"application/octet-stream"}`).(*acp.EmbeddedResourceResource)
		if bv, ok := blob.Value.(*acp.EmbeddedResourceResourceBlobResourceContents); !ok || bv.Blob != "AAEC" {
			t.Errorf("blob resource decoded as %T", blob.Value)
		}
		_, err := decode(t, "EmbeddedResourceResource", `{"uri":"file:///a"}`)
		if err == nil || !strings.Contains(err.Error(), `"text"`) || !strings.Contains(err.Error(), `"blob"`) {
			t.Errorf("neither text nor blob: got %v", err)
		}
		if _, err := decode(t, "EmbeddedResourceResource", `"file:///a"`); err == nil {
			t.Error("string accepted as EmbeddedResourceResource")
		}
	})
	t.Run("SessionConfigSelectOptions", func(t *testing.T) {
		u := mustDecode(t, "SessionConfigSelectOptions", `[{"value":"a","name":"A"},{"value":"b","name":"B"}]`).(*acp.SessionConfigSelectOptions)
		if uv, ok := u.Value.(*acp.SessionConfigSelectOptionsUngrouped); !ok || len(*uv) != 2 || (*uv)[1].Value != "b" {
			t.Errorf("ungrouped decoded as %T %v", u.Value, u.Value)
		}
		g := mustDecode(t, "SessionConfigSelectOptions", `[{"group":"g1","name":"G1","options":[{"value":"a","name":"A"}]}]`).(*acp.SessionConfigSelectOptions)
		if gv, ok := g.Value.(*acp.SessionConfigSelectOptionsGrouped); !ok || len(*gv) != 1 || (*gv)[0].Group != "g1" || len((*gv)[0].Options) != 1 {
			t.Errorf("grouped decoded as %T %v", g.Value, g.Value)
		}
		e := mustDecode(t, "SessionConfigSelectOptions", `[]`).(*acp.SessionConfigSelectOptions)
		if e.Value == nil {
			t.Error("[] decoded to no variant")
		} else if out := mustEncode(t, e); string(out) != `[]` {
			t.Errorf("[] re-encoded as %s", out)
		}
		if _, err := decode(t, "SessionConfigSelectOptions", `{"value":"a","name":"A"}`); err == nil {
			t.Error("object accepted as SessionConfigSelectOptions")
		}
		if _, err := decode(t, "SessionConfigSelectOptions", `[{"value":"a","name":"A"},{"group":"g","name":"G","options":[]}]`); err == nil {
			t.Error("mixed options and groups accepted")
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
		{"McpServer", acp.MCPServer{}, "$"},
		{"SessionNotification.update", acp.SessionNotification{SessionID: "s1"}, "$.update"},
		{"nested content", acp.SessionNotification{SessionID: "s1", Update: acp.NewSessionUpdateAgentMessageChunk(acp.ContentChunk{})}, "$.update.content"},
		{"slice item", acp.PromptRequest{SessionID: "s", Prompt: []acp.ContentBlock{acp.NewContentBlockText(acp.TextContent{Text: "a"}), {}}}, "$.prompt[1]"},
		{"flattened variant", acp.SessionConfigOption{ID: "m", Name: "Model"}, "$"},
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
		n := acp.SessionNotification{
			SessionID: "s1",
			Update: acp.NewSessionUpdateAgentMessageChunk(acp.ContentChunk{
				Content: acp.NewContentBlockText(acp.TextContent{Text: "hello"}),
			}),
		}
		out := mustEncode(t, n)
		want := `{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"hello"}}}`
		if !acptest.JSONEqual(out, []byte(want)) {
			t.Errorf("got %s, want %s", out, want)
		}
		if err := loadSchema(t).Validate("SessionNotification", out); err != nil {
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
// and keys, insignificant whitespace, integer limits, unicode.
func TestWireDetails(t *testing.T) {
	cases := []struct {
		name, typ, json, want, variant string
	}{
		{"escaped tag", "SessionUpdate",
			`{"sessionUpdate":"agent\u005fmessage_chunk","content":{"type":"te\u0078t","text":"x"}}`,
			`{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"x"}}`, "SessionUpdateAgentMessageChunk"},
		{"escaped keys", "SessionUpdate",
			`{"session\u0055pdate":"agent_message_chunk","cont\u0065nt":{"type":"text","text":"x"}}`,
			`{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"x"}}`, "SessionUpdateAgentMessageChunk"},
		{"whitespace everywhere", "SessionUpdate",
			" \n{ \"sessionUpdate\" :\t\"plan\" , \"entries\" : [ { \"content\" : \"a\" , \"priority\" : \"low\" , \"status\" : \"pending\" } ] }\r\n",
			`{"sessionUpdate":"plan","entries":[{"content":"a","priority":"low","status":"pending"}]}`, "SessionUpdatePlan"},
		{"uint64 max", "SessionUpdate",
			`{"sessionUpdate":"usage_update","used":18446744073709551615,"size":18446744073709551615}`,
			`{"sessionUpdate":"usage_update","used":18446744073709551615,"size":18446744073709551615}`, "SessionUpdateUsageUpdate"},
		{"float forms", "SessionUpdate",
			`{"sessionUpdate":"usage_update","used":1,"size":2,"cost":{"amount":1E-7,"currency":"EUR"}}`,
			`{"sessionUpdate":"usage_update","used":1,"size":2,"cost":{"amount":0.0000001,"currency":"EUR"}}`, "SessionUpdateUsageUpdate"},
		{"unicode text", "ContentBlock",
			`{"type":"text","text":"caf\u00e9 \ud83d\ude00 \"q\" \\ \u2028 <tag> &amp;"}`,
			`{"type":"text","text":"café 😀 \"q\" \\ \u2028 <tag> &amp;"}`, "ContentBlockText"},
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
		{"uint16 protocol version overflow", "InitializeRequest", `{"protocolVersion":65536}`},
		{"deep nesting in rawInput", "ToolCallUpdate", `{"toolCallId":"c","rawInput":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`},
		{"trailing data", "SessionUpdate", `{"sessionUpdate":"plan","entries":[]} {}`},
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
