package schema

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// update rewrites the page's keyword table: ACPGEN_UPDATE_DOCS=1 (the
// package's own flag name would be taken by the table's flag rows).
var update = os.Getenv("ACPGEN_UPDATE_DOCS") == "1"

const (
	docsPage   = "../../../docs/json-schema.md"
	tableStart = "<!-- keyword table: ACPGEN_UPDATE_DOCS=1 go test ./generator/internal/schema -run TestKeywordDocs -->\n"
	tableEnd   = "<!-- end of keyword table -->\n"
)

// TestKeywordDocs holds the keyword table of docs/json-schema.md to the
// keyword table itself, so the page cannot drift from what acpgen does.
func TestKeywordDocs(t *testing.T) {
	page, err := os.ReadFile(docsPage)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok1 := strings.Cut(string(page), tableStart)
	_, after, ok2 := strings.Cut(rest, tableEnd)
	if !ok1 || !ok2 {
		t.Fatalf("%s: no keyword table markers", docsPage)
	}
	want := before + tableStart + keywordDocs() + tableEnd + after
	if want == string(page) {
		return
	}
	if update {
		if err := os.WriteFile(docsPage, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is stale: run ACPGEN_UPDATE_DOCS=1 go test ./generator/internal/schema -run TestKeywordDocs", docsPage)
}

// keywordDocs renders the table: every row, then the rows' defaults.
func keywordDocs() string {
	var b strings.Builder
	b.WriteString("| keyword | drafts | acpgen | what it does |\n|---|---|---|---|\n")
	for k := range Table() {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", k.Name, draftNames(k.Drafts), useNames[k.Use], strings.ReplaceAll(effect(k), "|", `\|`))
	}
	fmt.Fprintf(&b, "| `x-…` (any other) | vendor | %s | ignored |\n", useNames[extension.Use])
	fmt.Fprintf(&b, "| any other keyword | — | %s | ignored, as JSON Schema says of unknown keywords |\n", useNames[unknownKeyword.Use])
	return b.String()
}

var useNames = map[Use]string{
	Annotation: "annotation", Documents: "documents", Shapes: "shapes the Go", Validates: "validates", Unsupported: "raw JSON",
}

// effect says what a row does, from its columns.
func effect(k *Keyword) string {
	switch k.Use {
	case Annotation:
		return "ignored"
	case Documents:
		return "the doc comment"
	case Unsupported:
		return "no Go form yet: a schema using it is raw JSON, which `Validate` checks against the schema at run time (" + k.Hint + ")"
	case Validates:
		if checkedByValidate(k) {
			return "checked by `Validate` (`-validate`); never changes the Go type"
		}
		return "never changes the Go type; with `-validate`, the value is checked against its schema at run time"
	}
	if k.Placed != "" {
		return "read for the Go type only " + k.Placed + "; elsewhere checked by `Validate` at run time where the value allows it, else an error naming the place"
	}
	if k.Note != "" {
		return k.Note
	}
	return "read by the builder"
}

// checkedByValidate reports whether Validate checks the keyword: its
// example reads into Limits without landing among the unchecked.
func checkedByValidate(k *Keyword) bool {
	var l limits
	return l.set(k.Name, json.RawMessage(k.Example)) == nil && !slices.Contains(l.Unchecked, k.Name)
}

func draftNames(d Drafts) string {
	if d == 0 {
		return "vendor"
	}
	var out []string
	for i, name := range []string{"4", "6", "7", "2019-09", "2020-12"} {
		if d&(1<<i) != 0 {
			out = append(out, name)
		}
	}
	return strings.Join(out, ", ")
}
