package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// readmeInvocation finds acpgen on a line of a README code block: run from
// the checkout, as a go tool (also in a //go:generate line) or by version.
var readmeInvocation = regexp.MustCompile(`(?:go run \./cmd/acpgen|go tool acpgen|go run github\.com/acpgen/acpgen/cmd/acpgen@\S+)((?: +[^ #]+)*)`)

// readmeCommands returns the arguments of every acpgen invocation in the
// README's sh and go code blocks, in order.
func readmeCommands(t *testing.T) [][]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	inBlock := false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "```sh"), strings.HasPrefix(line, "```go"):
			inBlock = true
		case strings.HasPrefix(line, "```"):
			inBlock = false
		case inBlock:
			if m := readmeInvocation.FindStringSubmatch(line); m != nil {
				out = append(out, strings.Fields(m[1]))
			}
		}
	}
	return out
}

// TestReadmeCommands runs every acpgen command the README shows, each in a
// fresh directory after the -init-schema commands before it (which set up
// the schema directory the later ones read). A schema path that is not
// there is this repository's file. The list is also written out below, so
// that a README edit that the parser misses fails here.
func TestReadmeCommands(t *testing.T) {
	want := []string{
		"-out _out/acp",
		"-version",
		"-protocol v1 -init-schema ./schema/v1",
		"-schema ./schema/v1 -out ./acp -package acp",
		"-protocol v2 -out ./acp",
		"-schema ./schema/v1 -out ./acp -package acp -check",
		"-schema schema/mplp/plan.schema.json -validate -out gen/mplp -package mplp",
	}
	cmds := readmeCommands(t)
	var got []string
	for _, args := range cmds {
		got = append(got, strings.Join(args, " "))
	}
	if !slices.Equal(got, want) {
		t.Fatalf("the README's acpgen commands are\n%s\nnot\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	var inits [][]string
	for _, args := range cmds {
		work := t.TempDir()
		t.Chdir(work)
		for _, init := range inits {
			if err := run(init, &bytes.Buffer{}); err != nil {
				t.Fatalf("%v: %v", init, err)
			}
		}
		args = slices.Clone(args)
		out, check := "", false
		for i, a := range args {
			switch {
			case a == "-schema" && i+1 < len(args):
				if _, err := os.Stat(args[i+1]); err != nil {
					args[i+1] = filepath.Join(root, filepath.FromSlash(args[i+1]))
				}
			case a == "-out" && i+1 < len(args):
				out = args[i+1]
			case a == "-check":
				check = true
			case a == "-init-schema":
				inits = append(inits, args)
			}
		}
		if check { // generate first, then the check must pass
			if err := run(slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a == "-check" }), &bytes.Buffer{}); err != nil {
				t.Fatalf("%v without -check: %v", args, err)
			}
		}
		var stdout bytes.Buffer
		if err := run(args, &stdout); err != nil {
			t.Errorf("acpgen %s: %v\n%s", strings.Join(args, " "), err, stdout.String())
			continue
		}
		if out != "" {
			for _, name := range []string{"types.go", "package_doc.go"} {
				if _, err := os.Stat(filepath.Join(out, name)); err != nil {
					t.Errorf("acpgen %s: %v", strings.Join(args, " "), err)
				}
			}
		}
	}
}

// TestReadmeGoSnippets keeps the README's Go snippets compiling: each of
// their code lines (comments and spacing aside) must be a line of
// hand-written Go in this repository, which the build, vet and tag-matrix
// runs compile (the examples and example tests hold them). Lines that
// elide code ("...", "…"), imports and //go:generate lines are not code
// to look for.
func TestReadmeGoSnippets(t *testing.T) {
	root := filepath.Join("..", "..")
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	compiled := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil || bytes.HasPrefix(src, []byte(generatedMarker)) {
			return err
		}
		for _, line := range strings.Split(string(src), "\n") {
			compiled[snippetLine(line)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	blocks, lines := 0, 0
	inGo := false
	for n, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "```go"):
			inGo = true
			blocks++
			continue
		case strings.HasPrefix(line, "```"):
			inGo = false
			continue
		}
		code := snippetLine(line)
		if !inGo || code == "" || strings.Contains(code, "...") || strings.Contains(code, "…") ||
			strings.HasPrefix(code, "import ") || strings.HasPrefix(strings.TrimSpace(line), "//go:generate") {
			continue
		}
		lines++
		if !compiled[code] {
			t.Errorf("README.md:%d: %q is in no compiled Go file", n+1, strings.TrimSpace(line))
		}
	}
	if blocks == 0 || lines == 0 {
		t.Fatalf("found %d Go blocks with %d lines of code in the README", blocks, lines)
	}
}

// snippetLine is a line of Go without its comment and with its spacing
// collapsed. A "//" inside a string literal ends the line early in both
// the README and the sources alike.
func snippetLine(line string) string {
	if i := strings.Index(line, "//"); i >= 0 {
		line = line[:i]
	}
	return strings.Join(strings.Fields(line), " ")
}
