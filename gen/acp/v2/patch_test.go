package acp_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
	"github.com/acpgen/acpgen/internal/acptest"
	"github.com/acpgen/acpgen/schema"
)

// Contract rule 7: fields the overrides give patch meaning keep absent,
// null and a value apart, and each comes back as it arrived.

// TestPatchFieldsThreeStates round-trips absent, null and a value for one
// patch field of every Go shape (string, enum, slice, raw, struct), and
// checks what the Patch API reports.
func TestPatchFieldsThreeStates(t *testing.T) {
	cases := []struct {
		name, typ, base, member, value string
		field                          func(any) patchState
	}{
		{"string", "SessionInfoUpdate", `{}`, "title", `"Release notes"`,
			func(v any) patchState { return stateOf(v.(*acp.SessionInfoUpdate).Title) }},
		{"enum", "ToolCallUpdate", `{"toolCallId":"c"}`, "kind", `"edit"`,
			func(v any) patchState { return stateOf(v.(*acp.ToolCallUpdate).Kind) }},
		{"slice", "ToolCallUpdate", `{"toolCallId":"c"}`, "content", `[{"type":"content","content":{"type":"text","text":"hi"}}]`,
			func(v any) patchState { return stateOf(v.(*acp.ToolCallUpdate).Content) }},
		{"raw", "ToolCallUpdate", `{"toolCallId":"c"}`, "rawInput", `{"path":"a.go","n":12345678901234567890}`,
			func(v any) patchState { return stateOf(v.(*acp.ToolCallUpdate).RawInput) }},
		{"meta", "UserMessage", `{"messageId":"m"}`, "_meta", `{"k":null}`,
			func(v any) patchState { return stateOf(v.(*acp.UserMessage).Meta) }},
		{"struct", "TerminalUpdate", `{"terminalId":"t"}`, "size", `{"cols":80,"rows":24}`,
			func(v any) patchState { return stateOf(v.(*acp.TerminalUpdate).Size) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, want := range []patchState{unchanged, cleared, set} {
				in := c.base
				switch want {
				case cleared:
					in = mergeObjects(c.base, `{"`+c.member+`":null}`)
				case set:
					in = mergeObjects(c.base, `{"`+c.member+`":`+c.value+`}`)
				}
				v := mustDecode(t, c.typ, in)
				if got := c.field(v); got != want {
					t.Errorf("%s: state %s, want %s", in, got, want)
				}
				if out := mustEncode(t, v); !acptest.JSONEqual(out, []byte(in)) {
					t.Errorf("%s re-encoded as %s", in, out)
				}
			}
		})
	}
}

// TestPatchFieldInsideUnion: a session_info_update carries its patch
// fields through the SessionUpdate union, null included.
func TestPatchFieldInsideUnion(t *testing.T) {
	in := `{"sessionId":"s","update":{"sessionUpdate":"session_info_update","title":null,"updatedAt":"2026-11-21T10:00:00Z"}}`
	n := mustDecode(t, "UpdateSessionNotification", in).(*acp.UpdateSessionNotification)
	u, ok := n.Update.Value.(*acp.SessionUpdateSessionInfoUpdate)
	if !ok {
		t.Fatalf("variant %T", n.Update.Value)
	}
	if !u.Title.Cleared() || !u.Meta.Unchanged() {
		t.Errorf("title %+v, _meta %+v: want cleared and unchanged", u.Title, u.Meta)
	}
	if at, ok := u.UpdatedAt.Get(); !ok || at != "2026-11-21T10:00:00Z" {
		t.Errorf("updatedAt = %q, %v", at, ok)
	}
	if out := mustEncode(t, n); !acptest.JSONEqual(out, []byte(in)) {
		t.Errorf("re-encoded as %s", out)
	}
}

// TestPatchBuildAndApply: values built with PatchTo / PatchClear encode as
// the protocol says, and ApplyTo updates stored state.
func TestPatchBuildAndApply(t *testing.T) {
	u := acp.SessionInfoUpdate{Title: acp.PatchClear[string](), UpdatedAt: acp.PatchTo("2026-11-21T10:00:00Z")}
	out := mustEncode(t, &u)
	if want := `{"title":null,"updatedAt":"2026-11-21T10:00:00Z"}`; !acptest.JSONEqual(out, []byte(want)) {
		t.Errorf("encoded %s, want %s", out, want)
	}
	old := "old title"
	stored := &old
	acp.Patch[string]{}.ApplyTo(&stored)
	if stored == nil || *stored != "old title" {
		t.Errorf("unchanged patch changed the stored value to %v", stored)
	}
	acp.PatchTo("new").ApplyTo(&stored)
	if stored == nil || *stored != "new" {
		t.Errorf("set patch stored %v", stored)
	}
	u.Title.ApplyTo(&stored)
	if stored != nil {
		t.Errorf("cleared patch left %q", *stored)
	}
}

