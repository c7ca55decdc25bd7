package emit

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"

	. "github.com/dave/jennifer/jen"
)

// Validate emitter. With Config.Validate on, every generated type but union
// variants (which their union checks) gets `Validate() error`, in a file of
// its own (validate.go) so that types.go is the same with and without it. Decoding already rejects wrong JSON kinds,
// missing members and unknown closed-enum values, but stops at the first
// problem and says nothing about lengths, counts, bounds or formats, nor
// about values built in Go. Validate checks all of those and reports every
// violation with its JSON path. Each type with something to check gets an
// unexported validate(*validator) that appends to a shared list while the
// runtime (templates/validate_*.go) tracks the path.

// Validation renders validate.go and adds the validation runtime. The
// builder has checked that Validate can honour the schema
// (checkValidatable).
func Validation(pkg, importPath string, types []*ir.Decl, files []OutputFile) ([]OutputFile, error) {
	f := newCodecFile(pkg)
	f.HeaderComment(GeneratedHeader)
	f.ImportName(ecmaEngine, "regexp2")
	g := &validateEmitter{f: f, needs: validationNeeds(types), patterns: map[ir.Pattern]string{}}
	g.schemaIndex, g.schemaRowsList = schemaTable(types)
	for _, t := range types {
		g.decl(t)
	}
	g.schemaRows()
	g.patternVars()
	g.rawVars()
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("rendering %s validation: %v", pkg, err)
	}
	rt, err := copyTemplates(pkg, importPath, validationFiles(len(g.schemaRowsList) > 1))
	if err != nil {
		return nil, err
	}
	own := []OutputFile{{Name: "validate.go", Content: buf.Bytes()}}
	if err := resolveCodecPath(own, importPath); err != nil {
		return nil, err
	}
	files = append(files, own...)
	return append(files, rt...), nil
}

// validateEmitter renders validate.go.
type validateEmitter struct {
	f     *File
	needs needs
	// patterns names the compiled regular expression of each pattern,
	// in the order they are met (patterns.go).
	patterns     map[ir.Pattern]string
	patternOrder []ir.Pattern
	// raws are the rawChecks of schemas with no type (validate_raw.go).
	raws []Code
	// schemaIndex numbers the run-time schemas' rows (validate_schema.go).
	schemaIndex    map[*ir.SchemaNode]int
	schemaRowsList []*ir.SchemaNode
}

// decl emits Validate (and validate, when needed) for one type, and for the
// union flattened into a struct, which is a Go type of its own.
func (g *validateEmitter) decl(t *ir.Decl) {
	if t.Schema != nil {
		// The schema states what the typed checks cannot: the value is
		// checked against it at run time, and only so.
		g.methods(t.Name, []Code{g.schemaCheck(Id("x"), t.Schema, false)})
		if u := ir.StructVariant(t); u != nil {
			g.union(u)
		}
		return
	}
	switch t.Kind {
	case ir.KindStruct:
		g.methods(t.Name, g.fields(t.Struct.Fields, t.Struct.Variant))
		if u := t.Struct.Variant; u != nil {
			g.union(u)
		}
	case ir.KindNewtype:
		g.methods(t.Name, g.value(*t.Newtype, operand{ptr: convertPtr(*t.Newtype, Id("x"))}, 0))
	case ir.KindEnum:
		g.methods(t.Name, enumCheck(t))
	case ir.KindUnion:
		g.union(t.Union)
	case ir.KindRaw:
		raw := ir.Expr{Kind: ir.ExprRaw, RawObject: t.RawObject, Checks: t.RawChecks}
		g.methods(t.Name, g.value(raw, operand{ptr: convertPtr(raw, Id("x"))}, 0))
	default:
		g.methods(t.Name, nil)
	}
}

// methods emits Validate, and validate when body checks anything.
func (g *validateEmitter) methods(name string, body []Code) {
	g.f.Line()
	if len(body) == 0 {
		g.f.Comment("Validate returns nil: the schema states nothing about " + name + " that its Go type")
		g.f.Comment("and decoding do not already enforce.")
		g.f.Func().Params(ptrRecv(name)).Id("Validate").Params().Error().Block(Return(Nil()))
		return
	}
	g.f.Comment("Validate checks x against the constraints its schema states (required members,")
	g.f.Comment("lengths, item counts, bounds, formats, closed enums) and returns every violation,")
	g.f.Comment("each with its JSON path, as a *ValidationError; nil when there is none.")
	g.f.Func().Params(ptrRecv(name)).Id("Validate").Params().Error().Block(Return(Id("validRun").Call(Id("x"))))
	g.validate(name, body)
}

