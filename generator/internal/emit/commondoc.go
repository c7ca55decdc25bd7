package emit

import (
	"maps"
	"slices"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
)

// A member that most types of a schema carry (ACP's _meta, on about 150
// structs) repeats the same paragraphs of description on every one, which
// makes go doc of each type mostly boilerplate. Such a member's field gets
// the first sentence of its description, on one line, and the package
// comment gives the whole text once (see commonDocs).

// commonMinFields is how many fields must share a member name and a first
// sentence before their comments are shortened: a handful of repeats
// (ACP's "sessionId", six times) is what those types say, and stays.
const commonMinFields = 10

// commonDoc is a member whose fields' comments were shortened.
type commonDoc struct {
	// Member is the JSON member name; Go the field name.
	Member, Go string
	// Full is the description most of its fields had, Markdown.
	Full string
}

// shortenCommonDocs replaces the description of every field of a common
// member by its first sentence and returns the members shortened, by name.
// The IR is emit's from here on, so the fields are changed in place.
func shortenCommonDocs(types []*ir.Decl) []commonDoc {
	type group struct {
		fields []*ir.Field
		full   map[string]int
	}
	groups := map[string]*group{} // member and first sentence -> fields
	for _, t := range types {
		for _, fd := range ir.Fields(t) {
			first := firstSentence(fd.Doc)
			if first == "" || first == strings.TrimSpace(fd.Doc) {
				continue
			}
			key := fd.JSON + "\x00" + first
			g := groups[key]
			if g == nil {
				g = &group{full: map[string]int{}}
				groups[key] = g
			}
			g.fields = append(g.fields, fd)
			g.full[fd.Doc]++
		}
	}
	var out []commonDoc
	for _, key := range slices.Sorted(maps.Keys(groups)) {
		g := groups[key]
		if len(g.fields) < commonMinFields {
			continue
		}
		out = append(out, commonDoc{Member: g.fields[0].JSON, Go: g.fields[0].Go, Full: mostCommon(g.full)})
		first := firstSentence(g.fields[0].Doc)
		for _, fd := range g.fields {
			fd.Doc = first
		}
	}
	return out
}

// firstSentence is the first sentence of a description's first paragraph
// on one line, or "" when the paragraph does not end a sentence where a
// line could (a list, a code block).
func firstSentence(description string) string {
	para, _, _ := strings.Cut(strings.TrimSpace(description), "\n\n")
	para = strings.Join(strings.Fields(para), " ")
	if i := strings.Index(para+" ", ". "); i > 0 {
		return para[:i+1]
	}
	return ""
}

// mostCommon is the text counted most often, the first in order on a tie.
func mostCommon(counts map[string]int) string {
	best := ""
	for _, s := range slices.Sorted(maps.Keys(counts)) {
		if best == "" || counts[s] > counts[best] {
			best = s
		}
	}
	return best
}
