package acp_test

import (
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/acptest"
)

// TestSessionInfoUpdatePatch: contract rule 7 in v1. SessionInfoUpdate's
// title and updatedAt say "Set to null to clear", so absent, null and a
// value stay apart and come back as they arrived; _meta, which says no such
// thing, stays a plain optional value.
func TestSessionInfoUpdatePatch(t *testing.T) {
	for _, in := range []string{
		`{"sessionUpdate":"session_info_update"}`,
		`{"sessionUpdate":"session_info_update","title":null}`,
		`{"sessionUpdate":"session_info_update","title":"Release","updatedAt":null}`,
	} {
		var u acp.SessionUpdate
		if err := acptest.Unmarshal([]byte(in), &u); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		out, err := acptest.Marshal(u)
		if err != nil || !acptest.JSONEqual(out, []byte(in)) {
			t.Errorf("%s re-encoded as %s (%v)", in, out, err)
		}
	}
	var u acp.SessionUpdate
	if err := acptest.Unmarshal([]byte(`{"sessionUpdate":"session_info_update","title":null,"_meta":null}`), &u); err != nil {
		t.Fatal(err)
	}
	info := u.Value.(*acp.SessionUpdateSessionInfoUpdate)
	if !info.Title.Cleared() || !info.UpdatedAt.Unchanged() || info.Meta != nil {
		t.Errorf("title %+v, updatedAt %+v, _meta %q", info.Title, info.UpdatedAt, info.Meta)
	}
}
