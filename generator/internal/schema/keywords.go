package schema

import (
	"iter"
	"slices"
	"strings"
)

// The keyword table: every keyword acpgen knows, once, with what the rest
// of the generator needs to know about it. Parsing (setKeyword), the
// $ref-sibling check, IsEmpty, the child walk (Children, Parts) and the
// builder's placement check (build/honoured.go) all read it, so a keyword
// is added here, given a Node field if it keeps a value, and acted on
// where it shapes the Go: three files. A keyword absent from the table is
// an error (see unknownKeyword).

// Drafts is a set of JSON Schema drafts a keyword belongs to. acpgen
// validates against draft 2020-12 today; the column records where each
// keyword comes from, so supporting older documents starts here.
type Drafts uint8

const (
	Draft4 Drafts = 1 << iota
	Draft6
	Draft7
	Draft2019 // 2019-09
	Draft2020 // 2020-12

	allDrafts = Draft4 | Draft6 | Draft7 | Draft2019 | Draft2020
	since6    = Draft6 | Draft7 | Draft2019 | Draft2020
	since7    = Draft7 | Draft2019 | Draft2020
	since2019 = Draft2019 | Draft2020
	until7    = Draft4 | Draft6 | Draft7
)

// Use is what the generator does with a keyword.
type Use uint8

const (
	// Annotation: ignored; nothing generated depends on it.
	Annotation Use = iota
	// Documents: carried into Go doc comments only.
	Documents
	// Shapes: read by the builder for the Go type, a name, the decoding
	// rules or the method tables.
	Shapes
	// Validates: a validation keyword (Limits), checked only by Validate.
	Validates
)

// Keyword is one row of the table.
type Keyword struct {
	Name   string
	Drafts Drafts // 0: not JSON Schema (a vendor extension)
	Use    Use
	// Field is the Node field the keyword parses into ("" when it keeps
	// nothing); the table test holds every row to it.
	Field string
	// BesideRef: the keyword may stand beside $ref. Those that shape the
	// value may not: the builder would follow one and ignore the other.
	BesideRef bool
	// Narrows: written on its own, the keyword (or, for one holding
	// schemas, a child schema it holds) says what the value is, so the
	// node is no longer the any-JSON schema (IsEmpty).
	Narrows bool
	// Placed is, for a keyword the builder acts on only in some places,
	// where it does (the error everywhere else says so); "" when the
	// builder acts on it wherever it appears or rejects it itself.
	Placed string
	// Example is a value of the keyword, for the table test.
	Example string

	kids schemas                   // the child schemas it holds, if any
	has  func(n *Node) bool        // whether a written value says something; nil: it does
	read func(*Node, []byte) error // reads a value that is not a schema
	// parse reads a keyword holding schemas when kids' generic reading
	// is not enough (extra members, definitions).
	parse func(n *Node, k *Keyword, v []byte, at string) error
}

// Shape reports how the keyword holds child schemas.
func (k *Keyword) Shape() Shape { return k.kids.shape }

// Role reports what the keyword's child schemas are to the node's value.
func (k *Keyword) Role() Role { return k.kids.role }

// says reports whether k, written on n, says something: a value keyword
// whose zero value means nothing (an empty format) does not.
func (k *Keyword) says(n *Node) bool { return k.has == nil || k.has(n) }

// holds reports whether k, written on n, holds something: a keyword
// holding schemas holds a child schema (`additionalProperties: false`
// holds none), any other says something.
func (k *Keyword) holds(n *Node) bool {
	if k.kids.shape == NoSchema {
		return k.says(n)
	}
	for range k.kids.of(n) {
		return true
	}
	return false
}

// extrasPlace is where the builder reads keywords about extra members.
const extrasPlace = "on an object that becomes a struct (with properties) or a map (a schema without properties)"

