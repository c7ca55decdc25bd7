package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// readmePages are the user documentation whose code blocks the tests below
// check: the README, a front page, and the pages it sends readers to for
// the details it left out (paths from the repository's root).
var readmePages = []string{
	"README.md",
	"docs/command.md",
	"docs/generated-api.md",
	"docs/releases.md",
	"docs/plans.md",
	"docs/mplp.md",
	"docs/development.md",
	"docs/remote.md",
	"docs/launching.md",
	"docs/sessions.md",
	"docs/versions.md",
	"docs/testing.md",
	"bench/README.md",
}

// readPage reads one of readmePages.
func readPage(t *testing.T, page string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(page)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// readmeInvocation finds acpgen on a line of a README code block: run from
// the checkout, as a go tool (also in a //go:generate line) or by version.
var readmeInvocation = regexp.MustCompile(`(?:go run \./cmd/acpgen|go tool acpgen|go run github\.com/acpgen/acpgen/cmd/acpgen@\S+)((?: +[^ #]+)*)`)

// readmeCommands returns the arguments of every acpgen invocation in the
// sh and go code blocks of readmePages, in order.
func readmeCommands(t *testing.T) [][]string {
	t.Helper()
	var out [][]string
	for _, page := range readmePages {
		out = append(out, pageCommands(readPage(t, page))...)
	}
	return out
}

// pageCommands returns the arguments of every acpgen invocation in one
// page's sh and go code blocks (fences at the start of a line), in order.
func pageCommands(page string) [][]string {
	var out [][]string
	inBlock := false
	for _, line := range strings.Split(page, "\n") {
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

// TestReadmeCommands runs every acpgen command the README and its pages
// show, each in a fresh directory after the -init-schema commands before it
// (which set up the schema directory the later ones read). A schema path that is not
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
		"-schema schema/mplp/plan.schema.json -validate -out gen/mplp -package mplp", // docs/mplp.md
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
		work := moduleDir(t)
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

// TestReadmeGoSnippets keeps the Go snippets of the README and its pages
// compiling: each of their code lines (comments and spacing aside) must be a line of
// hand-written Go in this repository, which the build, vet and tag-matrix
// runs compile (the examples and example tests hold them). Lines that
// elide code ("...", "…"), imports and //go:generate lines are not code
// to look for.
func TestReadmeGoSnippets(t *testing.T) {
	compiled := compiledLines(t)
	total := 0
	for _, page := range readmePages {
		lines := 0
		for _, s := range pageSnippets(readPage(t, page)) {
			lines++
			if !compiled[s.code] {
				t.Errorf("%s:%d: %q is in no compiled Go file", page, s.line, s.text)
			}
		}
		if page == "README.md" && lines == 0 {
			t.Fatal("found no Go code in the README's go blocks")
		}
		total += lines
	}
	t.Logf("%d lines of Go in %d pages", total, len(readmePages))
}

// compiledLines returns every line (as snippetLine gives it) of the
// hand-written Go files in this repository.
func compiledLines(t *testing.T) map[string]bool {
	t.Helper()
	compiled := map[string]bool{}
	err := filepath.WalkDir(filepath.Join("..", ".."), func(path string, d os.DirEntry, err error) error {
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
	return compiled
}

// snippet is a line of code in a page's go block.
type snippet struct {
	line       int    // 1-based line number in the page
	text, code string // as written; as snippetLine gives it
}

// pageSnippets returns the code lines of a page's go blocks that must be
// found in compiled Go: not blank or comment-only, not eliding code
// ("...", "…"), not an import or a //go:generate line.
func pageSnippets(page string) []snippet {
	var out []snippet
	inGo := false
	for n, line := range strings.Split(page, "\n") {
		switch {
		case strings.HasPrefix(line, "```go"):
			inGo = true
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
		out = append(out, snippet{line: n + 1, text: strings.TrimSpace(line), code: code})
	}
	return out
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

// maxReadmeLines keeps the README a front page (issue 35): what acpgen is,
// setup, the two commands, a minimal agent and client, build tags and
// compatibility; details belong on the pages it links to.
const maxReadmeLines = 300

// TestReadmeIsShort fails when the README grows past maxReadmeLines.
func TestReadmeIsShort(t *testing.T) {
	if n := strings.Count(readPage(t, "README.md"), "\n"); n > maxReadmeLines {
		t.Errorf("README.md has %d lines, more than %d: move details to docs/ and link them", n, maxReadmeLines)
	}
}

// markdownLink finds the target of an inline Markdown link.
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestReadmeLinks checks that every relative link of the README and its
// pages names a file or directory that exists and, with a #fragment into
// a Markdown file, a heading of that file, so that what moved off the
// front page stays reachable.
func TestReadmeLinks(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, page := range readmePages {
		for _, m := range markdownLink.FindAllStringSubmatch(readPage(t, page), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, fragment, _ := strings.Cut(target, "#")
			path := filepath.Join(root, filepath.FromSlash(page))
			if file != "" {
				path = filepath.Join(filepath.Dir(path), filepath.FromSlash(file))
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s: link %s: %v", page, target, err)
				continue
			}
			if fragment == "" || !strings.HasSuffix(path, ".md") {
				continue
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(headingAnchors(string(data)), fragment) {
				t.Errorf("%s: link %s: no heading with that anchor", page, target)
			}
		}
	}
}

// headingAnchors returns the anchors GitHub gives a Markdown file's
// headings outside code blocks: lower case, punctuation other than '-' and
// '_' dropped, spaces turned into '-'.
func headingAnchors(doc string) []string {
	var out []string
	inBlock := false
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inBlock = !inBlock
		}
		if inBlock || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-', r == '_', unicode.IsLetter(r), unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		out = append(out, b.String())
	}
	return out
}
