package naming

import "testing"

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
