package build

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/diag"
	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// builder turns a loaded schema into IR types. It claims every definition
// name first, so names derived later (variants, inline types, enum
// constants) can never take a definition's name.
type builder struct {
	doc   *schema.Doc
	ns    *naming.Namespace
	types []*ir.Decl
	kinds map[*schema.Node]string // kindsOf's memo; "" while in progress
	// honoured records keywords acted on only in some places
	// (honoured.go).
	honoured map[honourKey]bool
	// names are the Go names of the schemas that become named types:
	// definitions, the root, the other schemas references point to.
	names map[*schema.Node]string
	// lowerer lowers the schemas with no Go form into the run-time schema
	// tree (rawschema.go); runtime holds those schemas, which the
	// keyword checks (honoured.go) leave to it.
	lowerer *lowerer
	runtime map[*schema.Node]bool
}

// Types sorts every definition of doc into an IR type. It returns the
// namespace too, for names derived later (gated parts). Every
// definition is built, so the error lists every construct of every
// definition acpgen cannot express (diag.Errors), up to diag.Max.
func Types(doc *schema.Doc) ([]*ir.Decl, *naming.Namespace, error) {
	b := &builder{doc: doc, ns: naming.NewNamespace(), names: map[*schema.Node]string{},
		lowerer: newLowerer(doc), runtime: map[*schema.Node]bool{}}
	var errs diag.List
	for _, exact := range []bool{true, false} {
		for _, d := range doc.Defs {
			errs.Add(b.claimDefinition(d, exact))
		}
	}
	errs.Add(b.claimRoot())
	for _, e := range doc.Extra {
		b.names[e.Schema] = b.ns.Claim(naming.GoName(e.Name), e.Schema.Path)
	}
	root := []schema.Property{{Schema: doc.Root}}
	for _, list := range [][]schema.Property{root, doc.Defs, doc.Extra} {
		for _, d := range list {
			if name := b.names[d.Schema]; name != "" {
				errs.Add(b.define(name, d.Schema))
			}
		}
	}
	errs.Add(b.checkHonoured(errs.Len() == 0))
	if err := errs.Err(); err != nil {
		return nil, nil, diag.Map(err, b.wrap)
	}
	ir.MarkObjects(b.types)
	ir.MarkPayloadMaps(b.types)
	return b.types, b.ns, nil
}

// claimDefinition names a definition: its own name, but for initialisms
// (naming.TypeName), so users find types by their protocol names. A name
// that is no exported Go identifier (possiblySecretString, 2024-01), or
// one Go would not write (uri_repo), is made one by naming.GoName, suffixed if taken; so is the
// second of two definitions of one name ($defs/A beside definitions/A).
// Types calls it twice: exact names first, so a definition named as Go
// names it keeps its name whatever the order; the others after.
func (b *builder) claimDefinition(d schema.Property, exact bool) error {
	name := naming.TypeName(d.Name)
	isExact := token.IsIdentifier(name) && token.IsExported(name) && !strings.Contains(name, "_") &&
		b.doc.ByName[d.Name] == d.Schema
	if isExact != exact || b.names[d.Schema] != "" {
		return nil
	}
	if !exact {
		b.names[d.Schema] = b.ns.Claim(naming.GoName(d.Name), d.Schema.Path)
		return nil
	}
	b.names[d.Schema] = name
	return b.ns.ClaimExact(name, d.Schema.Path)
}

// wrap prefixes errors with the schema file name.
func (b *builder) wrap(err error) error {
	return fmt.Errorf("%s: %w", b.doc.File, err)
}

// define builds the named type name from n and records it (and any inline
// types it needs) in b.types. A schema with no Go form becomes raw JSON
// checked against the schema at run time (runtimeValue).
func (b *builder) define(name string, n *schema.Node) error {
	mark := len(b.types)
	var err error
	if !noGoForm(n) {
		if err = b.defineTyped(name, n); err == nil || !runtimeValue(n) {
			return err
		}
	}
	b.types = b.types[:mark]
	t := &ir.Decl{Name: name, Doc: n.Description, Path: n.Path, Kind: ir.KindRaw}
	b.types = append(b.types, t)
	t.Schema, err = b.lowerRuntime(n)
	return err
}

