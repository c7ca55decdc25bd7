package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSideBySide runs the whole comparison and logs its table. It
// asserts nothing about the counts, which move as the generators do,
// only that every generator was measured on every input and example.
// Without node and npm quicktype cannot run and the test skips after the
// others, except in CI (the CI environment variable set), where it fails.
func TestSideBySide(t *testing.T) {
	if testing.Short() {
		t.Skip("runs three generators and the go command on six schemas")
	}
	list, err := examples()
	if err != nil || len(list) != 129 {
		t.Fatalf("examples: %d, %v; want 129", len(list), err)
	}
	var results []result
	var skip string
	for _, g := range generators {
		r := run(context.Background(), g, t.TempDir())
		if r.Setup != nil && !errors.Is(r.Setup, errNoNode) {
			t.Errorf("%s: %v", g.Name, r.Setup)
		}
		if errors.Is(r.Setup, errNoNode) {
			skip = g.Name + ": " + r.Setup.Error()
		}
		if len(r.Schemas) != len(inputs) || len(r.Instances) != len(list) {
			t.Errorf("%s: %d schemas and %d examples measured, want %d and %d", g.Name, len(r.Schemas), len(r.Instances), len(inputs), len(list))
		}
		results = append(results, r)
	}
	var table strings.Builder
	report(&table, results)
	t.Log("\n" + table.String())
	if skip != "" {
		if os.Getenv("CI") != "" {
			t.Fatalf("node and npm are required in CI: %s", skip)
		}
		t.Skip(skip)
	}
}

// TestRoundTrips checks the round-trip step on a hand-written package:
// a type that keeps every member round-trips its example, one that drops
// members fails at the first dropped one, and an example whose type is
// missing fails for that reason.
func TestRoundTrips(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a throwaway module")
	}
	mod := t.TempDir()
	if err := writeModule(mod, nil); err != nil {
		t.Fatal(err)
	}
	src := "package p\n\ntype TextContent map[string]any\n\ntype Audio_content struct {\n\tType string `json:\"type\"`\n}\n"
	if err := os.MkdirAll(filepath.Join(mod, "p"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mod, "p", "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got := map[string]instanceResult{}
	for _, r := range roundTrips(context.Background(), mod, schemaResult{Input: input{Pkg: "p"}, Built: true}) {
		got[r.Type] = r
	}
	if r := got["TextContent"]; !r.OK {
		t.Errorf("TextContent: %+v, want it to round-trip", r)
	}
	if r := got["AudioContent"]; r.OK || !strings.Contains(r.Note, "dropped") {
		t.Errorf("AudioContent: %+v, want a dropped member", r)
	}
	if r := got["Tool"]; r.OK || r.Note != "no type named Tool" {
		t.Errorf("Tool: %+v, want no type", r)
	}
}

func TestDiffJSON(t *testing.T) {
	for _, tc := range []struct{ a, b, want string }{
		{`{"a":1,"b":[true,null]}`, `{"b":[true,null],"a":1.0}`, ""},
		{`{"a":"\u0041"}`, `{"a":"A"}`, ""},
		{`{"a":1}`, `{}`, "at /a: 1 dropped"},
		{`{}`, `{"a":null}`, "at /a: null added"},
		{`{"a":[1,2]}`, `{"a":[1]}`, "at /a: 2 elements became 1"},
		{`{"a":{"b":"x"}}`, `{"a":{"b":"y"}}`, `at /a/b: "x" became "y"`},
		{`1`, `"1"`, `at /: 1 became "1"`},
	} {
		if got := diffJSON([]byte(tc.a), []byte(tc.b)); got != tc.want {
			t.Errorf("diffJSON(%s, %s) = %q, want %q", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestMatchType(t *testing.T) {
	names := []string{"JsonrpcRequest", "Role", "Tool_1"}
	for folder, want := range map[string]string{"Role": "Role", "JSONRPCRequest": "JsonrpcRequest", "Tool": ""} {
		if got, _ := matchType(folder, names); got != want {
			t.Errorf("matchType(%q) = %q, want %q", folder, got, want)
		}
	}
}

func TestFirstErrorLine(t *testing.T) {
	out := "go-jsonschema: Warning: Multiple types\n# schemapeers.gen/p\np/types.go:1:2: undefined: X\n"
	if got := firstErrorLine(out); got != "p/types.go:1:2: undefined: X" {
		t.Errorf("firstErrorLine = %q", got)
	}
}

func TestUndefinedNames(t *testing.T) {
	out := "# schemapeers.gen/p\np/types.go:3:4: undefined: B_5\np/types.go:9:4: undefined: A\np/types.go:12:4: undefined: B_5\n"
	names, other := undefinedNames(out)
	if strings.Join(names, ",") != "A,B_5" || other != "" {
		t.Errorf("undefinedNames = %q, %q", names, other)
	}
	if _, other := undefinedNames(out + "p/types.go:20:1: missing return\n"); other != "p/types.go:20:1: missing return" {
		t.Errorf("other = %q", other)
	}
}
