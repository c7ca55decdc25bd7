package gate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/schema"
)

// The unstable schema is the stable one plus every unstable feature. This
// file finds what the unstable schema adds, element by element, so that
// each addition can be matched with the feature that claims it. Anything
// else that differs (a changed type, a removed property) cannot be put
// behind a build tag and is an error.

// elementKind is the kind of an unstable-only schema element.
type elementKind int

const (
	elemDefinition elementKind = iota
	elemVariant
	elemProperty
	elemEnumValue
	elemDefault
	elemMethod
)

var elementKindNames = [...]string{"definition", "variant", "property", "enum value", "default", "method"}

// element is one addition of the unstable schema. Owner is the definition
// (or "Def.property" for a union nested in a property, or "<root>") and
// Member the variant's tag value or payload name, the property, the enum
// value, the default's path within the definition, or for a method its
// name; Side is the method's x-side and Kind its message kind. Path is the
// element's location in the unstable schema.
type element struct {
	Kind    elementKind
	Owner   string
	Member  string
	Side    string
	MsgKind string
	Path    string
}

func (e element) String() string {
	switch e.Kind {
	case elemDefinition:
		return fmt.Sprintf("definition %s (%s)", e.Member, e.Path)
	case elemMethod:
		return fmt.Sprintf("method %s %s handled by %s (%s)", e.Member, e.MsgKind, e.Side, e.Path)
	}
	return fmt.Sprintf("%s %s %q (%s)", elementKindNames[e.Kind], e.Owner, e.Member, e.Path)
}

// notGrowth is a tag value the unstable schema adds to a catch-all's `not`
// list; it must belong to a new variant of the same union.
type notGrowth struct {
	Union, Value, Path string
}

// schemaDiff collects additions and the differences acpgen cannot gate.
type schemaDiff struct {
	elems  []element
	growth []notGrowth
	errs   []string
}

// diffCtx is where the walk is: the definition, the union name for
// alternatives met here, and the path within the definition.
type diffCtx struct {
	def, union, rel string
}

// diffSchemas compares the stable and unstable schema documents.
func diffSchemas(stable, unstable *schema.Doc) ([]element, error) {
	stableFile, unstableFile := stable.File, unstable.File
	var s, u map[string]any
	if err := decodeGeneric(stable.Data, &s); err != nil {
		return nil, fmt.Errorf("%s: %v", stableFile, err)
	}
	if err := decodeGeneric(unstable.Data, &u); err != nil {
		return nil, fmt.Errorf("%s: %v", unstableFile, err)
	}
	d := &schemaDiff{}
	sDefs, _ := s["$defs"].(map[string]any)
	uDefs, _ := u["$defs"].(map[string]any)
	d.diffDefs(sDefs, uDefs)
	if err := d.diffMethods(stable, unstable); err != nil {
		return nil, err
	}
	rootS, rootU := withoutKey(s, "$defs"), withoutKey(u, "$defs")
	d.walk(diffCtx{def: "<root>", union: "<root>"}, "#", rootS, rootU)
	d.checkGrowth()
	if len(d.errs) > 0 {
		return nil, fmt.Errorf("%s: the unstable schema differs from %s in ways acpgen cannot put behind a build tag (it can only gate additions):\n  %s",
			unstableFile, stableFile, strings.Join(d.errs, "\n  "))
	}
	return d.elems, nil
}

func decodeGeneric(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec.Decode(v)
}

func withoutKey(m map[string]any, key string) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		if k != key {
			out[k] = v
		}
	}
	return out
}

func (d *schemaDiff) fail(path, format string, args ...any) {
	d.errs = append(d.errs, path+": "+fmt.Sprintf(format, args...))
}

func (d *schemaDiff) add(e element) { d.elems = append(d.elems, e) }

// diffDefs records new definitions and walks the common ones.
func (d *schemaDiff) diffDefs(s, u map[string]any) {
	for _, name := range slices.Sorted(maps.Keys(s)) {
		if _, ok := u[name]; !ok {
			d.fail("#/$defs/"+schema.EscapePointer(name), "removed by the unstable schema")
		}
	}
	for _, name := range slices.Sorted(maps.Keys(u)) {
		path := "#/$defs/" + schema.EscapePointer(name)
		if _, ok := s[name]; !ok {
			d.add(element{Kind: elemDefinition, Owner: name, Member: name, Path: path})
			continue
		}
		d.walk(diffCtx{def: name, union: name}, path, s[name], u[name])
	}
}

