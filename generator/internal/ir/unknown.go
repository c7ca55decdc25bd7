package ir

// KeepUnknownMembers makes every object type keep the members it does not
// declare (docs/adr/0009-unknown-members.md): structs and object variants
// whose schema allows undeclared members get an UnknownMembers field, those
// whose schema forbids them reject them, and unions tell their variants
// which names (the tag) are not unknown. It runs after gating, so that it
// sees the final set of declarations.
func KeepUnknownMembers(types []*Decl) {
	byName := map[string]*Decl{}
	for _, t := range types {
		byName[t.Name] = t
		if t.Kind == KindRaw && t.BareObject {
			t.Kind, t.Struct, t.RawObject = KindStruct, &StructDecl{}, false
		}
		switch {
		case t.Kind == KindStruct:
			t.Struct.Members = policy(t.Struct.Closed || t.Struct.TypedExtra())
		case t.Object && (t.Kind == KindNewtype || t.Kind == KindRaw):
			t.DeclaresMembers = true
		}
	}
	for _, t := range types {
		t.TakesKnown = t.Kind == KindStruct || t.Kind == KindUnion
	}
	for _, t := range types {
		if t.Kind == KindNewtype {
			t.TakesKnown = takesKnown(byName, t.Name)
		}
		for _, u := range Unions(t) {
			u.KeepUnknown = true
			variants := u.AllVariants()
			for _, p := range u.Parts {
				variants = append(variants, p.Variants...)
			}
			for _, v := range variants {
				v.Members = policy(v.Closed)
				v.PayloadUnknown = v.Shape == ShapePayload && keepsUnknown(byName, v.Payload)
				v.TakesKnown = variantTakesKnown(byName, v)
			}
		}
	}
}

// variantTakesKnown reports whether v's decoder can be told the names its
// union claims: inline objects always, payloads and named values when
// their type's decoder can.
func variantTakesKnown(byName map[string]*Decl, v *Variant) bool {
	switch v.Shape {
	case ShapeFields, ShapeCatchAll:
		return true
	case ShapePayload:
		return takesKnown(byName, v.Payload)
	case ShapeValue:
		return v.Value.Kind == ExprNamed && takesKnown(byName, v.Value.Named)
	}
	return false
}

// takesKnown reports whether the named type's decoder takes a known set: a
// struct or union, or a newtype (of a newtype …) of one.
func takesKnown(byName map[string]*Decl, name string) bool {
	t := underlying(byName, name)
	return t != nil && (t.Kind == KindStruct || t.Kind == KindUnion)
}

// keepsUnknown reports whether the named type has an Unknown field: a
// struct that keeps unknown members, or a newtype of one.
func keepsUnknown(byName map[string]*Decl, name string) bool {
	t := underlying(byName, name)
	return t != nil && t.Kind == KindStruct && t.Struct.Members == MembersKeep
}

// underlying follows a chain of newtypes of named types from name to the
// first declaration that is not one (a newtype of a builtin, slice or map
// ends the chain itself); nil when a name is not declared.
func underlying(byName map[string]*Decl, name string) *Decl {
	for range len(byName) { // a chain of newtypes visits each name once
		t := byName[name]
		switch {
		case t == nil:
			return nil
		case t.Kind == KindNewtype && t.Newtype.Kind == ExprNamed:
			name = t.Newtype.Named
		default:
			return t
		}
	}
	return nil
}

func policy(closed bool) MemberPolicy {
	if closed {
		return MembersReject
	}
	return MembersKeep
}