// table lists the keywords in the order Children walks them and errors
// list them.
var table = []Keyword{
	annotation("$schema", allDrafts, `"https://json-schema.org/draft/2020-12/schema"`),
	annotation("$id", since6, `"https://example.com/a.json"`),
	annotation("$comment", since7, `"for schema authors"`),
	{Name: "$ref", Drafts: allDrafts, Use: Shapes, Field: "Ref", BesideRef: true, Narrows: true, Example: `"#/$defs/A"`,
		read: readRef, has: func(n *Node) bool { return n.Ref != "" }},
	{Name: "type", Drafts: allDrafts, Use: Shapes, Field: "Types", Narrows: true, Example: `["string", "null"]`,
		read: readTypes, has: func(n *Node) bool { return len(n.Types) > 0 }},
	{Name: "const", Drafts: since6, Use: Shapes, Field: "Const", Narrows: true, Example: `"a"`, read: readConst},
	{Name: "enum", Drafts: allDrafts, Use: Shapes, Field: "Enum", Narrows: true, Example: `["a", 1]`, read: readEnum},
	{Name: "properties", Drafts: allDrafts, Use: Shapes, Field: "Properties", BesideRef: true, Narrows: true,
		Example: `{"a": {}, "b/c": {"type": "string"}}`,
		kids:    schemaMap(Part, func(n *Node) *[]Property { return &n.Properties })},
	{Name: "required", Drafts: allDrafts, Use: Shapes, Field: "Required", BesideRef: true, Example: `["a"]`, read: readRequired},
	definitions("$defs", since2019),
	// 2019-09 and 2020-12 replaced definitions with $defs, keeping it in
	// their meta-schemas only so that old documents still validate.
	definitions("definitions", until7),
	{Name: "items", Drafts: allDrafts, Use: Shapes, Field: "Items", Narrows: true, Placed: "with type array",
		Example: `{"type": "string"}`, kids: oneSchema(Part, func(n *Node) **Node { return &n.Items })},
	{Name: "additionalProperties", Drafts: allDrafts, Use: Shapes, Field: "AdditionalProperties", Narrows: true,
		Placed: extrasPlace, Example: `{"type": "string"}`,
		kids: oneSchema(Part, func(n *Node) **Node { return &n.AdditionalProperties }), parse: parseAdditional},
	// unevaluatedProperties keeps no child: its schema form is an error.
	{Name: "unevaluatedProperties", Drafts: since2019, Use: Shapes, Field: "UnevaluatedNone", BesideRef: true,
		Placed: extrasPlace, Example: `false`, parse: parseUnevaluated},
	{Name: "allOf", Drafts: allDrafts, Use: Shapes, Field: "AllOf", Narrows: true, Placed: "around a single $ref",
		Example: `[{"$ref": "#/$defs/A"}]`, kids: schemaList(Part, func(n *Node) *[]*Node { return &n.AllOf })},
	{Name: "anyOf", Drafts: allDrafts, Use: Shapes, Field: "AnyOf", Narrows: true,
		Example: `[{"type": "string"}, {"type": "null"}]`, kids: schemaList(Part, func(n *Node) *[]*Node { return &n.AnyOf })},
	{Name: "oneOf", Drafts: allDrafts, Use: Shapes, Field: "OneOf", Narrows: true,
		Example: `[{"const": "a"}, {"const": "b"}]`, kids: schemaList(Part, func(n *Node) *[]*Node { return &n.OneOf })},
	{Name: "not", Drafts: allDrafts, Use: Shapes, Field: "Not", Narrows: true,
		Placed:  "on the catch-all variant of a tagged union (titled other or unknown), listing the tag values it excludes",
		Example: `{"const": "a"}`, kids: oneSchema(Negated, func(n *Node) **Node { return &n.Not })},
	{Name: "format", Drafts: allDrafts, Use: Shapes, Field: "Format", Example: `"int32"`,
		read: readFormat, has: func(n *Node) bool { return n.Format != "" }},
	limit("minLength", `1`),
	limit("maxLength", `2`),
	limit("minItems", `1`),
	limit("maxItems", `2`),
	limit("minimum", `0`),
	limit("maximum", `9.5`),
	// Draft 4 wrote these as booleans beside minimum and maximum; acpgen
	// reads the numbers of draft 6 on.
	limit("exclusiveMinimum", `0`),
	limit("exclusiveMaximum", `10`),
	limit("pattern", `"^a"`),
	limit("uniqueItems", `true`),
	{Name: "title", Drafts: allDrafts, Use: Shapes, Field: "Title", BesideRef: true, Example: `"Other"`, read: readTitle},
	{Name: "description", Drafts: allDrafts, Use: Documents, Field: "Description", BesideRef: true, Example: `"Says why."`, read: readDescription},
	{Name: "default", Drafts: allDrafts, Use: Annotation, Field: "Default", BesideRef: true, Example: `{"a": 1}`, read: readDefault},
	annotation("examples", since6, `["a"]`),
	annotation("deprecated", since2019, `true`),
	annotation("readOnly", since7, `true`),
	annotation("writeOnly", since7, `false`),
	annotation("contentEncoding", since7, `"base64"`),
	annotation("contentMediaType", since7, `"image/png"`),
	annotation("discriminator", 0, `{"propertyName": "type"}`), // OpenAPI's
	// acpgen's and ACP's extensions.
	flag("x-deserialize-default-on-error", "DefaultOnError", func(n *Node) *bool { return &n.DefaultOnError }),
	flag("x-deserialize-skip-invalid-items", "SkipInvalidItems", func(n *Node) *bool { return &n.SkipInvalidItems }),
	flag("x-deserialize-default-on-null", "DefaultOnNull", func(n *Node) *bool { return &n.DefaultOnNull }),
	{Name: "x-method", Use: Shapes, Field: "Method", BesideRef: true, Example: `"session/new"`, read: readMethod},
	{Name: "x-side", Use: Shapes, Field: "Side", BesideRef: true, Example: `"agent"`, read: readSide},
}

