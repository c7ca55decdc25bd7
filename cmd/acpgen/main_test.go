package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenerateThenCheck writes a package from the embedded schema, checks
// it is up to date, then makes it stale and checks -check reports a diff.
func TestGenerateThenCheck(t *testing.T) {
	dir := moduleDir(t)
	if err := run([]string{"-protocol", "v2", "-out", dir}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run([]string{"-protocol", "v2", "-out", dir, "-check"}, &out); err != nil {
		t.Fatalf("fresh output reported stale: %v\n%s", err, out.String())
	}
	types := filepath.Join(dir, "types.go")
	data, _ := os.ReadFile(types)
	if err := os.WriteFile(types, bytes.Replace(data, []byte("package acp"), []byte("package acp\n\n// edited"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	err := run([]string{"-protocol", "v2", "-out", dir, "-check"}, &out)
	if err == nil || !strings.Contains(err.Error(), "is stale") {
		t.Fatalf("stale output not reported: %v", err)
	}
	if !strings.Contains(out.String(), "-// edited") {
		t.Errorf("diff does not show the edit:\n%s", out.String())
	}
}

// TestStaleFilesRemoved: a generated file that no longer belongs goes, a
// hand-written file stays, and unchanged files are not rewritten.
func TestStaleFilesRemoved(t *testing.T) {
	dir := moduleDir(t)
	old := filepath.Join(dir, "old.go")
	mine := filepath.Join(dir, "mine.go")
	os.WriteFile(old, []byte(generatedMarker+"\n\npackage acp\n"), 0o644)
	os.WriteFile(mine, []byte("package acp\n"), 0o644)
	if err := run([]string{"-out", dir}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Errorf("stale generated file kept")
	}
	if _, err := os.Stat(mine); err != nil {
		t.Errorf("hand-written file removed: %v", err)
	}
	types := filepath.Join(dir, "types.go")
	past := mustStat(t, types).ModTime().Add(-3600e9)
	os.Chtimes(types, past, past)
	if err := run([]string{"-out", dir}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if !mustStat(t, types).ModTime().Equal(past) {
		t.Errorf("unchanged file was rewritten")
	}
}

// TestBadSchemaWritesNothing: a failing run reports the file and touches
// nothing.
func TestBadSchemaWritesNothing(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "schema.json")
	os.WriteFile(bad, []byte(`{"$defs": {"A": {"type": "object", "properties": {"x": {"$ref": "#/$defs/Nope"}}}}}`), 0o644)
	out := filepath.Join(dir, "out")
	err := run([]string{"-schema", dir, "-out", out}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), bad) || !strings.Contains(err.Error(), "#/$defs/Nope") {
		t.Fatalf("got %v", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("output directory created on failure")
	}
}

func TestBadFlags(t *testing.T) {
	if err := run([]string{"-protocol", "v9"}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), `"v9"`) {
		t.Errorf("unknown protocol: %v", err)
	}
	if err := run([]string{"extra"}, &bytes.Buffer{}); err == nil {
		t.Errorf("extra argument accepted")
	}
	if err := run([]string{"-ref-map", "https://example.com/"}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "want URL=FILE") {
		t.Errorf("-ref-map without a file: %v", err)
	}
}

// TestRefMapAndRootType: -ref-map reads a remote $ref from a local
// directory, and -root-type names the root.
func TestRefMapAndRootType(t *testing.T) {
	out := moduleDir(t)
	refs := "../../generator/internal/schema/testdata/refs/"
	err := run([]string{"-schema", refs + "main.json", "-ref-map", "https://example.com/schemas/=" + refs + "mapped/",
		"-root-type", "Doc", "-out", out, "-package", "refs"}, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	types, err := os.ReadFile(filepath.Join(out, "types.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"type Doc struct", "type Color string"} {
		if !strings.Contains(string(types), want) {
			t.Errorf("no %q", want)
		}
	}
}

func mustStat(t *testing.T, path string) os.FileInfo {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// The protocol version comes from the embedded schema's directory (v1),
// and -protocol-version overrides it.
func TestProtocolVersion(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{nil, "const CurrentProtocolVersion ProtocolVersion = 1"},
		{[]string{"-protocol", "v2"}, "const CurrentProtocolVersion ProtocolVersion = 2"},
		{[]string{"-protocol-version", "7"}, "const CurrentProtocolVersion ProtocolVersion = 7"},
	} {
		dir := moduleDir(t)
		if err := run(append(tt.args, "-out", dir), &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(filepath.Join(dir, "types.go"))
		if err != nil || !strings.Contains(string(data), tt.want) {
			t.Errorf("%v: types.go lacks %q (%v)", tt.args, tt.want, err)
		}
	}
	if err := run([]string{"-protocol-version", "-1", "-out", t.TempDir()}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "negative") {
		t.Errorf("negative version: %v", err)
	}
}

// TestHandWrittenFileKept: a hand-written file with the name of a
// generated one fails the run, and nothing is written.
func TestHandWrittenFileKept(t *testing.T) {
	dir := moduleDir(t)
	mine := filepath.Join(dir, "package_doc.go")
	os.WriteFile(mine, []byte("// Package acp is mine.\npackage acp\n"), 0o644)
	err := run([]string{"-out", dir}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "not generated by acpgen") {
		t.Fatalf("got %v", err)
	}
	if data, _ := os.ReadFile(mine); !strings.HasPrefix(string(data), "// Package acp is mine.") {
		t.Errorf("hand-written file overwritten")
	}
	if _, err := os.Stat(filepath.Join(dir, "types.go")); !os.IsNotExist(err) {
		t.Errorf("types.go written although the run failed")
	}
}
