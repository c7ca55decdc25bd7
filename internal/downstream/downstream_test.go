package downstream

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// generate is the command of the module's //go:generate line, as the
// README shows it.
var generate = []string{"go", "tool", "acpgen", "-schema", "./schema", "-out", "./acp", "-package", "acp"}

// docGo holds the module's one //go:generate line.
var docGo = "package main\n\n//go:generate " + strings.Join(generate, " ") + "\n"

// What the program prints per message, before and after the schema edit
// and with or without the unstable_plan_operations feature.
const (
	removedOther    = "*acp.SessionUpdateOther plan_removed\n"
	removedVariant  = "*acp.SessionUpdatePlanRemoved\n"
	archivedOther   = "*acp.SessionUpdateOther plan_archived\n"
	archivedVariant = "*acp.SessionUpdatePlanArchived plan=p\n"
	urgentUnknown   = "*acp.SessionUpdatePlanUpdate priority=urgent known=false\n"
	urgentKnown     = "*acp.SessionUpdatePlanUpdate priority=urgent known=true urgent=true\n"
	planRejected    = "rejected v1 plan\n"
)

// TestDownstream uses acpgen from outside, as an SDK author does: a module
// with acpgen as a go tool and its own copy of the ACP v2 schema runs
// go generate, builds and runs a program that decodes messages, with and
// without -tags unstable, then edits its schema and regenerates.
func TestDownstream(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a throwaway module with a generated package; .ci/run runs it")
	}
	m := newModule(t)
	m.copy(t, "schema/schema.json", filepath.Join(m.root, "schema", "acp", "v2", "schema.json"))
	m.copy(t, "schema/schema.unstable.json", filepath.Join(m.root, "schema", "acp", "v2", "schema.unstable.json"))
	m.copy(t, "schema/features.json", filepath.Join(m.root, "schema", "acp", "features.v2.json"))
	m.copy(t, "schema/overrides.json", filepath.Join(m.root, "schema", "acp", "overrides.v2.json"))
	m.write(t, "doc.go", []byte(docGo))
	if !t.Run("stable", func(t *testing.T) { testStable(t, m) }) {
		return
	}
	t.Run("unstable", func(t *testing.T) { testUnstable(t, m) })
	t.Run("schema edit", func(t *testing.T) { testSchemaEdit(t, m) })
}

// testStable: go generate writes the package, -check accepts it, and the
// program sees the gated and the not-yet-known updates as the catch-all.
func testStable(t *testing.T, m *module) {
	m.goCmd(t, "generate", "./...")
	m.goCmd(t, generateWith("-check")...)
	m.copy(t, "main.go", filepath.Join("testdata", "before", "main.go"))
	if got, want := m.buildAndRun(t, ""), removedOther+archivedOther+urgentUnknown+planRejected; got != want {
		t.Errorf("program printed\n%s\nwant\n%s", got, want)
	}
	version := m.goCmd(t, "tool", "acpgen", "-version")
	if want := "acpgen v0.0.0 => " + m.root; !strings.HasPrefix(version, want) {
		t.Errorf("acpgen -version printed %q, want the prefix %q", version, want)
	}
}

// needsFeatures ends testUnstable's failures: what acpgen must do for them
// to pass.
const needsFeatures = "(acpgen -schema DIR must read DIR/schema.unstable.json and DIR/features.json " +
	"and emit each feature's additions in files built with -tags <feature> or -tags unstable)"

// testUnstable: the feature's build tag, or the umbrella tag unstable,
// turns plan_removed into its own variant; -emit-features none leaves the
// tags nothing to switch on. This needs acpgen to read schema.unstable.json
// and features.json next to schema.json and to emit per-feature files.
func testUnstable(t *testing.T, m *module) {
	for _, tags := range []string{"unstable", "unstable_plan_operations"} {
		if got, want := m.buildAndRun(t, tags), removedVariant+archivedOther+urgentUnknown+planRejected; got != want {
			t.Errorf("with -tags %s the program printed\n%s\nwant\n%s%s", tags, got, want, needsFeatures)
		}
	}
	m.goCmd(t, generateWith("-emit-features", "none")...)
	if got, want := m.buildAndRun(t, "unstable"), removedOther+archivedOther+urgentUnknown+planRejected; got != want {
		t.Errorf("generated with -emit-features none, with -tags unstable the program printed\n%s\nwant\n%s%s", got, want, needsFeatures)
	}
	m.goCmd(t, "generate", "./...")
}

// testSchemaEdit: after a new enum value and a new union variant land in
// both schema files, -check reports the package stale, go generate brings
// them in, and a program naming the new constant and variant type builds
// and decodes into them, with and without -tags unstable.
func testSchemaEdit(t *testing.T, m *module) {
	for _, name := range []string{"schema.json", "schema.unstable.json"} {
		if err := editSchema(filepath.Join(m.dir, "schema", name)); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := m.tryGo(generateWith("-check")...); err == nil || !strings.Contains(out, "is stale") {
		t.Errorf("-check after the schema edit: %v\n%s", err, out)
	}
	m.goCmd(t, "generate", "./...")
	m.goCmd(t, generateWith("-check")...)
	m.copy(t, "main.go", filepath.Join("testdata", "after", "main.go"))
	if got, want := m.buildAndRun(t, ""), removedOther+archivedVariant+urgentKnown+planRejected; got != want {
		t.Errorf("program printed\n%s\nwant\n%s", got, want)
	}
	if got, want := m.buildAndRun(t, "unstable"), archivedVariant+urgentKnown+planRejected; !strings.HasSuffix(got, want) {
		t.Errorf("with -tags unstable the program printed\n%s\nwant it to end with\n%s", got, want)
	}
}

// generateWith is the generate command with more flags, without the
// leading "go".
func generateWith(flags ...string) []string {
	return append(slices.Clone(generate[1:]), flags...)
}