// validate emits the unexported method that records violations.
func (g *validateEmitter) validate(name string, body []Code) {
	newFunc(g.f).Params(ptrRecv(name)).Id("validate").Params(Id("v").Op("*").Id("validator")).Block(body...)
}

// union emits the checks of a union and of each variant that has any. The
// union checks that a variant is set, then whichever it holds, through the
// runtime's validatable interface.
func (g *validateEmitter) union(u *ir.UnionDecl) {
	g.methods(u.Name, []Code{
		If(Id("x").Dot("Value").Op("==").Nil()).Block(Id("v").Dot("unset").Call(Lit(u.Name)), Return()),
		If(List(Id("c"), Id("ok")).Op(":=").Id("x").Dot("Value").Assert(Id("validatable")), Id("ok")).Block(
			Id("c").Dot("validate").Call(Id("v"))),
	})
	for _, v := range u.AllVariants() {
		if body := g.variant(v); len(body) > 0 {
			g.validate(v.Go, body)
		}
	}
}

// variant is the body of a variant's validate method (nil: nothing to check).
func (g *validateEmitter) variant(v *ir.Variant) []Code {
	switch v.Shape {
	case ir.ShapePayload:
		if g.needs[v.Payload] {
			return []Code{Parens(Op("*").Id(v.Payload)).Call(Id("x")).Dot("validate").Call(Id("v"))}
		}
	case ir.ShapeFields, ir.ShapeCatchAll:
		return g.fields(v.Fields, nil)
	case ir.ShapeValue:
		return g.value(*v.Value, operand{ptr: convertPtr(*v.Value, Id("x"))}, 0)
	}
	return nil
}

// fields checks each field at its member path, then the flattened union,
// whose members sit in the same object.
func (g *validateEmitter) fields(fields []*ir.Field, variant *ir.UnionDecl) []Code {
	var out []Code
	for _, fd := range fields {
		out = append(out, g.field(fd)...)
	}
	if variant != nil {
		out = append(out, Id("x").Dot(naming.FlatUnionField).Dot("validate").Call(Id("v")))
	}
	return out
}

// field checks one field: a required member left unset in Go is reported
// missing; an optional one is checked only when present.
func (g *validateEmitter) field(fd *ir.Field) []Code {
	place := Id("x").Dot(fd.Go)
	o := operand{place: place}
	switch {
	case fd.Patch:
		o = operand{place: Id("pv")}
	case fd.Pointer():
		o = operand{ptr: place}
	}
	var checks []Code
	if g.needs.expr(fd.Type) {
		checks = append([]Code{Id("v").Dot("enterKey").Call(Lit(fd.JSON))}, g.value(fd.Type, o, 0)...)
		checks = append(checks, Id("v").Dot("leave").Call())
	}
	if fd.Patch { // only a new value has anything to check
		if len(checks) == 0 {
			return nil
		}
		return []Code{If(List(Id("pv"), Id("ok")).Op(":=").Add(place).Dot("Get").Call(), Id("ok")).Block(checks...)}
	}
	unset, set := presence(fd)
	switch {
	case canBeMissing(fd):
		stmt := If(unset).Block(Id("v").Dot("missing").Call(Lit(fd.JSON)))
		if len(checks) > 0 {
			stmt.Else().Block(checks...)
		}
		return []Code{stmt}
	case len(checks) > 0 && set != nil:
		return []Code{If(set).Block(checks...)}
	}
	return checks
}

// presence gives the conditions under which a field holds no value and
// holds one (both nil for fields that always hold one).
func presence(fd *ir.Field) (unset, set Code) {
	place := Id("x").Dot(fd.Go)
	switch {
	case fd.Pointer(), fd.Type.Kind == ir.ExprSlice, fd.Type.Kind == ir.ExprMap:
		return Add(place).Op("==").Nil(), Add(place).Op("!=").Nil()
	case fd.Type.Kind == ir.ExprRaw:
		return Len(place).Op("==").Lit(0), Len(place).Op(">").Lit(0)
	}
	return nil, nil
}

// canBeMissing reports whether a required field can be unset in Go: a nil
// slice or map, or empty raw JSON (a decoded value never is; one built in
// Go may be). Nullable and lenient fields may legitimately be empty.
func canBeMissing(fd *ir.Field) bool {
	if !fd.Required || fd.Pointer() || fd.Nullable || fd.DefaultOnError || fd.DefaultOnNull {
		return false
	}
	return fd.Type.Kind == ir.ExprSlice || fd.Type.Kind == ir.ExprMap || fd.Type.Kind == ir.ExprRaw
}

