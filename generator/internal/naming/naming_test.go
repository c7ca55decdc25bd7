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
	for _, p := range []string{"id", "ID", "Id", "marshalJSON", "UnmarshalJSON", "validate", "unknown", "variant", "x2", "x"} {
		got = append(got, fn.Claim(GoName(p)))
	}
	want := []string{"ID", "ID2", "ID3", "MarshalJSON2", "UnmarshalJSON2", "Validate2", "Unknown2", "Variant2", "X2", "X"}
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
