package generator

import (
	"fmt"
	"slices"
	"strings"
)

// builder turns a loaded schema into IR types. It claims every definition
// name first, so names derived later (variants, inline types, enum
// constants) can never take a definition's name.
type builder struct {
	doc   *schemaDoc
	ns    *namespace
	types []*Decl
}

// buildIR sorts every definition of doc into an IR type. It returns the
// namespace too, for names derived later (gated parts).
func buildIR(doc *schemaDoc) ([]*Decl, *namespace, error) {
	b := &builder{doc: doc, ns: newNamespace()}
	for _, d := range doc.Defs {
		if err := b.ns.claimExact(d.Name, d.Schema.Path); err != nil {
			return nil, nil, b.wrap(err)
		}
	}
	if err := b.defineRoot(); err != nil {
		return nil, nil, b.wrap(err)
	}
	for _, d := range doc.Defs {
		if err := b.define(d.Name, d.Schema); err != nil {
			return nil, nil, b.wrap(err)
		}
	}
	markObjects(b.types)
	return b.types, b.ns, nil
}

// wrap prefixes errors with the schema file name.
func (b *builder) wrap(err error) error {
	return fmt.Errorf("%s: %w", b.doc.File, err)
}

// define builds the named type name from n and records it (and any inline
// types it needs) in b.types.
func (b *builder) define(name string, n *node) error {
	t := &Decl{Name: name, Doc: n.Description, Path: n.Path}
	b.types = append(b.types, t)
	if n.Enum != nil {
		return b.defineEnumList(t, n)
	}
	alts, err := alternatives(n)
	if err != nil {
		return err
	}
	switch {
	case alts != nil:
		return b.defineChoice(t, n, alts)
	case isSingleRef(n):
		target, err := b.refName(n)
		if err != nil {
			return err
		}
		t.Kind, t.Newtype = KindNewtype, &Expr{Kind: ExprNamed, Named: target}
		return nil
	case n.hasType("object") && len(n.Properties) > 0:
		t.Kind = KindStruct
		t.Struct, err = b.structOf(name, n)
		return err
	}
	e, nullable, err := b.expr(name, n)
	if err != nil {
		return err
	}
	if nullable {
		return fmt.Errorf("%s: a nullable definition is not supported; make its uses nullable", n.Path)
	}
	if e.Kind == ExprRaw {
		t.Kind, t.RawObject = KindRaw, e.RawObject
		return nil
	}
	t.Kind, t.Newtype = KindNewtype, &e
	return nil
}

// defineChoice builds a definition with anyOf/oneOf: an enum, a struct with
// a flattened union, or a union.
func (b *builder) defineChoice(t *Decl, n *node, alts []*node) error {
	if e, ok, err := b.enumOf(t.Name, alts); ok || err != nil {
		t.Kind, t.Enum = KindEnum, e
		return err
	}
	if len(n.Properties) > 0 {
		s, err := b.structOf(t.Name, n)
		if err != nil {
			return err
		}
		t.Kind, t.Struct = KindStruct, s
		return nil
	}
	u, err := b.unionOf(t.Name, t.Name, n, alts, false)
	t.Kind, t.Union = KindUnion, u
	return err
}

// alternatives returns the anyOf or oneOf list of n (nil when neither).
func alternatives(n *node) ([]*node, error) {
	if len(n.AnyOf) > 0 && len(n.OneOf) > 0 {
		return nil, fmt.Errorf("%s: anyOf and oneOf together are not supported", n.Path)
	}
	if len(n.AnyOf) > 0 {
		return n.AnyOf, nil
	}
	return n.OneOf, nil
}

// structOf builds an object type; a union in n's anyOf/oneOf is flattened
// into it as the Variant field.
func (b *builder) structOf(owner string, n *node) (*StructDecl, error) {
	if len(n.AllOf) > 0 {
		return nil, fmt.Errorf("%s/allOf: allOf beside properties is not supported", n.Path)
	}
	s := &StructDecl{Extra: n.AdditionalAny}
	if n.AdditionalProperties != nil {
		return nil, fmt.Errorf("%s/additionalProperties: typed additional properties beside properties are not supported", n.Path)
	}
	alts, err := alternatives(n)
	if err != nil {
		return nil, err
	}
	skip := ""
	if alts != nil {
		s.Variant, err = b.unionOf(owner, owner+"Variant", n, alts, true)
		if err != nil {
			return nil, err
		}
		skip = s.Variant.Tag
		for _, p := range n.Properties {
			if p.Name == skip && p.Schema.DefaultOnError {
				s.Variant.TagLenient = true
			}
		}
		if s.Extra {
			return nil, fmt.Errorf("%s: additionalProperties beside a flattened union is not supported (extra members could not be told from variant members)", n.Path)
		}
	}
	s.Fields, err = b.fields(owner, n, skip)
	return s, err
}

// fields builds the fields of n's properties, leaving out skip (the tag of
// a union that owns that property).
func (b *builder) fields(owner string, n *node, skip string) ([]*Field, error) {
	names := fieldNames{}
	var out []*Field
	for _, p := range n.Properties {
		if p.Name == skip {
			continue
		}
		e, nullable, err := b.expr(owner+goName(p.Name), p.Schema)
		if err != nil {
			return nil, err
		}
		out = append(out, &Field{
			JSON:           p.Name,
			Go:             names.claim(goName(p.Name)),
			Doc:            p.Schema.Description,
			Path:           p.Schema.Path,
			Type:           e,
			Required:       slices.Contains(n.Required, p.Name),
			Nullable:       nullable,
			DefaultOnError: p.Schema.DefaultOnError,
			DefaultOnNull:  p.Schema.DefaultOnNull,
		})
	}
	return out, nil
}