// walk compares two schema values at path.
func (d *schemaDiff) walk(c diffCtx, path string, a, b any) {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	switch {
	case aok && bok:
		d.walkObject(c, path, am, bm)
	case aok != bok:
		d.fail(path, "changed")
	default:
		al, alok := a.([]any)
		bl, blok := b.([]any)
		if alok && blok && len(al) == len(bl) {
			for i := range al {
				d.walk(c, fmt.Sprintf("%s/%d", path, i), al[i], bl[i])
			}
			return
		}
		if !reflect.DeepEqual(a, b) {
			d.fail(path, "changed")
		}
	}
}

// walkObject compares two schema objects keyword by keyword.
func (d *schemaDiff) walkObject(c diffCtx, path string, a, b map[string]any) {
	for _, k := range slices.Sorted(maps.Keys(a)) {
		if _, ok := b[k]; !ok && !docOnly(k) {
			d.fail(path+"/"+k, "removed by the unstable schema")
		}
	}
	for _, k := range slices.Sorted(maps.Keys(b)) {
		at := path + "/" + k
		av, ok := a[k]
		switch {
		case docOnly(k) || k == "title" && ok:
			// Doc text may differ; it does not change behaviour. A
			// title names a type or variant: it may change, not come
			// or go.
		case !ok:
			d.fail(at, "added by the unstable schema")
		case k == "properties":
			d.walkProperties(c, at, av, b[k])
		case k == "anyOf" || k == "oneOf":
			d.walkAlternatives(c, at, av, b[k], false)
		case k == "not":
			d.walkNot(c, at, av, b[k])
		case k == "enum":
			d.walkEnum(c, at, av, b[k])
		case k == "default":
			if !reflect.DeepEqual(av, b[k]) {
				d.add(element{Kind: elemDefault, Owner: c.def, Member: strings.TrimPrefix(c.rel+"/default", "/"), Path: at})
			}
		default:
			d.walk(diffCtx{def: c.def, union: c.union, rel: c.rel + "/" + k}, at, av, b[k])
		}
	}
}

// docOnly reports whether keyword k only documents (the keyword table's
// schema.Documents): it may differ between the schemas.
func docOnly(k string) bool {
	kw := schema.Lookup(k)
	return kw != nil && kw.Use == schema.Documents
}

// walkProperties records new properties and walks the common ones; a union
// met inside property p is named "<def>.<p>".
func (d *schemaDiff) walkProperties(c diffCtx, path string, a, b any) {
	am, _ := a.(map[string]any)
	bm, _ := b.(map[string]any)
	for _, p := range slices.Sorted(maps.Keys(am)) {
		if _, ok := bm[p]; !ok {
			d.fail(path+"/"+schema.EscapePointer(p), "removed by the unstable schema")
		}
	}
	for _, p := range slices.Sorted(maps.Keys(bm)) {
		at := path + "/" + schema.EscapePointer(p)
		if _, ok := am[p]; !ok {
			d.add(element{Kind: elemProperty, Owner: c.def, Member: p, Path: at})
			continue
		}
		d.walk(diffCtx{def: c.def, union: c.def + "." + p, rel: c.rel + "/properties/" + p}, at, am[p], bm[p])
	}
}

// walkAlternatives matches alternatives by identity (tag value, constant,
// $ref, title), records new ones as variants or enum values (or, inside a
// `not`, as growth of the catch-all's exclusions) and walks the common ones.
func (d *schemaDiff) walkAlternatives(c diffCtx, path string, a, b any, inNot bool) {
	al, _ := a.([]any)
	bl, _ := b.([]any)
	old := map[string]int{}
	for i, alt := range al {
		old[altIdentity(alt, i).key] = i
	}
	seen := map[string]bool{}
	for j, alt := range bl {
		id := altIdentity(alt, j)
		at := fmt.Sprintf("%s/%d", path, j)
		seen[id.key] = true
		i, ok := old[id.key]
		switch {
		case ok:
			d.walk(diffCtx{def: c.def, union: c.union, rel: fmt.Sprintf("%s/%d", c.rel, j)}, at, al[i], alt)
		case id.member == "":
			d.fail(at, "a new alternative acpgen cannot identify (no tag, constant, $ref or title)")
		case inNot:
			d.growth = append(d.growth, notGrowth{Union: c.union, Value: id.member, Path: at})
		case id.enum:
			d.add(element{Kind: elemEnumValue, Owner: c.union, Member: id.member, Path: at})
		default:
			d.add(element{Kind: elemVariant, Owner: c.union, Member: id.member, Path: at})
		}
	}
	for i, alt := range al {
		if id := altIdentity(alt, i); !seen[id.key] {
			d.fail(fmt.Sprintf("%s/%d", path, i), "alternative %s removed by the unstable schema", orKey(id))
		}
	}
}

