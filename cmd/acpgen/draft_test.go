package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDraftFeatures drafts v1's map from none, generates with the draft,
// and drafts from the embedded map, which the schemas fit as they are.
func TestDraftFeatures(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"schema.json", "schema.unstable.json"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "schema", "acp", "v1", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	draft := filepath.Join(t.TempDir(), "features.json")
	var out bytes.Buffer
	if err := run([]string{"-schema", dir, "-draft-features", draft}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), draft+": 0 claims kept, 0 dropped,") || !strings.Contains(out.String(), "added to unstable_session_title:\n") {
		t.Errorf("report:\n%s", out.String())
	}
	if err := run([]string{"-schema", dir, "-features", draft, "-out", moduleDir(t)}, &bytes.Buffer{}); err != nil {
		t.Errorf("generating with the draft: %v", err)
	}

	out.Reset()
	if err := run([]string{"-protocol", "v1", "-draft-features", draft}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), " dropped, 0 features proposed or grown, 0 elements unattributed\n") || strings.Contains(out.String(), "dropped (") {
		t.Errorf("from the embedded map:\n%s", out.String())
	}

	if err := run([]string{"-schema", filepath.Join(dir, "schema.json"), "-draft-features", draft}, &bytes.Buffer{}); err == nil ||
		!strings.Contains(err.Error(), "needs an unstable schema") {
		t.Errorf("drafting without an unstable schema: %v", err)
	}
}