// expr maps a property, item or definition schema to a Go type expression.
// hint names any inline type that must be generated for it. nullable is
// true when the schema also admits null.
func (b *builder) expr(hint string, n *node) (Expr, bool, error) {
	if isSingleRef(n) {
		name, err := b.refName(n)
		return Expr{Kind: ExprNamed, Named: name}, false, err
	}
	if inner := nullableAlternative(n); inner != nil {
		e, _, err := b.expr(hint, inner)
		return e, true, err
	}
	if alts, err := alternatives(n); err != nil || alts != nil {
		if err != nil {
			return Expr{}, false, err
		}
		name := b.ns.claim(hint, n.Path)
		return Expr{Kind: ExprNamed, Named: name}, false, b.define(name, n)
	}
	if n.Enum != nil {
		name := b.ns.claim(hint, n.Path)
		return Expr{Kind: ExprNamed, Named: name}, false, b.define(name, n)
	}
	types, nullable := withoutNull(n.Types)
	switch {
	case len(types) == 0 && n.isEmpty():
		return Expr{Kind: ExprRaw}, false, nil
	case len(types) != 1:
		return Expr{}, false, fmt.Errorf("%s: unsupported schema (type %v); expected one JSON type, a $ref or a union", n.Path, n.Types)
	case n.Const != nil:
		return Expr{}, false, fmt.Errorf("%s: const outside a union is not supported", n.Path)
	}
	e, err := b.typedExpr(hint, types[0], n)
	if err == nil {
		e.Checks, err = checksOf(n, e)
	}
	return e, nullable, err
}

// typedExpr maps a schema with one JSON type.
func (b *builder) typedExpr(hint, typ string, n *node) (Expr, error) {
	switch typ {
	case "string":
		return Expr{Kind: ExprBuiltin, Builtin: "string"}, nil
	case "boolean":
		return Expr{Kind: ExprBuiltin, Builtin: "bool"}, nil
	case "integer", "number":
		bt, err := numberType(typ, n)
		return Expr{Kind: ExprBuiltin, Builtin: bt}, err
	case "array":
		return b.arrayExpr(hint, n)
	case "object":
		return b.objectExpr(hint, n)
	}
	return Expr{}, fmt.Errorf("%s: unsupported type %q", n.Path, typ)
}

func (b *builder) arrayExpr(hint string, n *node) (Expr, error) {
	elem := Expr{Kind: ExprRaw}
	if n.Items != nil {
		e, nullable, err := b.expr(hint+"Item", n.Items)
		if err != nil {
			return Expr{}, err
		}
		if nullable {
			return Expr{}, fmt.Errorf("%s: nullable array items are not supported", n.Items.Path)
		}
		elem = e
	}
	return Expr{Kind: ExprSlice, Elem: &elem, SkipInvalid: n.SkipInvalidItems}, nil
}

func (b *builder) objectExpr(hint string, n *node) (Expr, error) {
	switch {
	case len(n.Properties) > 0:
		name := b.ns.claim(hint, n.Path)
		return Expr{Kind: ExprNamed, Named: name}, b.define(name, n)
	case n.AdditionalProperties != nil:
		e, nullable, err := b.expr(hint+"Value", n.AdditionalProperties)
		if nullable {
			err = fmt.Errorf("%s: nullable map values are not supported", n.AdditionalProperties.Path)
		}
		return Expr{Kind: ExprMap, Elem: &e}, err
	}
	return Expr{Kind: ExprRaw, RawObject: true}, nil
}

// numberType maps integer formats to Go types (rule 10).
func numberType(typ string, n *node) (string, error) {
	if typ == "number" {
		if n.Format == "" || n.Format == "double" || n.Format == "float" {
			return "float64", nil
		}
	} else {
		switch n.Format {
		case "":
			return "int64", nil
		case "int32", "int64", "uint16", "uint32", "uint64":
			return n.Format, nil
		case "uint8", "uint":
			return map[string]string{"uint8": "uint16", "uint": "uint64"}[n.Format], nil
		}
	}
	return "", fmt.Errorf("%s: unsupported %s format %q", n.Path, typ, n.Format)
}

// isSingleRef reports whether n is a $ref, or an allOf with one $ref (how
// schemars attaches a description to a reference), with nothing else that
// shapes the value.
func isSingleRef(n *node) bool {
	if len(n.Types) > 0 || len(n.Properties) > 0 || len(n.AnyOf) > 0 || len(n.OneOf) > 0 {
		return false
	}
	if n.Ref != "" {
		return len(n.AllOf) == 0
	}
	return len(n.AllOf) == 1 && n.AllOf[0].Ref != "" && isSingleRef(n.AllOf[0])
}

// refName resolves a single-ref schema to its definition name.
func (b *builder) refName(n *node) (string, error) {
	for n.Ref == "" {
		n = n.AllOf[0]
	}
	name, _, err := b.doc.resolveRef(n)
	return name, err
}

// refNode resolves a single-ref schema to the definition's node.
func (b *builder) refNode(n *node) (*node, error) {
	for n.Ref == "" {
		n = n.AllOf[0]
	}
	_, def, err := b.doc.resolveRef(n)
	return def, err
}

// nullableAlternative returns X for anyOf/oneOf [X, {type: null}].
func nullableAlternative(n *node) *node {
	alts, _ := alternatives(n)
	if len(alts) != 2 || len(n.Properties) > 0 || len(n.Types) > 0 {
		return nil
	}
	for i, a := range alts {
		if a.isNullOnly() && !alts[1-i].isNullOnly() {
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