// walkNot compares a catch-all's exclusions: `not: {anyOf: [...]}`.
func (d *schemaDiff) walkNot(c diffCtx, path string, a, b any) {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if !aok || !bok {
		d.walk(c, path, a, b)
		return
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if av, ok := am[k]; ok {
			if bv, ok := bm[k]; ok {
				d.walkAlternatives(c, path+"/"+k, av, bv, true)
				am, bm = withoutKey(am, k), withoutKey(bm, k)
			}
		}
	}
	d.walk(c, path, am, bm)
}

// walkEnum records values an `enum` list gains.
func (d *schemaDiff) walkEnum(c diffCtx, path string, a, b any) {
	al, _ := a.([]any)
	bl, _ := b.([]any)
	for i, v := range al {
		if !containsValue(bl, v) {
			d.fail(fmt.Sprintf("%s/%d", path, i), "enum value removed by the unstable schema")
		}
	}
	for j, v := range bl {
		if !containsValue(al, v) {
			d.add(element{Kind: elemEnumValue, Owner: c.union, Member: fmt.Sprint(v), Path: fmt.Sprintf("%s/%d", path, j)})
		}
	}
}

func containsValue(list []any, v any) bool {
	for _, x := range list {
		if reflect.DeepEqual(x, v) {
			return true
		}
	}
	return false
}

// identity names an alternative of a union across the two schemas.
type identity struct {
	key    string // unique within the list
	member string // how the feature map names it ("" when it cannot)
	enum   bool   // a constant: an enum value rather than a variant
}

func altIdentity(alt any, index int) identity {
	m, _ := alt.(map[string]any)
	if tag, value, ok := tagOf(m); ok {
		return identity{key: "tag:" + tag + "=" + value, member: value}
	}
	if v, ok := m["const"]; ok && m["properties"] == nil {
		return identity{key: "const:" + fmt.Sprint(v), member: fmt.Sprint(v), enum: true}
	}
	if ref := singleRefName(m); ref != "" {
		return identity{key: "ref:" + ref, member: ref}
	}
	if t, ok := m["title"].(string); ok {
		return identity{key: "title:" + t, member: t}
	}
	if reflect.DeepEqual(m, map[string]any{"type": "null"}) {
		return identity{key: "null"}
	}
	return identity{key: fmt.Sprintf("position:%d", index)}
}

// tagOf finds a required property with a constant value.
func tagOf(m map[string]any) (tag, value string, ok bool) {
	props, _ := m["properties"].(map[string]any)
	req, _ := m["required"].([]any)
	var names []string
	for _, r := range req {
		if s, ok := r.(string); ok {
			names = append(names, s)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		p, _ := props[name].(map[string]any)
		if v, ok := p["const"]; ok {
			return name, fmt.Sprint(v), true
		}
	}
	return "", "", false
}

// singleRefName is the definition a `$ref` or `allOf: [{$ref}]` names.
func singleRefName(m map[string]any) string {
	if ref, ok := m["$ref"].(string); ok {
		return strings.TrimPrefix(ref, "#/$defs/")
	}
	if all, ok := m["allOf"].([]any); ok && len(all) == 1 {
		inner, _ := all[0].(map[string]any)
		return singleRefName(inner)
	}
	return ""
}

// checkGrowth requires every new exclusion of a catch-all to be the tag of
// a new variant of the same union.
func (d *schemaDiff) checkGrowth() {
	for _, g := range d.growth {
		found := false
		for _, e := range d.elems {
			found = found || e.Kind == elemVariant && e.Owner == g.Union && e.Member == g.Value
		}
		if !found {
			d.fail(g.Path, "the catch-all of %s now excludes %q, but no new variant of %s has that tag", g.Union, g.Value, g.Union)
		}
	}
}

// orKey names an alternative in messages: as the feature map would, else
// by its internal key.
func orKey(id identity) string {
	if id.member != "" {
		return fmt.Sprintf("%q", id.member)
	}
	return id.key
}
