package naming

import (
	"go/token"
	"slices"
	"testing"
)

func TestDropRepeatedWords(t *testing.T) {
	for name, want := range map[string]string{
		"AgentResponseResultResultSetSessionConfigOptionResponse": "AgentResponseResultSetSessionConfigOptionResponse",
		"SessionUpdateToolCallUpdate":                             "SessionUpdateToolCallUpdate", // not adjacent: kept
		"ContentBlockText":                                        "ContentBlockText",
		"RequestIdIdNumber":                                       "RequestIdNumber",
		"RequestIDIDNumber":                                       "RequestIDNumber",
		"ToolToolToolKind":                                        "ToolKind",
		"MCPServerHTTP":                                           "MCPServerHTTP",
	} {
		if got := DropRepeatedWords(name); got != want {
			t.Errorf("DropRepeatedWords(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestGoNameExported: every name GoName returns is an exported identifier,
// whatever the schema name (issue 18: 日本 gave an unexported field).
func TestGoNameExported(t *testing.T) {
	for name, want := range map[string]string{
		"sessionId": "SessionID", "_meta": "Meta", "": "X", "-": "X", "1x": "X1x",
		"日本": "X日本", "é": "É", "ǅa": "Ǆa", "a b": "AB", "marshalJSON": "MarshalJSON",
		"\x00": "X", "a\u0301": "A",
	} {
		got := GoName(name)
		if got != want {
			t.Errorf("GoName(%q) = %q, want %q", name, got, want)
		}
		if !token.IsIdentifier(got) || !token.IsExported(got) {
			t.Errorf("GoName(%q) = %q is not an exported identifier", name, got)
		}
	}
}

// TestFieldNamesUnique: properties named like acpgen's own fields and
// methods, or alike after conversion, get suffixes in order.
func TestFieldNamesUnique(t *testing.T) {
	fn := NewFieldNames()
	var got []string
	for _, p := range []string{"id", "ID", "Id", "marshalJSON", "UnmarshalJSON", "validate", "unknown", "union", "x2", "x"} {
		got = append(got, fn.Claim(GoName(p)))
	}
	want := []string{"ID", "ID2", "ID3", "MarshalJSON2", "UnmarshalJSON2", "Validate2", "Unknown2", "Union2", "X2", "X"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
}

// TestMemberType: a word repeated where owner and property meet is said
// once, and a property that repeats the owner's last word makes the
// owner's Data; repeats inside either name stay.
func TestMemberType(t *testing.T) {
	for _, c := range []struct{ owner, prop, want string }{
		{"AgentResponseResult", "result", "AgentResponseResultData"},
		{"SessionUpdate", "update", "SessionUpdateData"},
		{"ToolCall", "callId", "ToolCallID"},
		{"ToolCall", "content", "ToolCallContent"},
		{"RequestIdId", "value", "RequestIdIdValue"},
		{"Plan", "entries", "PlanEntries"},
	} {
		if got := MemberType(c.owner, c.prop); got != c.want {
			t.Errorf("MemberType(%q, %q) = %q, want %q", c.owner, c.prop, got, c.want)
		}
	}
}

// TestInitialisms: one rule for every Go name: a whole word that is an
// initialism (or its plural) is written in capitals, whether it comes
// from a definition's name (TypeName) or a property's or tag's (GoName).
func TestInitialisms(t *testing.T) {
	for _, c := range []struct{ in, goName, typeName string }{
		{"SessionId", "SessionID", "SessionID"},
		{"sessionId", "SessionID", "sessionID"},
		{"McpServerHttp", "MCPServerHTTP", "MCPServerHTTP"},
		{"mcpServers", "MCPServers", "MCPServers"},
		{"MCPServers", "MCPServers", "MCPServers"},
		{"fs", "FS", "FS"},
		{"JsonRpcVersion", "JSONRPCVersion", "JSONRPCVersion"},
		{"LlmProtocol", "LLMProtocol", "LLMProtocol"},
		{"optionIds", "OptionIDs", "optionIDs"},
		{"IDs", "IDs", "IDs"},
		{"Identity", "Identity", "Identity"}, // whole words only
		{"Uint", "Uint", "Uint"},
		{"Oss", "OSs", "OSs"},
		{"HttpsUrl", "HTTPSURL", "HTTPSURL"},
		{"utf8", "UTF8", "UTF8"},
		{"jsonrpc", "JSONRPC", "JSONRPC"},
		{"Utf8s", "Utf8s", "Utf8s"},
		{"Session_id", "SessionID", "Session_ID"}, // TypeName keeps separators
		{"HTTPHeader", "HTTPHeader", "HTTPHeader"},
		{"IDIDNumber", "IDIDNumber", "IDIDNumber"},
	} {
		if got := GoName(c.in); got != c.goName {
			t.Errorf("GoName(%q) = %q, want %q", c.in, got, c.goName)
		}
		if got := TypeName(c.in); got != c.typeName {
			t.Errorf("TypeName(%q) = %q, want %q", c.in, got, c.typeName)
		}
		if bad := Misspelt(TypeName(c.in)); len(bad) > 0 {
			t.Errorf("Misspelt(TypeName(%q)) = %q", c.in, bad)
		}
	}
	if bad := Misspelt("McpServerHttpSessionId"); !slices.Equal(bad, []string{"Mcp", "Http", "Id"}) {
		t.Errorf("Misspelt(McpServerHttpSessionId) = %q", bad)
	}
}

// TestSplitWords: runs of capitals split before the capital that starts
// a lower-case word, keep a plural s, and split into initialisms when
// they are initialisms end to end.
func TestSplitWords(t *testing.T) {
	for in, want := range map[string][]string{
		"MCPServerHTTP":   {"MCP", "Server", "HTTP"},
		"RequestIDIDNum":  {"Request", "ID", "ID", "Num"},
		"JSONRPCVersion":  {"JSONRPC", "Version"},
		"JSONRPCMCP":      {"JSONRPC", "MCP"},
		"KeepPlanIDs":     {"Keep", "Plan", "IDs"},
		"agent_message":   {"agent", "message"},
		"POSIXPath":       {"POSIX", "Path"},
		"HTTPS":           {"HTTPS"},
		"ToolCallV2Thing": {"Tool", "Call", "V2", "Thing"},
	} {
		if got := splitWords(in); !slices.Equal(got, want) {
			t.Errorf("splitWords(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestJoin: a word repeated where owner and suffix meet is said once, even
// when nothing of the suffix is left (the caller's Namespace then
// suffixes the name); repeats inside the owner stay.
func TestJoin(t *testing.T) {
	for _, c := range []struct{ owner, suffix, want string }{
		{"ToolCallContent", "Content", "ToolCallContent"},
		{"ElicitationContentValue", "Value", "ElicitationContentValue"},
		{"AvailableCommand", "CommandInput", "AvailableCommandInput"},
		{"ContentBlock", "Text", "ContentBlockText"},
		{"EmbeddedResourceResource", "Value", "EmbeddedResourceResourceValue"},
		{"SessionID", "ID", "SessionID"},
		{"MCPServer", "HTTP", "MCPServerHTTP"},
	} {
		if got := Join(c.owner, c.suffix); got != c.want {
			t.Errorf("Join(%q, %q) = %q, want %q", c.owner, c.suffix, got, c.want)
		}
	}
	if r := Repeated("ToolCallContentContent"); r != "Content" {
		t.Errorf("Repeated(ToolCallContentContent) = %q", r)
	}
	if r := Repeated("SessionUpdateToolCallUpdate"); r != "" {
		t.Errorf("Repeated(SessionUpdateToolCallUpdate) = %q", r)
	}
}
