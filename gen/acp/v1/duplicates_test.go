package acp_test

import (
	"strings"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/acptest"
)

// A member given twice is a decode error also where a map holds the
// members (AuthMethodTerminal.env) and for the member of an unstable
// feature (ClientCapabilities.plan), whether its build tag is on (a field)
// or off (an unknown member): .ci/tag-matrix runs this under both. Through
// encoding/json/v2, whose decoder rejects duplicate names itself by
// default, the error is the decoder's ("duplicate object member name").
func TestDuplicateMapKeyAndGatedMember(t *testing.T) {
	for in, v := range map[string]interface{ UnmarshalJSON([]byte) error }{
		`{"id":"t","name":"T","env":{"A":"1","B":"2","A":"3"}}`: new(acp.AuthMethodTerminal),
		`{"terminal":true,"plan":{},"plan":{}}`:                 new(acp.ClientCapabilities),
	} {
		err := acptest.Unmarshal([]byte(in), v)
		if err == nil || !strings.Contains(err.Error(), "duplicate") {
			t.Errorf("%s: error %v, want a duplicate member error", in, err)
		}
	}
}
