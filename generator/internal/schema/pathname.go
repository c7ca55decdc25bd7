package schema

import "strings"

// PathName is the name of a schema a $ref points to that is not a
// definition, read from its JSON Pointer: the names of the members and
// definitions on the way, and the keywords of the other steps
// (`#/definitions/A/properties/b/items` is "A b items",
// `#/properties/c/anyOf/1` "c anyOf 1"), for naming.GoName. The same
// path gives the same name; the namespace settles collisions.
func PathName(path string) string {
	_, ptr, _ := strings.Cut(path, "#")
	toks := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	var words []string
	for i := 0; i < len(toks); i++ {
		tok := unescapePointer(toks[i])
		if k := byName[tok]; k != nil && k.Shape() == SchemaMap && i+1 < len(toks) {
			i++
			tok = unescapePointer(toks[i])
		}
		if tok != "" {
			words = append(words, tok)
		}
	}
	return strings.Join(words, " ")
}

var pointerUnescaper = strings.NewReplacer("~1", "/", "~0", "~")

func unescapePointer(s string) string { return pointerUnescaper.Replace(s) }
