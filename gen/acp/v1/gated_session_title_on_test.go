//go:build unstable_session_title || unstable

package acp_test

import (
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

func TestSessionTitleOnRequestParams(t *testing.T) {
	var p acp.ClientRequestParams
	expectJSON(t, reencode(t, &p, wireSetTitleParams), wireSetTitleParams)
	v, ok := p.Value.(*acp.ClientRequestParamsSetSessionTitleRequest)
	if !ok || v.Title != "Release notes" {
		t.Fatalf("decoded as %#v, want the session/set_title params", p.Value)
	}
}
