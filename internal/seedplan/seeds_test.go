package seedplan_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The examples under testdata/examples are the JSON examples of the plan
// documents this project started from (seeds 000 to 003), copied byte for
// byte and named <seed>-<n>.json in the order the seed shows them. The
// copies are what the tests use, so the repository stands on its own; the
// seed texts, where a checkout has them beside the repository, only prove
// that the copies are faithful.

// exampleCounts is how many JSON examples each seed holds.
var exampleCounts = map[string]int{"000": 1, "001": 2, "002": 3, "003": 5}

// repoRoot is the repository root, seen from this package's directory.
var repoRoot = filepath.Join("..", "..")

// TestExampleFilesComplete: testdata holds exactly the expected copies, so
// a missing or stray example cannot go unnoticed where the seeds are absent.
func TestExampleFilesComplete(t *testing.T) {
	have, err := filepath.Glob(filepath.Join("testdata", "examples", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range have {
		have[i] = filepath.Base(have[i])
	}
	want := exampleNames()
	if strings.Join(have, " ") != strings.Join(want, " ") {
		t.Errorf("testdata/examples holds %v, want %v", have, want)
	}
}

// exampleNames lists the expected copies in sorted order.
func exampleNames() []string {
	var names []string
	for seed, n := range exampleCounts {
		for i := 1; i <= n; i++ {
			names = append(names, fmt.Sprintf("%s-%d.json", seed, i))
		}
	}
	sort.Strings(names)
	return names
}

// TestExamplesMatchSeeds extracts the examples from the seed texts again and
// compares them with the copies. Surrounding whitespace aside, they must be
// equal byte for byte.
func TestExamplesMatchSeeds(t *testing.T) {
	dir := filepath.Join(repoRoot, "..", "shared", "seeds")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no seed texts at %s, so the example copies are not compared with them (%v)", dir, err)
	}
	for seed, n := range exampleCounts {
		blocks := seedExamples(t, dir, seed)
		if len(blocks) != n {
			t.Errorf("seed %s: found %d JSON examples, want %d", seed, len(blocks), n)
			continue
		}
		for i, block := range blocks {
			name := fmt.Sprintf("%s-%d.json", seed, i+1)
			copied, err := os.ReadFile(filepath.Join("testdata", "examples", name))
			if err != nil {
				t.Error(err)
				continue
			}
			if strings.TrimSpace(string(copied)) != strings.TrimSpace(block) {
				t.Errorf("testdata/examples/%s differs from example %d of seed %s:\n%s", name, i+1, seed, block)
			}
		}
	}
}

// seedExamples reads the one seed file numbered seed in dir and returns its
// JSON examples.
func seedExamples(t *testing.T, dir, seed string) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, seed+"_*.txt"))
	if err != nil || len(paths) != 1 {
		t.Fatalf("seed %s: want one file %s_*.txt in %s, found %v (%v)", seed, seed, dir, paths, err)
	}
	text, err := os.ReadFile(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := jsonExamples(string(text))
	if err != nil {
		t.Fatalf("%s: %v", paths[0], err)
	}
	return blocks
}

// jsonExamples finds the JSON examples of a seed text. A Markdown seed
// marks them with ```json fences (other fences, such as a TypeScript-like
// signature, are not JSON). A seed saved from a rendered web page lost its
// fences; there each example is an object starting at the beginning of a
// line, which the prose never does.
func jsonExamples(text string) ([]string, error) {
	if strings.Contains(text, "```json") {
		return fencedJSON(text)
	}
	return lineObjects(text)
}

// fencedJSON returns the bodies of the fenced blocks whose info string
// starts with the word json ("```json" or "```json theme={null}").
func fencedJSON(text string) ([]string, error) {
	var blocks []string
	var body []string
	inJSON, inFence := false, false
	for _, line := range strings.Split(text, "\n") {
		info, isFence := strings.CutPrefix(line, "```")
		switch {
		case isFence && inFence:
			if inJSON {
				blocks = append(blocks, strings.Join(body, "\n"))
			}
			inFence, inJSON, body = false, false, nil
		case isFence:
			words := strings.Fields(info)
			inFence, inJSON = true, len(words) > 0 && words[0] == "json"
		case inJSON:
			body = append(body, line)
		}
	}
	if inFence {
		return nil, fmt.Errorf("a fenced block is not closed")
	}
	return blocks, nil
}

// lineObjects returns every object that starts with "{" at the beginning of
// a line, up to its matching "}" (braces inside JSON strings do not count).
func lineObjects(text string) ([]string, error) {
	var blocks []string
	for start := 0; start < len(text); start++ {
		if text[start] != '{' || (start > 0 && text[start-1] != '\n') {
			continue
		}
		end, err := matchingBrace(text, start)
		if err != nil {
			return nil, err
		}
		blocks = append(blocks, text[start:end+1])
		start = end
	}
	return blocks, nil
}

// matchingBrace returns the index of the "}" that closes the "{" at start.
func matchingBrace(text string, start int) (int, error) {
	depth, inString := 0, false
	for i := start; i < len(text); i++ {
		switch c := text[i]; {
		case inString && c == '\\':
			i++ // the escaped character cannot end the string
		case c == '"':
			inString = !inString
		case inString:
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				return i, nil
			}
		}
	}
	return 0, fmt.Errorf("the object at byte %d is not closed", start)
}
