package emit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
)

// go doc shows the package as built without tags, so nothing a feature
// adds appears in it; the package comment says, per feature, what its tag
// adds, from the same IR the files are written from.

// additions is what one feature adds, each item a name with the other
// features it also needs, if any.
type additions struct {
	methods, types, fields, variants []string
}

// featureAdditions collects what each feature adds: the methods, types,
// fields of stable structs and variants of stable unions whose gate names
// it.
func featureAdditions(types []*ir.Decl, rpc *ir.RPC, features []string) map[string]*additions {
	out := map[string]*additions{}
	for _, f := range features {
		out[f] = &additions{}
	}
	add := func(g ir.Gate, pick func(*additions) *[]string, item string) {
		for _, f := range g {
			if a := out[f]; a != nil {
				*pick(a) = append(*pick(a), withOthers(item, g, f))
			}
		}
	}
	if rpc != nil {
		for _, s := range rpc.Sides {
			if s.Iface != "" {
				add(s.Gate, func(a *additions) *[]string { return &a.types }, s.Iface)
				add(s.Gate, func(a *additions) *[]string { return &a.types }, s.Unimplemented)
			}
			for _, m := range s.Methods {
				add(m.Gate, func(a *additions) *[]string { return &a.methods }, methodItem(s, m))
			}
		}
	}
	for _, t := range types {
		add(t.Gate, func(a *additions) *[]string { return &a.types }, t.Name)
		if t.Struct != nil {
			for _, p := range t.Struct.Parts {
				for _, fd := range p.Fields {
					add(p.Gate, func(a *additions) *[]string { return &a.fields }, t.Name+"."+fd.Go)
				}
			}
		}
		for _, u := range ir.Unions(t) {
			for _, p := range u.Parts {
				if item := variantsItem(t.Name, p); item != "" {
					add(p.Gate, func(a *additions) *[]string { return &a.variants }, item)
				}
			}
		}
	}
	return out
}

// methodItem names a method by wire name and, where the side has a handler
// interface, its Go method.
func methodItem(s *ir.RPCSide, m *ir.RPCMethod) string {
	if s.Iface == "" {
		return m.Name
	}
	return fmt.Sprintf("%s (%s.%s)", m.Name, s.Iface, m.Go)
}

// variantsItem names the tagged variants a part adds to the union of
// owner by their tag values, "" when it adds none. An untagged variant
// wraps a type, which the feature's types list already names (the
// JSON-RPC envelopes' params and results are such).
func variantsItem(owner string, p *ir.VariantPart) string {
	var names []string
	for _, v := range p.Variants {
		if v.Tag != "" {
			names = append(names, v.Tag)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return owner + " " + strings.Join(names, ", ")
}

// withOthers is item followed by the features of g other than f, which it
// also needs.
func withOthers(item string, g ir.Gate, f string) string {
	others := slices.DeleteFunc(slices.Clone(g), func(o string) bool { return o == f })
	if len(others) == 0 {
		return item
	}
	return item + " (with " + strings.Join(others, ", ") + ")"
}

// featureLines is the list item of feature f: "  - f: methods …; types …",
// wrapped at about 76 columns with its continuation lines indented.
func featureLines(f string, a *additions) []string {
	var parts []string
	for _, p := range []struct {
		noun  string
		items []string
	}{{"methods", a.methods}, {"types", a.types}, {"fields", a.fields}, {"variants", a.variants}} {
		if len(p.items) > 0 {
			parts = append(parts, p.noun+" "+strings.Join(p.items, ", "))
		}
	}
	return wrapWords("  - "+f+": "+strings.Join(parts, "; ")+".", "    ", 76)
}

// wrapWords breaks text into lines of at most width columns where it can,
// each after the first starting with indent.
func wrapWords(text, indent string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = text[:strings.Index(text, w)+len(w)] // keeps the leading indent
		case len(line)+1+len(w) > width:
			lines = append(lines, line)
			line = indent + w
		default:
			line += " " + w
		}
	}
	return append(lines, line)
}
