package acp_test

import (
	"strings"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// An unknown tag is quoted in the error as a short excerpt, however long.
func TestUnknownTagErrorIsBounded(t *testing.T) {
	tag := strings.Repeat("x", 10<<20)
	var b acp.ContentBlock
	err := b.UnmarshalJSON([]byte(`{"type":"` + tag + `"}`))
	if err == nil {
		t.Fatal("decoded an unknown content block type")
	}
	if n := len(err.Error()); n > 1000 {
		t.Errorf("error of %d bytes", n)
	}
}