func (b *builder) defineTyped(name string, n *schema.Node) error {
	t := &ir.Decl{Name: name, Doc: n.Description, Path: n.Path}
	b.types = append(b.types, t)
	n, err := b.merged(n)
	if err != nil {
		return err
	}
	if n.Enum != nil {
		return b.defineEnumList(t, n)
	}
	alts, err := n.Alternatives()
	if err != nil {
		return err
	}
	switch {
	case alts != nil:
		return b.defineChoice(t, n, alts)
	case n.IsSingleRef():
		target, err := b.refName(n)
		if err != nil {
			return err
		}
		t.Kind, t.Newtype = ir.KindNewtype, &ir.Expr{Kind: ir.ExprNamed, Named: target}
		return nil
	case n.HasType("object") && (len(n.Properties) > 0 || routesMembers(n)):
		t.Kind = ir.KindStruct
		t.Struct, err = b.structOf(name, n)
		return err
	}
	// A definition whose type list admits null (["string", "null"]) is
	// its type; null is its uses' (nullableTarget).
	e, _, err := b.expr(name, n)
	if err != nil {
		return err
	}
	if e.Kind == ir.ExprRaw {
		t.Kind, t.RawObject, t.RawChecks, t.Schema = ir.KindRaw, e.RawObject, e.Checks, e.Schema
		t.BareObject = bareObject(n)
		return nil
	}
	t.Kind, t.Newtype = ir.KindNewtype, &e
	return nil
}

// bareObject reports whether n is only `type: object`: no properties and
// no additionalProperties keyword (see ir.Decl.BareObject).
func bareObject(n *schema.Node) bool {
	return len(n.Types) == 1 && n.HasType("object") && len(n.Properties) == 0 &&
		n.AdditionalProperties == nil && !n.AdditionalAny && !n.ClosedObject()
}

// defineChoice builds a definition with anyOf/oneOf: an enum, a struct with
// a flattened union, or a union.
func (b *builder) defineChoice(t *ir.Decl, n *schema.Node, alts []*schema.Node) error {
	if e, ok, err := b.enumOf(t.Name, alts); ok || err != nil {
		t.Kind, t.Enum = ir.KindEnum, e
		return err
	}
	if len(n.Properties) > 0 {
		s, err := b.structOf(t.Name, n)
		if err != nil {
			return err
		}
		t.Kind, t.Struct = ir.KindStruct, s
		return nil
	}
	u, err := b.unionOf(t.Name, t.Name, n, alts, false)
	t.Kind, t.Union = ir.KindUnion, u
	return err
}

// structOf builds an object type; a union in n's anyOf/oneOf is flattened
// into it as the field naming.FlatUnionField. An allOf beside n's
// properties was merged into n before (merged).
func (b *builder) structOf(owner string, n *schema.Node) (*ir.StructDecl, error) {
	s := &ir.StructDecl{Extra: n.AdditionalAny, Closed: n.ClosedObject()}
	b.honour(n, extraMembers...)
	alts, err := n.Alternatives()
	if err != nil {
		return nil, err
	}
	skip := ""
	if alts != nil {
		s.Variant, err = b.unionOf(owner, naming.FlatUnion(owner), n, alts, true)
		if err != nil {
			return nil, err
		}
		skip = s.Variant.Tag
		for _, p := range n.Properties {
			if skip != "" && p.Name == skip && p.Schema.DefaultOnError {
				s.Variant.TagLenient = true
			}
		}
		if s.Extra || s.Closed || n.AdditionalProperties != nil || len(n.PatternProperties) > 0 {
			return nil, fmt.Errorf("%s: additionalProperties, patternProperties or unevaluatedProperties beside a flattened union is not supported (extra members could not be told from variant members)", n.Path)
		}
	}
	if s.Fields, err = b.fields(owner, n, skip); err != nil {
		return s, err
	}
	s.Maps, err = b.memberMaps(owner, n, s.Fields)
	return s, err
}

// fields builds the fields of n's properties, leaving out skip (the tag of
// a union that owns that property; "" leaves out nothing, as no tag is
// named "").
func (b *builder) fields(owner string, n *schema.Node, skip string) ([]*ir.Field, error) {
	names := naming.NewFieldNames()
	var out []*ir.Field
	// Every property is built, so each one acpgen cannot express is
	// listed, not just the first.
	var errs diag.List
	for _, p := range n.Properties {
		if skip != "" && p.Name == skip {
			continue
		}
		required := slices.Contains(n.Required, p.Name)
		e, fixed, isFixed, err := fixedMember(p.Schema)
		nullable := false
		switch {
		case isFixed && !required && err == nil && fixed != "null":
			// An optional fixed member may be absent, which encoding
			// must keep: it is a pointer to an enum of its one value
			// (but null, which a pointer could not tell from absent).
			e, nullable, err = b.expr(naming.MemberType(owner, p.Name), optionalConst(p.Schema))
			fixed = ""
		case !isFixed:
			e, nullable, err = b.expr(naming.MemberType(owner, p.Name), p.Schema)
		}
		if err != nil {
			errs.Add(err)
			continue
		}
		out = append(out, &ir.Field{
			Const:          fixed,
			JSON:           p.Name,
			Go:             names.Claim(naming.GoName(p.Name)),
			Doc:            p.Schema.Description,
			Path:           p.Schema.Path,
			Type:           e,
			Required:       required,
			Nullable:       nullable,
			DefaultOnError: p.Schema.DefaultOnError,
			DefaultOnNull:  p.Schema.DefaultOnNull,
		})
	}
	nameGetters(names, out)
	return out, errs.Err()
}

