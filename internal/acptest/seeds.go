package acptest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The seeds (the plan documents acpgen started from) write the plan id as
// "id"; the published schema names it "planId". internal/seedplan keeps
// the seeds' JSON examples verbatim; the generated ACP packages test copies
// with the id renamed, and CheckSeedCopies keeps those copies honest.

// AdaptSeedExample renames the seeds' plan id member to the published
// schema's. No other member of the examples is called id.
func AdaptSeedExample(seed string) string {
	return strings.ReplaceAll(seed, `"id":`, `"planId":`)
}

// CheckSeedCopies fails the test unless every JSON file in dir is, byte for
// byte, the adaptation of the example of the same name in seedDir.
func CheckSeedCopies(t *testing.T, dir, seedDir string) {
	t.Helper()
	copies, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(copies) == 0 {
		t.Fatalf("no seed example copies in %s (%v)", dir, err)
	}
	for _, path := range copies {
		copied := ReadText(t, path)
		seed := ReadText(t, filepath.Join(seedDir, filepath.Base(path)))
		if copied != AdaptSeedExample(seed) {
			t.Errorf("%s is not %s with the plan id renamed to planId", path, filepath.Join(seedDir, filepath.Base(path)))
		}
	}
}

// ReadText returns the contents of the file at path, failing the test when
// it cannot be read.
func ReadText(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