// extension is any other keyword starting with x-: a vendor's annotation.
var extension = annotation("x-", 0, `{"anything": true}`)

// unknownKeyword is what a keyword neither listed nor an extension is:
// nil, an error, so a schema using a construct acpgen does not implement
// fails loudly instead of generating something subtly wrong. Set to
// &extension, such keywords would be read as annotations.
var unknownKeyword *Keyword

func annotation(name string, drafts Drafts, example string) Keyword {
	return Keyword{Name: name, Drafts: drafts, Use: Annotation, BesideRef: true, Example: example}
}

// limit is a validation keyword: Limits decodes it.
func limit(name, example string) Keyword {
	return Keyword{Name: name, Drafts: allDrafts, Use: Validates, Field: "Limits", BesideRef: true, Example: example,
		read: func(n *Node, v []byte) error { return n.Limits.set(name, v) }}
}

// definitions is $defs or its older spelling.
func definitions(name string, drafts Drafts) Keyword {
	return Keyword{Name: name, Drafts: drafts, Use: Shapes, Field: "Defs", BesideRef: true,
		Example: `{"A": {"type": "string"}}`, parse: parseDefs,
		kids: schemaMap(Definitions, func(n *Node) *[]Property { return &n.Defs })}
}

// flag is a boolean extension acpgen reads.
func flag(name, field string, dst func(*Node) *bool) Keyword {
	return Keyword{Name: name, Use: Shapes, Field: field, BesideRef: true, Example: `true`,
		read: func(n *Node, v []byte) error { return readBool(dst(n), v) }}
}

// rows is the table by address and byName by name, filled once: the
// table's parse functions reach back to them, so they cannot be
// initialised from it.
var (
	rows   []*Keyword
	byName map[string]*Keyword
)

func init() {
	byName = make(map[string]*Keyword, len(table))
	for i := range table {
		rows = append(rows, &table[i])
		byName[table[i].Name] = &table[i]
	}
}

// Table yields every keyword, in table order.
func Table() iter.Seq[*Keyword] { return slices.Values(rows) }

// Lookup returns the row of a keyword: its own, the extension row for
// another x- keyword, and unknownKeyword for the rest.
func Lookup(name string) *Keyword {
	if k := byName[name]; k != nil {
		return k
	}
	if strings.HasPrefix(name, "x-") {
		return &extension
	}
	return unknownKeyword
}