// TestPatchWithEncodingJSON: a Patch used through encoding/json's
// reflection (omitzero in the generated tags) keeps the same three states.
func TestPatchWithEncodingJSON(t *testing.T) {
	type view struct {
		Title acp.Patch[string] `json:"title,omitzero"`
		Size  acp.Patch[int]    `json:"size,omitzero"`
	}
	var v view
	if err := json.Unmarshal([]byte(`{"title":null,"size":3}`), &v); err != nil {
		t.Fatal(err)
	}
	if !v.Title.Cleared() {
		t.Errorf("title %+v, want cleared", v.Title)
	}
	if n, ok := v.Size.Get(); !ok || n != 3 {
		t.Errorf("size %d %v", n, ok)
	}
	out, err := json.Marshal(view{Title: acp.PatchClear[string]()})
	if err != nil || string(out) != `{"title":null}` {
		t.Errorf("Marshal = %s, %v; want {\"title\":null}", out, err)
	}
}

// TestPatchFieldsMatchOverrides: every patch field the project's overrides
// list for a stable definition is a Patch in the generated struct, and no
// other field of those structs is.
func TestPatchFieldsMatchOverrides(t *testing.T) {
	types := map[string]reflect.Type{
		"ToolCallUpdate":    reflect.TypeFor[acp.ToolCallUpdate](),
		"UserMessage":       reflect.TypeFor[acp.UserMessage](),
		"AgentMessage":      reflect.TypeFor[acp.AgentMessage](),
		"AgentThought":      reflect.TypeFor[acp.AgentThought](),
		"TerminalUpdate":    reflect.TypeFor[acp.TerminalUpdate](),
		"SessionInfoUpdate": reflect.TypeFor[acp.SessionInfoUpdate](),
		"UsageUpdate":       reflect.TypeFor[acp.UsageUpdate](),
		"CompactionUpdate":  reflect.TypeFor[acp.CompactionUpdate](),
	}
	// Definitions only the unstable schema has; their fields are checked by
	// the generator's golden tests, not here.
	gated := map[string]bool{"SubagentUpdate": true, "SessionMessage": true}
	want := map[string]map[string]bool{}
	for _, prop := range overridePatchFields(t, "v2") {
		def, member := splitProperty(t, prop)
		if gated[def] {
			continue
		}
		if types[def] == nil {
			t.Errorf("overrides list %s, which this test does not map to a Go type", prop)
			continue
		}
		if want[def] == nil {
			want[def] = map[string]bool{}
		}
		want[def][member] = true
	}
	for def, typ := range types {
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			member := strings.Split(f.Tag.Get("json"), ",")[0]
			isPatch := strings.HasPrefix(f.Type.Name(), "Patch[")
			if isPatch != want[def][member] {
				t.Errorf("%s.%s (%s): Patch = %v, listed in overrides = %v", def, f.Name, f.Type, isPatch, want[def][member])
			}
		}
	}
}

// TestRemovedPlanTag: contract rule 4. v2 has no "plan" update; it must not
// land in the catch-all as an unknown update.
func TestRemovedPlanTag(t *testing.T) {
	v1Plan := `{"sessionUpdate":"plan","entries":[{"content":"Step 1","priority":"high","status":"pending"}]}`
	want := `$.sessionUpdate: SessionUpdate: sessionUpdate "plan" is not accepted: ACP v2 removed the v1 "plan" update; send "plan_update" with an item-based plan (a single v1 plan becomes plan id "main")`
	_, err := decode(t, "SessionUpdate", v1Plan)
	var de *acp.DecodeError
	if !errors.As(err, &de) || err.Error() != want {
		t.Fatalf("error = %v, want %s", err, want)
	}
	_, err = decode(t, "UpdateSessionNotification", `{"sessionId":"s","update":`+v1Plan+`}`)
	if err == nil || !strings.HasPrefix(err.Error(), `$.update.sessionUpdate: SessionUpdate: sessionUpdate "plan" is not accepted`) {
		t.Errorf("inside a notification: %v", err)
	}
	// Other unknown tags still land in the catch-all.
	u := mustDecode(t, "SessionUpdate", `{"sessionUpdate":"plans","x":1}`).(*acp.SessionUpdate)
	if _, ok := u.Value.(*acp.SessionUpdateOther); !ok {
		t.Errorf("unknown tag decoded as %T", u.Value)
	}
}

type patchState string

const (
	unchanged patchState = "unchanged"
	cleared   patchState = "cleared"
	set       patchState = "set"
)

// stateOf reads a Patch's state through its public API.
func stateOf[T any](p acp.Patch[T]) patchState {
	_, ok := p.Get()
	switch {
	case p.Unchanged():
		return unchanged
	case p.Cleared():
		return cleared
	case ok:
		return set
	}
	return "invalid"
}

// overridePatchFields lists the patchFields properties of the embedded
// overrides file for protocol.
func overridePatchFields(t *testing.T, protocol string) []string {
	t.Helper()
	_, data, err := schema.Overrides(protocol)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		PatchFields []struct {
			Property string `json:"property"`
		} `json:"patchFields"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range doc.PatchFields {
		out = append(out, p.Property)
	}
	return out
}

// splitProperty splits "#/$defs/Def/properties/member".
func splitProperty(t *testing.T, prop string) (def, member string) {
	t.Helper()
	parts := strings.Split(prop, "/")
	if len(parts) != 5 || parts[1] != "$defs" || parts[3] != "properties" {
		t.Fatalf("unexpected property location %q", prop)
	}
	return parts[2], parts[4]
}
