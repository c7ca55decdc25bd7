package ir

// MarkObjects records which types always encode as a JSON object. Such
// types get appendMembers, which lets them be flattened into an enclosing
// object (a tagged variant's payload, a union inside a struct). It iterates
// to a fixed point because newtypes and unions refer to each other.
func MarkObjects(types []*Decl) {
	byName := map[string]*Decl{}
	for _, t := range types {
		byName[t.Name] = t
	}
	isObject := func(e *Expr) bool {
		return e != nil && e.Kind == ExprNamed && byName[e.Named] != nil && byName[e.Named].Object
	}
	for changed := true; changed; {
		changed = false
		for _, t := range types {
			was := t.Object
			switch t.Kind {
			case KindStruct:
				t.Object = true
				if v := t.Struct.Variant; v != nil {
					v.Object = true
				}
			case KindRaw:
				t.Object = t.RawObject
			case KindNewtype:
				t.Object = isObject(t.Newtype)
			case KindUnion:
				t.Object = unionIsObject(t.Union, isObject)
				t.Union.Object = t.Object
			}
			changed = changed || was != t.Object
		}
	}
}

// unionIsObject: tagged unions always are; untagged ones when every variant
// is an object type with members.
func unionIsObject(u *UnionDecl, isObject func(*Expr) bool) bool {
	if u.Tag != "" {
		return true
	}
	for _, v := range u.Variants {
		switch v.Shape {
		case ShapeFields:
		case ShapeValue:
			if !isObject(v.Value) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// MarkPayloadMaps records, on each tagged variant whose payload struct
// keeps members in maps, the names of those maps: a key there equal to
// the tag would be written twice.
func MarkPayloadMaps(types []*Decl) {
	byName := map[string]*Decl{}
	for _, t := range types {
		byName[t.Name] = t
	}
	for _, t := range types {
		for _, u := range Unions(t) {
			if u.Tag == "" {
				continue
			}
			for _, v := range u.AllVariants() {
				p := byName[v.Payload]
				if v.Shape != ShapePayload || p == nil || p.Kind != KindStruct {
					continue
				}
				for _, m := range p.Struct.Maps {
					v.PayloadMaps = append(v.PayloadMaps, m.Go)
				}
			}
		}
	}
}
