package acp_test

import (
	"fmt"
	"path/filepath"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
	"github.com/acpgen/acpgen/internal/acptest"
)

// The seeds' v2-shaped JSON examples (internal/seedplan/testdata/examples),
// with the plan id renamed to the published planId, are in
// testdata/seed_examples. The item-based plan_update is stable in v2; the
// markdown, file and plan_removed examples of the Plan Operations RFD need
// unstable_plan_operations (seed_examples_{on,off}_test.go). The v1 "plan"
// examples are not v2 and are not tested here.

var (
	seedCopies = filepath.Join("testdata", "seed_examples")
	seedDir    = filepath.Join("..", "..", "..", "internal", "seedplan", "testdata", "examples")
)

// seedStable are the examples v2 decodes the same with or without tags:
// a whole session/update notification, or a bare session update.
var seedStable = []struct {
	file         string
	notification bool
	summary      string
}{
	{"000-1.json", true, "sess_abc123def456: plan_update items plan-1 entries=3"},
	{"001-1.json", false, "plan_update items plan-1 entries=1"},
	{"003-2.json", false, "plan_update items plan-1 entries=1"},
}

// seedGated are the Plan Operations examples whose variants are gated.
var seedGated = []string{"003-3.json", "003-4.json", "003-5.json"}

func TestSeedExamplesAreAdaptedCopies(t *testing.T) {
	acptest.CheckSeedCopies(t, seedCopies, seedDir)
}

// TestSeedExamplesValid: the 2.4.0 schema accepts the adapted examples,
// so the rename is all the adaptation they need.
func TestSeedExamplesValid(t *testing.T) {
	s, err := acptest.LoadSchema(filepath.Join("..", "..", "..", "schema", "acp", "v2", "schema.unstable.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ValidateDocument([]byte(seedExample(t, "000-1.json"))); err != nil {
		t.Errorf("000-1.json: %v", err)
	}
	for _, name := range append([]string{"001-1.json", "003-2.json"}, seedGated...) {
		if err := s.Validate("SessionUpdate", []byte(seedExample(t, name))); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestSeedExamplesStable(t *testing.T) {
	for _, ex := range seedStable {
		t.Run(ex.file, func(t *testing.T) {
			wire := seedExample(t, ex.file)
			decode := decodeSeedUpdate
			if ex.notification {
				decode = decodeSeedNotification
			}
			summary, out := decode(t, wire)
			if summary != ex.summary {
				t.Errorf("decoded %q, want %q", summary, ex.summary)
			}
			expectJSON(t, out, wire)
		})
	}
}

func seedExample(t *testing.T, name string) string {
	t.Helper()
	return acptest.ReadText(t, filepath.Join(seedCopies, name))
}

// decodeSeedUpdate decodes a bare session update, summarises it and
// encodes it again.
func decodeSeedUpdate(t *testing.T, wire string) (string, []byte) {
	t.Helper()
	var u acp.SessionUpdate
	out := reencode(t, &u, wire)
	return seedSummary(u), out
}

// decodeSeedNotification routes a session/update notification as a client
// would, through ClientMethods, and encodes it again from the typed params.
func decodeSeedNotification(t *testing.T, wire string) (string, []byte) {
	t.Helper()
	msg, err := acp.DecodeMessage([]byte(wire))
	if err != nil {
		t.Fatal(err)
	}
	n, ok := msg.(*acp.Notification)
	if !ok {
		t.Fatalf("decoded as %T, want *acp.Notification", msg)
	}
	params, err := acp.ClientMethods.DecodeNotification(n.Method, n.Params)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := params.(*acp.UpdateSessionNotification)
	if !ok {
		t.Fatalf("params decoded as %T, want *acp.UpdateSessionNotification", params)
	}
	if n.Params, err = acp.Marshal(p); err != nil {
		t.Fatal(err)
	}
	out, err := acp.Marshal(n)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s: %s", p.SessionID, seedSummary(p.Update)), out
}

// seedSummary names the variant a stable plan update decoded to, with its
// plan id and entry count; other variants are named by Go type.
func seedSummary(u acp.SessionUpdate) string {
	v, ok := u.Value.(*acp.SessionUpdatePlanUpdate)
	if !ok {
		return fmt.Sprintf("%T", u.Value)
	}
	if items, ok := v.Plan.Value.(*acp.PlanUpdateContentItems); ok {
		return fmt.Sprintf("plan_update items %s entries=%d", items.PlanID, len(items.Entries))
	}
	return fmt.Sprintf("plan_update %T", v.Plan.Value)
}
