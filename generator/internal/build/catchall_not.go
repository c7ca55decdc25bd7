package build

import (
	"fmt"
	"slices"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// excludedWithoutVariant lists the tags a catch-all's `not` list excludes
// that no variant takes. Contract rule 3 says such a tag never lands in the
// catch-all, and nothing else accepts it, so decoding rejects it. The list
// must say nothing but tag values: the decoder checks only the tag, so an
// alternative that also names other members would be ignored.
func excludedWithoutVariant(not *schema.Node, tag string, variants map[string]string) ([]ir.RemovedTag, error) {
	alts := []*schema.Node{not}
	if len(not.AnyOf) > 0 && onlyKeywords(not, "anyOf") {
		alts = not.AnyOf
	}
	var out []ir.RemovedTag
	for _, a := range alts {
		val, ok := tagOnly(a, tag)
		if !ok {
			return nil, fmt.Errorf("%s: a catch-all's not must be an anyOf of schemas that each fix only the tag (properties {%q: {const: ...}}, required [%q]); acpgen cannot check more", a.Path, tag, tag)
		}
		if variants[val] == "" {
			out = append(out, ir.RemovedTag{Tag: val, Message: "the schema excludes it from the catch-all (" + a.Path + ") and no variant takes it"})
		}
	}
	return out, nil
}

// tagOnly returns the tag value an alternative of a catch-all's `not`
// fixes, when that is all it says.
func tagOnly(a *schema.Node, tag string) (string, bool) {
	if !onlyKeywords(a, "type", "properties", "required") || !typesAtMost(a, "object") ||
		len(a.Properties) != 1 || !slices.Equal(a.Required, []string{tag}) {
		return "", false
	}
	p := a.Properties[0].Schema
	if a.Properties[0].Name != tag || !onlyKeywords(p, "type", "const") || !typesAtMost(p, "string") {
		return "", false
	}
	return stringConst(p)
}

// onlyKeywords reports whether n uses no keyword but those allowed and
// annotations.
func onlyKeywords(n *schema.Node, allowed ...string) bool {
	for _, k := range n.Keywords {
		switch k {
		case "title", "description", "$comment":
			continue
		}
		if !slices.Contains(allowed, k) {
			return false
		}
	}
	return true
}

// typesAtMost reports whether n's type is absent or exactly t.
func typesAtMost(n *schema.Node, t string) bool {
	return len(n.Types) == 0 || len(n.Types) == 1 && n.Types[0] == t
}
