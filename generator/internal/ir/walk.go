package ir

// Walkers over the IR that more than one stage needs.

// Unions are the unions a declaration holds: its own, or the one
// flattened into its struct.
func Unions(t *Decl) []*UnionDecl {
	var out []*UnionDecl
	if t.Union != nil {
		out = append(out, t.Union)
	}
	if t.Struct != nil && t.Struct.Variant != nil {
		out = append(out, t.Struct.Variant)
	}
	return out
}

// Fields lists the fields a declaration holds: its struct's (gated
// parts included) and those of its unions' variants.
func Fields(t *Decl) []*Field {
	var out []*Field
	if t.Struct != nil {
		out = append(out, t.Struct.Fields...)
		for _, p := range t.Struct.Parts {
			out = append(out, p.Fields...)
		}
	}
	for _, u := range Unions(t) {
		variants := u.AllVariants()
		for _, p := range u.Parts {
			variants = append(variants, p.Variants...)
		}
		for _, v := range variants {
			out = append(out, v.Fields...)
		}
	}
	return out
}

// StructVariant is the union flattened into a struct, if any.
func StructVariant(t *Decl) *UnionDecl {
	if t.Kind == KindStruct {
		return t.Struct.Variant
	}
	return nil
}

// HasPatchFields reports whether the generated types have a field with
// patch meaning; only then does the package get the Patch runtime.
func HasPatchFields(types []*Decl) bool {
	for _, t := range types {
		for _, fd := range Fields(t) {
			if fd.Patch {
				return true
			}
		}
	}
	return false
}

// WalkExprs visits every type expression a declaration holds: its
// newtype's, its fields' and its variants' values, and the items and
// map values inside them.
func WalkExprs(t *Decl, visit func(*Expr)) {
	var walk func(e *Expr)
	walk = func(e *Expr) {
		for ; e != nil; e = e.Elem {
			visit(e)
		}
	}
	walk(t.Newtype)
	for _, f := range Fields(t) {
		walk(&f.Type)
	}
	for _, u := range Unions(t) {
		variants := u.AllVariants()
		for _, p := range u.Parts {
			variants = append(variants, p.Variants...)
		}
		for _, v := range variants {
			walk(v.Value)
		}
	}
}
