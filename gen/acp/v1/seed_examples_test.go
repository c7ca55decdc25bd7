package acp_test

import (
	"fmt"
	"path/filepath"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/acptest"
)

// The seeds' v1-shaped JSON examples (internal/seedplan/testdata/examples),
// with the plan id renamed to the published planId, are in
// testdata/seed_examples: the "plan" updates of the v1 Agent Plan page and
// the RFDs, stable, and the plan_update and plan_removed examples of the
// Plan Operations RFD, which v1 has only with unstable_plan_operations
// (seed_examples_{on,off}_test.go).

var (
	seedCopies = filepath.Join("testdata", "seed_examples")
	seedDir    = filepath.Join("..", "..", "..", "internal", "seedplan", "testdata", "examples")
)

// seedStable are the "plan" examples: whole session/update notifications
// or bare session updates.
var seedStable = []struct {
	file         string
	notification bool
	summary      string
}{
	{"001-2.json", false, "plan entries=1"},
	{"002-1.json", true, "sess_abc123def456: plan entries=3"},
	{"002-2.json", true, "sess_abc123def456: plan entries=3"},
	{"002-3.json", true, "sess_abc123def456: plan entries=4"},
	{"003-1.json", false, "plan entries=1"},
}

// seedGated are the Plan Operations examples, all gated in v1.
var seedGated = []string{"003-2.json", "003-3.json", "003-4.json", "003-5.json"}

func TestSeedExamplesAreAdaptedCopies(t *testing.T) {
	acptest.CheckSeedCopies(t, seedCopies, seedDir)
}

// TestSeedExamplesValid: the 2.4.0 unstable schema accepts the adapted
// examples; the stable one, whose SessionUpdate is closed, rejects the
// Plan Operations ones, as the package does without the feature.
func TestSeedExamplesValid(t *testing.T) {
	unstable := loadV1Schema(t, "schema.unstable.json")
	for _, ex := range seedStable {
		wire := []byte(seedExample(t, ex.file))
		err := unstable.Validate("SessionUpdate", wire)
		if ex.notification {
			err = unstable.ValidateDocument(wire)
		}
		if err != nil {
			t.Errorf("%s: %v", ex.file, err)
		}
	}
	stable := loadV1Schema(t, "schema.json")
	for _, name := range seedGated {
		wire := []byte(seedExample(t, name))
		if err := unstable.Validate("SessionUpdate", wire); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if stable.Validate("SessionUpdate", wire) == nil {
			t.Errorf("%s: the stable schema accepts it", name)
		}
	}
}

func loadV1Schema(t *testing.T, name string) *acptest.Schema {
	t.Helper()
	s, err := acptest.LoadSchema(filepath.Join("..", "..", "..", "schema", "acp", "v1", name))
	if err != nil {
		t.Fatal(err)
	}
	return s
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
	p, ok := params.(*acp.SessionNotification)
	if !ok {
		t.Fatalf("params decoded as %T, want *acp.SessionNotification", params)
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

// seedSummary names a "plan" update with its entry count; other variants
// are named by Go type.
func seedSummary(u acp.SessionUpdate) string {
	if v, ok := u.Value.(*acp.SessionUpdatePlan); ok {
		return fmt.Sprintf("plan entries=%d", len(v.Entries))
	}
	return fmt.Sprintf("%T", u.Value)
}
