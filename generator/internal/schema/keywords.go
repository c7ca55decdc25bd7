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
// an annotation (see unknownKeyword), as JSON Schema says of keywords a
// validator does not know.

// Drafts is a set of JSON Schema drafts a keyword belongs to. A document
// is validated against the meta-schema its $schema names (drafts.go);
// the column records where each keyword comes from.
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
	// Validates: a validation keyword (Limits), checked only by Validate;
	// one Validate does not check is an error with Validate on and
	// ignored without it.
	Validates
	// Unsupported: it would change the Go type or what decodes, and the
	// builder does not implement it yet; a generated schema using it is
	// an error with the row's Hint.
	Unsupported
)

// Keyword is one row of the table.
type Keyword struct {
	Name   string
	Drafts Drafts // 0: not JSON Schema (a vendor extension)
	Use    Use
	// Field is the Node field the keyword parses into, or the fields,
	// space-separated ("" when it keeps nothing); the table test holds
	// every row to it.
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
	// Hint says, for an Unsupported keyword, what to write instead.
	Hint string
	// Note says what the keyword does, for docs/json-schema.md, where
	// the other columns do not say enough.
	Note string

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

// Holds reports whether k, written on n, holds something: a keyword
// holding schemas holds a child schema (`additionalProperties: false`
// holds none), any other says something.
func (k *Keyword) Holds(n *Node) bool {
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
	{Name: "$id", Drafts: since6, Use: Shapes, Note: "names the schema for $ref, and sets the base URI of the references below it", Field: "ID", BesideRef: true, Example: `"https://example.com/a.json"`, read: readID},
	// Draft 4's spelling of $id.
	{Name: "id", Drafts: Draft4, Use: Shapes, Note: "draft 4's $id (`#name`: an anchor)", Field: "ID", BesideRef: true, Example: `"a.json"`, read: readID},
	{Name: "$anchor", Drafts: since2019, Use: Shapes, Note: "names the schema for `$ref: \"#name\"`", Field: "Anchor", BesideRef: true, Example: `"a"`, read: readAnchor},
	annotation("$comment", since7, `"for schema authors"`),
	annotation("$vocabulary", since2019, `{"https://json-schema.org/draft/2020-12/vocab/core": true}`),
	{Name: "$dynamicAnchor", Drafts: Draft2020, Use: Shapes, Note: "names the schema for `$ref` and `$dynamicRef`, as `$anchor` does", Field: "Anchor DynamicAnchor", BesideRef: true, Example: `"meta"`, read: readDynamicAnchor},
	annotation("$recursiveAnchor", Draft2019, `true`),
	{Name: "$ref", Drafts: allDrafts, Use: Shapes, Note: "the referenced schema's type (see References above)", Field: "Ref", BesideRef: true, Narrows: true, Example: `"#/$defs/A"`,
		read: readRef, has: func(n *Node) bool { return n.Ref != "" }},
	{Name: "$dynamicRef", Drafts: Draft2020, Use: Shapes, Note: "the Go type of the schema it names where it is written; `Validate` follows the dynamic scope (see References above)", Field: "Ref DynamicRef", BesideRef: true, Narrows: true, Example: `"#meta"`,
		read: readDynamicRef, has: func(n *Node) bool { return n.Ref != "" }},
	unsupported("$recursiveRef", Draft2019, `"#"`, "recursive references are not resolved; use $ref"),
	{Name: "type", Drafts: allDrafts, Use: Shapes, Note: "one type, or one and null (nullable); two or more types a union by JSON kind (see Type lists above)", Field: "Types", Narrows: true, Example: `["string", "null"]`,
		read: readTypes, has: func(n *Node) bool { return len(n.Types) > 0 }},
	{Name: "const", Drafts: since6, Use: Shapes, Note: "a tag or an enum value in an anyOf or oneOf; on a required property a fixed member, on an optional one a pointer to a one-value enum (see Fixed members above); elsewhere raw JSON checked at run time", Field: "Const", Narrows: true, Example: `"a"`, read: readConst},
	{Name: "enum", Drafts: allDrafts, Use: Shapes, Note: "a list of strings is a closed string enum; any other list a closed type holding the member's JSON text (see Enums above)", Field: "Enum", Narrows: true, Example: `["a", 1]`, read: readEnum},
	{Name: "properties", Drafts: allDrafts, Use: Shapes, Field: "Properties", BesideRef: true, Narrows: true,
		Example: `{"a": {}, "b/c": {"type": "string"}}`,
		kids:    schemaMap(Part, func(n *Node) *[]Property { return &n.Properties })},
	{Name: "required", Drafts: allDrafts, Use: Shapes, Field: "Required", BesideRef: true, Example: `["a"]`, read: readRequired},
	definitions("$defs", since2019),
	// 2019-09 and 2020-12 replaced definitions with $defs, keeping it in
	// their meta-schemas so that old documents still validate; a document
	// may use both.
	definitions("definitions", allDrafts),
	// Until 2019-09, items held a list for a tuple; parsing moves that
	// list to PrefixItems, 2020-12's form.
	{Name: "items", Drafts: allDrafts, Use: Shapes, Field: "Items", Narrows: true, Placed: "with type array",
		Example: `{"type": "string"}`, kids: oneSchema(Part, func(n *Node) **Node { return &n.Items }), parse: parseItems},
	{Name: "prefixItems", Drafts: Draft2020, Use: Unsupported, Field: "PrefixItems", Narrows: true,
		Example: `[{"type": "string"}]`, Hint: "tuples have no Go form yet; describe the items with one schema",
		kids: schemaList(Part, func(n *Node) *[]*Node { return &n.PrefixItems })},
	{Name: "additionalItems", Drafts: Draft4 | Draft6 | Draft7 | Draft2019, Use: Unsupported, Field: "AdditionalItems", Narrows: true,
		Example: `{"type": "string"}`, Hint: "tuples have no Go form yet; describe the items with one schema",
		kids: oneSchema(Part, func(n *Node) **Node { return &n.AdditionalItems }), parse: parseClosing},
	{Name: "unevaluatedItems", Drafts: since2019, Use: Unsupported, Field: "UnevaluatedItems", Narrows: true,
		Example: `{"type": "string"}`, Hint: "describe the items with items",
		kids: oneSchema(Part, func(n *Node) **Node { return &n.UnevaluatedItems }), parse: parseClosing},
	{Name: "additionalProperties", Drafts: allDrafts, Use: Shapes, Field: "AdditionalProperties", Narrows: true,
		Placed: extrasPlace, Example: `{"type": "string"}`,
		kids: oneSchema(Part, func(n *Node) **Node { return &n.AdditionalProperties }), parse: parseAdditional},
	{Name: "patternProperties", Drafts: allDrafts, Use: Shapes, Note: "a typed map per pattern beside the struct's fields (see Members by pattern above)", Field: "PatternProperties", Narrows: true,
		Placed: "on an object that becomes a struct (type object)", Example: `{"^x-": {"type": "string"}}`,
		kids: schemaMap(Part, func(n *Node) *[]Property { return &n.PatternProperties })},
	// unevaluatedProperties keeps no child: its schema form is an error.
	{Name: "unevaluatedProperties", Drafts: since2019, Use: Shapes, Field: "UnevaluatedNone", BesideRef: true,
		Placed: extrasPlace, Example: `false`, parse: parseUnevaluated},
	{Name: "dependentSchemas", Drafts: since2019, Use: Unsupported, Field: "DependentSchemas", Narrows: true,
		Example: `{"a": {"required": ["b"]}}`, Hint: "schemas applying when a member is present have no Go form yet; use dependentRequired or oneOf",
		kids: schemaMap(Part, func(n *Node) *[]Property { return &n.DependentSchemas })},
	// Until 2019-09, dependencies held both dependentRequired's lists and
	// dependentSchemas' schemas; only the lists are read.
	{Name: "dependencies", Drafts: until7, Use: Unsupported, Field: "DependentSchemas", Narrows: true,
		Example: `{"a": {"required": ["b"]}}`, Hint: "schemas applying when a member is present have no Go form yet; list required members instead (lists validate only, as dependentRequired does)",
		kids: schemaMap(Part, func(n *Node) *[]Property { return &n.DependentSchemas }), parse: parseDependencies},
	{Name: "allOf", Drafts: allDrafts, Use: Shapes, Note: "around a single `$ref`, that reference; otherwise the object parts merged into one struct (see allOf above)", Field: "AllOf", Narrows: true, Placed: "around a single $ref or merging objects",
		Example: `[{"$ref": "#/$defs/A"}]`, kids: schemaList(Part, func(n *Node) *[]*Node { return &n.AllOf })},
	{Name: "anyOf", Drafts: allDrafts, Use: Shapes, Field: "AnyOf", Narrows: true,
		Example: `[{"type": "string"}, {"type": "null"}]`, kids: schemaList(Part, func(n *Node) *[]*Node { return &n.AnyOf })},
	{Name: "oneOf", Drafts: allDrafts, Use: Shapes, Field: "OneOf", Narrows: true,
		Example: `[{"const": "a"}, {"const": "b"}]`, kids: schemaList(Part, func(n *Node) *[]*Node { return &n.OneOf })},
	{Name: "not", Drafts: allDrafts, Use: Shapes, Field: "Not", Narrows: true,
		Placed:  "on the catch-all variant of a tagged union (titled other or unknown), listing the tag values it excludes",
		Example: `{"const": "a"}`, kids: oneSchema(Negated, func(n *Node) **Node { return &n.Not })},
	{Name: "format", Drafts: allDrafts, Use: Shapes, Note: "picks the Go integer type (int32, uint64, …; any other format is an annotation); a string stays a string holding the text as received (see format and default above)", Field: "Format", Example: `"int32"`,
		read: readFormat, has: func(n *Node) bool { return n.Format != "" }},
	limit("minLength", allDrafts, `1`),
	limit("maxLength", allDrafts, `2`),
	limit("minItems", allDrafts, `1`),
	limit("maxItems", allDrafts, `2`),
	limit("minimum", allDrafts, `0`),
	limit("maximum", allDrafts, `9.5`),
	// Draft 4 wrote these as booleans beside minimum and maximum; parsing
	// turns them into draft 6's numbers (limits.go).
	limit("exclusiveMinimum", allDrafts, `0`),
	limit("exclusiveMaximum", allDrafts, `10`),
	limit("pattern", allDrafts, `"^a"`),
	// multipleOf is checked on numbers and on schemas with no type; the
	// member counts only on schemas with no type (their value is raw
	// JSON); elsewhere they are unchecked.
	limit("multipleOf", allDrafts, `2`),
	limit("minProperties", allDrafts, `1`),
	limit("maxProperties", allDrafts, `2`),
	// uniqueItems is checked on arrays and schemas with no type,
	// dependentRequired only on schemas with no type.
	limit("uniqueItems", allDrafts, `true`),
	limit("dependentRequired", since2019, `{"a": ["b"]}`),
	// Validation keywords Validate does not check: they never change the
	// Go type, so they are fine without Validate (limits.go lists them as
	// unchecked). Those holding schemas are not walked: nothing is
	// generated from them.
	applied("propertyNames", since6, "PropertyNames", `{"pattern": "^a"}`, func(n *Node) **Node { return &n.PropertyNames }),
	applied("contains", since6, "Contains", `{"type": "string"}`, func(n *Node) **Node { return &n.Contains }),
	limit("minContains", since2019, `1`),
	limit("maxContains", since2019, `2`),
	applied("if", since7, "If", `{"required": ["a"]}`, func(n *Node) **Node { return &n.If }),
	applied("then", since7, "Then", `{"required": ["b"]}`, func(n *Node) **Node { return &n.Then }),
	applied("else", since7, "Else", `{"required": ["c"]}`, func(n *Node) **Node { return &n.Else }),
	{Name: "title", Drafts: allDrafts, Use: Shapes, Note: "names the root's type; `other` or `unknown` marks a union's catch-all", Field: "Title", BesideRef: true, Example: `"Other"`, read: readTitle},
	{Name: "description", Drafts: allDrafts, Use: Documents, Field: "Description", BesideRef: true, Example: `"Says why."`, read: readDescription},
	// Editors' descriptions: the doc comment when description is absent.
	{Name: "markdownDescription", Use: Documents, Field: "Description", BesideRef: true, Example: `"Says *why*."`,
		read: readMarkdownDescription},
	{Name: "default", Drafts: allDrafts, Use: Annotation, Note: "not applied on decoding, so a message encodes back as received (see format and default above)", Field: "Default", BesideRef: true, Example: `{"a": 1}`, read: readDefault},
	annotation("examples", since6, `["a"]`),
	annotation("deprecated", since2019, `true`),
	annotation("readOnly", since7, `true`),
	annotation("writeOnly", since7, `false`),
	annotation("contentEncoding", since7, `"base64"`),
	annotation("contentMediaType", since7, `"image/png"`),
	annotation("contentSchema", since2019, `{"type": "object"}`),
	// Vendors' annotations: OpenAPI's, editors' (VS Code), TypeScript
	// generators', ajv-errors'.
	annotation("discriminator", 0, `{"propertyName": "type"}`),
	annotation("nullable", 0, `true`),
	annotation("example", 0, `"a"`),
	annotation("externalDocs", 0, `{"url": "https://example.com"}`),
	annotation("deprecationMessage", 0, `"Use b."`),
	annotation("markdownEnumDescriptions", 0, `["*a*"]`),
	annotation("enumDescriptions", 0, `["a"]`),
	annotation("defaultSnippets", 0, `[{"body": {}}]`),
	annotation("doNotSuggest", 0, `true`),
	annotation("suggestSortText", 0, `"a"`),
	annotation("allowComments", 0, `true`),
	annotation("allowTrailingCommas", 0, `true`),
	annotation("patternErrorMessage", 0, `"must start with a"`),
	annotation("errorMessage", 0, `"must be a string"`),
	annotation("tsType", 0, `"string"`),
	// acpgen's and ACP's extensions.
	flag("x-deserialize-default-on-error", "DefaultOnError", func(n *Node) *bool { return &n.DefaultOnError }),
	flag("x-deserialize-skip-invalid-items", "SkipInvalidItems", func(n *Node) *bool { return &n.SkipInvalidItems }),
	flag("x-deserialize-default-on-null", "DefaultOnNull", func(n *Node) *bool { return &n.DefaultOnNull }),
	{Name: "x-method", Use: Shapes, Field: "Method", BesideRef: true, Example: `"session/new"`, read: readMethod},
	{Name: "x-side", Use: Shapes, Field: "Side", BesideRef: true, Example: `"agent"`, read: readSide},
}

// extension is any other keyword starting with x-: a vendor's annotation.
var extension = annotation("x-", 0, `{"anything": true}`)

// unknownKeyword is what a keyword neither listed nor an extension is: an
// annotation, as JSON Schema says of keywords an implementation does not
// know. Keywords that change what validates or decodes are all listed, so
// none of those passes unnoticed (Unsupported rows are errors where a type
// is generated from them).
var unknownKeyword = &extension

func annotation(name string, drafts Drafts, example string) Keyword {
	return Keyword{Name: name, Drafts: drafts, Use: Annotation, BesideRef: true, Example: example}
}

// unsupported is a keyword holding a reference acpgen does not follow.
func unsupported(name string, drafts Drafts, example, hint string) Keyword {
	return Keyword{Name: name, Drafts: drafts, Use: Unsupported, Narrows: true, Example: example, Hint: hint}
}

// limit is a validation keyword: Limits decodes it.
func limit(name string, drafts Drafts, example string) Keyword {
	return Keyword{Name: name, Drafts: drafts, Use: Validates, Field: "Limits", BesideRef: true, Example: example,
		read: func(n *Node, v []byte) error { return n.Limits.set(name, v) }}
}

// definitions is $defs or its older spelling.
// applied is a keyword holding a schema that Validate applies at run time
// (schema.Applied); beside $ref it applies too.
func applied(name string, drafts Drafts, field, example string, f func(*Node) **Node) Keyword {
	return Keyword{Name: name, Drafts: drafts, Use: Validates, Field: field, BesideRef: true, Narrows: true, Example: example,
		kids: oneSchema(Applied, f)}
}

func definitions(name string, drafts Drafts) Keyword {
	return Keyword{Name: name, Drafts: drafts, Use: Shapes, Field: "Defs", BesideRef: true,
		Note:    "at the root, each is a type named after it; nested ones are types when a $ref points to them",
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