// undeclaredRequired reports whether n's required list names a member n
// does not declare as a property: the decoder does not enforce it, so
// only Validate's run-time schema checks it (CheckValidatable).
func undeclaredRequired(n *schema.Node) bool {
	for _, r := range n.Required {
		if !slices.ContainsFunc(n.Properties, func(p schema.Property) bool { return p.Name == r }) {
			return true
		}
	}
	return false
}

// expr maps a property, item or definition schema to a Go type expression.
// hint names any inline type that must be generated for it. nullable is
// true when the schema also admits null. A schema with no Go form is raw
// JSON checked against the schema at run time (runtimeValue).
func (b *builder) expr(hint string, n *schema.Node) (ir.Expr, bool, error) {
	mark := len(b.types)
	if !noGoForm(n) {
		e, nullable, err := b.typedExpr(hint, n)
		if err == nil || !runtimeValue(n) {
			return e, nullable, err
		}
	}
	b.types = b.types[:mark]
	e := ir.Expr{Kind: ir.ExprRaw}
	var err error
	e.Schema, err = b.lowerRuntime(n)
	return e, false, err
}

func (b *builder) typedExpr(hint string, n *schema.Node) (ir.Expr, bool, error) {
	if n.IsSingleRef() {
		name, err := b.refName(n)
		return ir.Expr{Kind: ir.ExprNamed, Named: name}, b.nullableTarget(n), err
	}
	n, err := b.merged(n)
	if err != nil {
		return ir.Expr{}, false, err
	}
	if inner := nullableAlternative(n); inner != nil {
		e, _, err := b.expr(hint, inner)
		return e, true, err
	}
	if alts, err := n.Alternatives(); err != nil || alts != nil {
		if err != nil {
			return ir.Expr{}, false, err
		}
		name := b.ns.Claim(hint, n.Path)
		return ir.Expr{Kind: ir.ExprNamed, Named: name}, false, b.define(name, n)
	}
	if n.Enum != nil {
		name := b.ns.Claim(hint, n.Path)
		return ir.Expr{Kind: ir.ExprNamed, Named: name}, false, b.define(name, n)
	}
	types, nullable := withoutNull(n.Types)
	switch {
	case len(types) == 0 && n.IsEmpty():
		// Any JSON value. Validation keywords apply to the values of
		// their kind (required without properties: see
		// undeclaredRequired).
		e := ir.Expr{Kind: ir.ExprRaw}
		var err error
		e.Checks, err = checksOf(n, e)
		return e, false, err
	case n.IsNullOnly() && n.Const == nil:
		// `type: "null"` alone: the one value is null, which the raw
		// JSON holds as written (a Go type of its own would carry
		// nothing); Validate checks it is null.
		s, err := b.lowerRuntime(n)
		return ir.Expr{Kind: ir.ExprRaw, Schema: s}, false, err
	case len(types) != 1:
		return ir.Expr{}, false, fmt.Errorf("%s: unsupported schema (type %v); expected one JSON type, a $ref or a union", n.Path, n.Types)
	case n.Const != nil:
		return ir.Expr{}, false, fmt.Errorf("%s: const outside a union is not supported", n.Path)
	}
	e, err := b.oneTypeExpr(hint, types[0], n)
	if err == nil {
		e.Checks, err = checksOf(n, e)
	}
	return e, nullable, err
}

// oneTypeExpr maps a schema with one JSON type.
func (b *builder) oneTypeExpr(hint, typ string, n *schema.Node) (ir.Expr, error) {
	switch typ {
	case "string":
		return ir.Expr{Kind: ir.ExprBuiltin, Builtin: "string"}, nil
	case "boolean":
		return ir.Expr{Kind: ir.ExprBuiltin, Builtin: "bool"}, nil
	case "integer", "number":
		return ir.Expr{Kind: ir.ExprBuiltin, Builtin: numberType(typ, n)}, nil
	case "array":
		return b.arrayExpr(hint, n)
	case "object":
		return b.objectExpr(hint, n)
	}
	return ir.Expr{}, fmt.Errorf("%s: unsupported type %s", n.Path, schema.Excerpt(typ))
}

func (b *builder) arrayExpr(hint string, n *schema.Node) (ir.Expr, error) {
	elem := ir.Expr{Kind: ir.ExprRaw}
	if n.Items != nil {
		e, nullable, err := b.expr(naming.Join(hint, "Item"), n.Items)
		if err != nil {
			return ir.Expr{}, err
		}
		if nullable {
			// No Go type holds null beside the item's type in a slice:
			// the items are raw JSON, checked against their schema.
			if e, err = b.nullableRaw(n.Items); err != nil {
				return ir.Expr{}, err
			}
		}
		elem = e
	}
	e := ir.Expr{Kind: ir.ExprSlice, Elem: &elem, SkipInvalid: n.SkipInvalidItems}
	return e, checkNesting(n, e)
}