// value checks a value of type e held in o: its own constraints, then its
// named type's validate, or each item or map value (maps in key order, so
// the violations come out the same on every run). depth names loop
// variables of nested slices and maps apart.
func (g *validateEmitter) value(e ir.Expr, o operand, depth int) []Code {
	out := g.constraintCalls(e, o)
	switch e.Kind {
	case ir.ExprNamed:
		if g.needs[e.Named] {
			out = append(out, Add(o.receiver()).Dot("validate").Call(Id("v")))
		}
	case ir.ExprSlice:
		if g.needs.expr(*e.Elem) {
			i := fmt.Sprintf("i%d", depth)
			item := operand{place: indexable(o).Index(Id(i))}
			body := append([]Code{Id("v").Dot("enterIndex").Call(Id(i))}, g.value(*e.Elem, item, depth+1)...)
			out = append(out, For(Id(i).Op(":=").Range().Add(o.value())).Block(append(body, Id("v").Dot("leave").Call())...))
		}
	case ir.ExprMap:
		if g.needs.expr(*e.Elem) {
			k, m := fmt.Sprintf("k%d", depth), fmt.Sprintf("m%d", depth)
			body := []Code{Id(m).Op(":=").Add(indexable(o)).Index(Id(k)), Id("v").Dot("enterKey").Call(Id(k))}
			body = append(body, g.value(*e.Elem, operand{place: Id(m)}, depth+1)...)
			out = append(out, For(List(Id("_"), Id(k)).Op(":=").Range().Qual(codecPath, wireSortedKeys).Call(o.value())).Block(
				append(body, Id("v").Dot("leave").Call())...))
		}
	}
	return out
}

// indexable is the operand's value in a form that can be indexed: *p[i]
// would index p, so a pointer operand is parenthesised.
func indexable(o operand) *Statement {
	if o.place != nil {
		return Add(o.place)
	}
	return Parens(Op("*").Add(o.ptr))
}

// constraintCalls checks the Checks of e on the operand's value.
func (g *validateEmitter) constraintCalls(e ir.Expr, o operand) []Code {
	c := e.Checks
	if e.Schema != nil {
		return []Code{g.schemaCheck(o.value(), e.Schema, true)}
	}
	if !c.Active() {
		return nil
	}
	val := o.value()
	if e.Kind == ir.ExprRaw {
		return []Code{g.rawCheck(c, val)}
	}
	var out []Code
	call := func(method string, args ...Code) {
		out = append(out, Id("v").Dot(method).Call(args...))
	}
	generic := func(fn, bound string) {
		if bound != "" {
			out = append(out, Id(fn).Call(Id("v"), val, Op(bound)))
		}
	}
	if c.MinLength != nil {
		call("minLength", val, Lit(*c.MinLength))
	}
	if c.MaxLength != nil {
		call("maxLength", val, Lit(*c.MaxLength))
	}
	if c.Pattern != nil {
		out = append(out, g.patternCheck(*c.Pattern, val))
	}
	if method := formatMethods[c.Format]; method != "" {
		call(method, val)
	}
	if c.MinItems != nil {
		call("minItems", Len(val), Lit(*c.MinItems))
	}
	if c.MaxItems != nil {
		call("maxItems", Len(val), Lit(*c.MaxItems))
	}
	if c.UniqueItems {
		out = append(out, Id("validUniqueItems").Call(Id("v"), val))
	}
	generic("validMinimum", c.Minimum)
	generic("validMaximum", c.Maximum)
	generic("validExclusiveMinimum", c.ExclusiveMinimum)
	generic("validExclusiveMaximum", c.ExclusiveMaximum)
	if c.MultipleOf != "" {
		out = append(out, Id("validMultipleOf").Call(Id("v"), val, Lit(c.MultipleOf)))
	}
	return out
}

// formatMethods are the runtime checks of checkedFormats.
var formatMethods = map[string]string{"uuid": "formatUUID", "date-time": "formatDateTime", "uri": "formatURI"}

// enumCheck rejects values outside a closed enum with the decoder's words;
// open enums accept any value.
func enumCheck(t *ir.Decl) []Code {
	if t.Enum.Open {
		return nil
	}
	var known []string
	for _, v := range t.Enum.Values {
		known = append(known, quoteJSON(v.String))
	}
	return []Code{If(Op("!").Id("x").Dot("IsKnown").Call()).Block(
		Id("v").Dot("unknownEnum").Call(Lit(t.Name), String().Call(Op("*").Id("x")), Lit(strings.Join(known, ", "))))}
}
