//go:build !(unstable_session_title || unstable)

package acp_test

import (
	"strings"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// Without the feature the params union has no session/set_title variant:
// by the untagged rule the first variant in schema order that accepts the
// object takes it (LogoutRequest in the stable schema, which declares only
// _meta), and keeps the members it does not declare as unknown ones.
func TestSessionTitleOffRequestParams(t *testing.T) {
	var p acp.ClientRequestParams
	out := reencode(t, &p, wireSetTitleParams)
	if name := typeName(p.Value); strings.Contains(name, "SetSessionTitle") {
		t.Fatalf("decoded as %s without the feature", name)
	}
	expectJSON(t, out, wireSetTitleParams)
}