// maxNesting bounds how many arrays and maps may nest inline
// ([][][]T): the Go compiler gives up on the generated decoders'
// generic calls somewhere above 40 levels. A named type in between
// starts the count again.
const maxNesting = 32

func checkNesting(n *schema.Node, e ir.Expr) error {
	depth := 0
	for p := &e; p != nil && (p.Kind == ir.ExprSlice || p.Kind == ir.ExprMap); p = p.Elem {
		depth++
	}
	if depth > maxNesting {
		return fmt.Errorf("%s: arrays and maps nest more than %d levels deep inline; give an inner level a definition", n.Path, maxNesting)
	}
	return nil
}

func (b *builder) objectExpr(hint string, n *schema.Node) (ir.Expr, error) {
	switch {
	case len(n.Properties) > 0 || routesMembers(n):
		name := b.ns.Claim(hint, n.Path)
		return ir.Expr{Kind: ir.ExprNamed, Named: name}, b.define(name, n)
	case n.AdditionalProperties != nil:
		e, nullable, err := b.expr(naming.Join(hint, "Value"), n.AdditionalProperties)
		if nullable && err == nil {
			e, err = b.nullableRaw(n.AdditionalProperties) // as nullable items
		}
		if err != nil {
			return ir.Expr{}, err
		}
		m := ir.Expr{Kind: ir.ExprMap, Elem: &e}
		b.honour(n, extraMembers...)
		return m, checkNesting(n, m)
	}
	return ir.Expr{Kind: ir.ExprRaw, RawObject: true}, nil
}

// numberType maps integer formats to Go types (rule 10). Any other
// format is an annotation, as JSON Schema says of formats a validator
// does not know: a number is a float64, an integer an int64, which hold
// every value such a format could mean (int8, int16, decimal, …).
func numberType(typ string, n *schema.Node) string {
	if typ == "number" {
		return "float64"
	}
	switch n.Format {
	case "int32", "int64", "uint16", "uint32", "uint64":
		return n.Format
	case "uint8", "uint":
		return map[string]string{"uint8": "uint16", "uint": "uint64"}[n.Format]
	}
	return "int64"
}

// refName resolves a single-ref schema to its target's Go name.
func (b *builder) refName(n *schema.Node) (string, error) {
	t, err := b.refNode(n)
	if err != nil {
		return "", err
	}
	return b.names[t], nil
}

// refNode resolves a single-ref schema to the schema it points to.
func (b *builder) refNode(n *schema.Node) (*schema.Node, error) {
	for n.Ref == "" {
		n = n.AllOf[0]
	}
	return b.doc.Target(n)
}

// nullableTarget reports whether the definition a single-ref schema
// points to (through any chain of references) lists null beside its one
// type (`["string", "null"]`): the definition is the type, and each use
// is nullable, as a property written so is. (An anyOf of a schema and
// null is a union with a null variant, as ever.)
func (b *builder) nullableTarget(n *schema.Node) bool {
	for t := range b.doc.Follow(n) {
		if !t.IsSingleRef() {
			types, null := withoutNull(t.Types)
			return null && len(types) == 1 && len(t.AnyOf) == 0 && len(t.OneOf) == 0
		}
	}
	return false
}

// nullableRaw is the raw JSON a nullable item or map value is held as,
// with its schema as the run-time schema Validate checks it against.
// The types built for its non-null form are dropped.
func (b *builder) nullableRaw(n *schema.Node) (ir.Expr, error) {
	var err error
	e := ir.Expr{Kind: ir.ExprRaw}
	e.Schema, err = b.lowerRuntime(n)
	return e, err
}

// nullableAlternative returns X for anyOf/oneOf [X, {type: null}].
func nullableAlternative(n *schema.Node) *schema.Node {
	alts, _ := n.Alternatives()
	if len(alts) != 2 || len(n.Properties) > 0 || len(n.Types) > 0 {
		return nil
	}
	for i, a := range alts {
		if a.IsNullOnly() && !alts[1-i].IsNullOnly() {
			return alts[1-i]
		}
	}
	return nil
}

func withoutNull(types []string) ([]string, bool) {
	var out []string
	for _, t := range types {
		if t != "null" {
			out = append(out, t)
		}
	}
	return out, len(out) != len(types)
}

// isCatchAllTitle reports whether a variant title marks the catch-all of an
// open union or enum.
func isCatchAllTitle(title string) bool {
	t := strings.ToLower(title)
	return t == "other" || t == "unknown"
}
