package ir

// The IR sorts every schema definition into one of a fixed set of kinds.
// The builder (package build) decides the kind and all names; the emitter
// (package emit) only switches on kinds and never looks at the schema again.

// Kind is the kind of a generated named type.
type Kind int

const (
	// KindStruct is a JSON object with known properties, possibly with a
	// flattened union (Struct.Variant) and kept extra members.
	KindStruct Kind = iota
	// KindNewtype is a named type over a builtin, slice, map or other named
	// type: `type SessionID string`.
	KindNewtype
	// KindEnum is a string or integer enum, open or closed.
	KindEnum
	// KindUnion is a tagged (Union.Tag != "") or untagged union.
	KindUnion
	// KindRaw is any JSON value, or any JSON object, kept as exact bytes.
	KindRaw
)

// Decl is one named Go type to generate.
type Decl struct {
	Name    string
	Doc     string
	Path    string // schema location, for errors and traceability
	Kind    Kind
	Struct  *StructDecl
	Newtype *Expr
	Enum    *Enum
	Union   *UnionDecl
	// RawObject restricts a KindRaw type to JSON objects (free-form objects).
	RawObject bool
	// RawChecks are what Validate checks on a KindRaw type's value (a
	// schema with no type but validation keywords), nil when nothing.
	RawChecks *Checks
	// Schema is the run-time schema Validate checks the type's value
	// against, encoded as JSON (ir.SchemaNode): set for a schema with no
	// Go type of its own (then Kind is KindRaw) and for a type whose
	// schema states what the typed checks cannot (then it replaces them).
	Schema *SchemaNode
	// Object is true when values always encode as a JSON object (then the
	// type has appendMembers and can be a variant payload).
	Object bool
	// Gate lists the unstable features the type needs (nil: stable).
	Gate Gate
	// BareObject: a KindRaw definition that is just `type: object` (no
	// properties, no additionalProperties), such as a capability whose
	// presence is what counts. Keeping unknown members makes it a struct
	// with only its Unknown field, so it reads like its sibling structs.
	BareObject bool
	// DeclaresMembers: an object-shaped newtype or raw type answers
	// declaresMember too, so that it can be a union's payload when unknown
	// members are kept (see KeepUnknownMembers).
	DeclaresMembers bool
	// TakesKnown: the type's decoder can be told which member names its
	// caller (a union, for its tag, or a flattening struct) claims, so
	// that it does not keep them as unknown (see KeepUnknownMembers).
	TakesKnown bool
}

// ExprKind is the shape of a type expression.
type ExprKind int

const (
	ExprBuiltin ExprKind = iota // string, bool, int32, int64, uint16, uint32, uint64, float64
	ExprNamed                   // a generated named type
	ExprSlice                   // []Elem
	ExprMap                     // map[string]Elem
	ExprRaw                     // json.RawMessage: any JSON (RawObject: an object)
)

// Expr is the Go type of a field, item or newtype.
type Expr struct {
	Kind        ExprKind
	Builtin     string
	Named       string
	Elem        *Expr
	RawObject   bool
	SkipInvalid bool // slices: x-deserialize-skip-invalid-items
	// Checks are the schema's constraints on the value beyond its Go type
	// (checks.go); nil when there are none.
	Checks *Checks
	// Schema (raw values only) is the run-time schema Validate checks
	// the value against (SchemaNode), nil when none.
	Schema *SchemaNode
}

// Field is one property of a struct or inline variant.
type Field struct {
	JSON     string
	Go       string
	Doc      string
	Path     string
	Type     Expr
	Required bool
	Nullable bool
	// DefaultOnError: a value that fails to decode leaves the field at its
	// zero value (absent) and decoding goes on.
	DefaultOnError bool
	// DefaultOnNull: null decodes as the zero value instead of an error.
	DefaultOnNull bool
	// Gate lists the unstable features the field needs.
	Gate Gate
	// Patch: the overrides give the property patch meaning (absent =
	// unchanged, null = clear), so it is held as Patch[T] with three states.
	Patch bool
	// Const is the compact JSON text of the only value the member may
	// hold (the schema's const): a fixed member. It has no Go field, as
	// it carries no information; encoding writes the value and decoding
	// rejects any other. "" for an ordinary field.
	Const string
	// Getter is the name of the field's nil-safe reader (GetLoadSession),
	// unique among the struct's fields; a getter is emitted when the field
	// is held by pointer (see Pointer and ADR 0019).
	Getter string
}

// Fixed reports whether the field is a fixed member (see Const).
func (f *Field) Fixed() bool { return f.Const != "" }

// Pointer reports whether the field is held as *T: scalars and named types
// that may be absent or null, so that "absent", null and the zero value
// stay distinguishable on the wire. Slices, maps and raw values use nil.
func (f *Field) Pointer() bool {
	if f.Patch || f.Const != "" {
		return false
	}
	if f.Type.Kind != ExprBuiltin && f.Type.Kind != ExprNamed {
		return false
	}
	return !f.Required || f.Nullable
}

// MemberPolicy is what an object type does with members it does not
// declare.
type MemberPolicy int

const (
	// MembersDrop ignores them (or keeps them in Extra, for a schema with
	// additionalProperties true): the reference implementation's way.
	MembersDrop MemberPolicy = iota
	// MembersKeep keeps them in an UnknownMembers field and encodes them
	// back.
	MembersKeep
	// MembersReject makes one a decode error: the schema forbids them.
	MembersReject
)

// StructDecl is a JSON object type.
type StructDecl struct {
	Fields []*Field
	// Extra keeps members that are not declared (additionalProperties: true)
	// in a map, when unknown members are dropped otherwise (Unknown off).
	Extra bool
	// Closed: the schema allows no undeclared members
	// (additionalProperties or unevaluatedProperties false); one is a
	// decode error.
	Closed bool
	// Members is what decoding does with members the struct does not
	// declare (see KeepUnknownMembers).
	Members MemberPolicy
	// Variant is a union flattened into this object: its members sit beside
	// the struct's own. Held in the field naming.FlatUnionField (Union).
	Variant *UnionDecl
	// Parts hold the fields that need more unstable features than the
	// struct itself, one embedded struct per feature set.
	Parts []*FieldPart
	// Maps hold the members no property declares, routed by name: one
	// map per patternProperties pattern in schema order, then the typed
	// additionalProperties map (Pattern nil). Decoding puts a member in
	// the first map whose pattern its name matches, else in the typed
	// map; encoding refuses a key decoding would route elsewhere.
	Maps []*MemberMap
}

// MemberMap is one of a struct's maps of members (StructDecl.Maps).
type MemberMap struct {
	Go   string
	Doc  string
	Path string
	// Pattern is the names the map takes; nil for the typed additional
	// members, which takes the names no pattern matches.
	Pattern *Pattern
	Elem    Expr
}

// TypedExtra reports whether the struct keeps the members no property
// declares and no pattern matches in a typed map (additionalProperties
// with a schema), so that none is left unknown.
func (s *StructDecl) TypedExtra() bool {
	return len(s.Maps) > 0 && s.Maps[len(s.Maps)-1].Pattern == nil
}

// FieldPart is the fields of a struct that one set of unstable features
// adds. It is emitted twice: with its fields behind those features' build
// tags, and empty otherwise, so the owner embeds it unconditionally.
type FieldPart struct {
	Name   string
	Gate   Gate // everything the fields need
	Extra  Gate // what they need beyond the owner
	Fields []*Field
}

// VariantPart is the variants of a union that one set of unstable features
// adds.
type VariantPart struct {
	// Suffix names the hook that decodes them ("PlanOperations").
	Suffix   string
	Gate     Gate
	Extra    Gate
	Variants []*Variant
}

// Enum is a set of named constants over a string or integer type.
type Enum struct {
	Base   string // "string" or an integer builtin
	Values []EnumValue
	// Open enums accept any value of Base; closed ones reject unknown values.
	Open bool
	// JSON: the members are JSON values of any kind (an `enum` list of
	// numbers, booleans, null or a mix), so the type is a string holding
	// a member's JSON text, and each value's String is that text. Closed.
	JSON bool
}

// EnumValue is one named constant.
type EnumValue struct {
	Go     string
	String string // for string enums; the member's JSON text for JSON enums
	Int    int64  // for integer enums
	Doc    string
	// Key is what a JSON enum's decoder matches the value by: JSON-equal
	// values have one key (1, 1.0 and 1e0 are one number).
	Key string
}

// UnionDecl is a sum type: a Go struct with one field, Value, holding one of the
// variant types through the sealed interface <Name>Value.
type UnionDecl struct {
	Name string
	// Iface is the sealed interface the variants implement.
	Iface string
	// Object is true when every variant encodes as a JSON object, so the
	// union can be flattened into, or be the payload of, another object.
	Object bool
	Doc    string
	// Tag is the JSON property naming the variant; "" for untagged unions.
	Tag      string
	Variants []*Variant
	// CatchAll receives unknown tags in an open union (a variant titled
	// "other" or "unknown" with a `not` list).
	CatchAll *Variant
	// Fallback is the variant used when the tag is absent or null.
	Fallback *Variant
	// Flattened unions are members of a struct (Struct.Variant): their
	// variants always encode as members of an enclosing object.
	Flattened bool
	// Gate is the owner's gate; Parts are the variants that need more
	// (tagged unions: decoded by per-feature hooks; untagged ones decode
	// from a table that gated files extend, see Table).
	Gate  Gate
	Parts []*VariantPart
	// Table: an untagged union with gated variants chooses at run time
	// from a candidate table instead of generated code.
	Table bool
	// KeepUnknown: the variants keep their undeclared members (their own
	// UnknownMembers, or the flattening struct's), the catch-all among them.
	KeepUnknown bool
	// TagLenient: the owner marks the tag property
	// x-deserialize-default-on-error, so a tag that is not a string selects
	// the fallback variant instead of failing.
	TagLenient bool
	// KeepNegativeZero: the union is the JSON-RPC id type, which a peer
	// must get back exactly as sent; it remembers a number spelled -0
	// (set by methods.Build; emit/negzero.go).
	KeepNegativeZero bool
	// Removed are tag values decoding rejects outright: those the
	// overrides remove (contract rule 4) and those a catch-all's `not` list
	// excludes without any variant taking them (rule 3).
	Removed []RemovedTag
}

// RemovedTag is a tag value a union rejects with a message saying why.
type RemovedTag struct {
	Tag     string
	Message string
}

// Open reports whether unknown tags are kept rather than rejected.
func (u *UnionDecl) Open() bool { return u.CatchAll != nil }

// AllVariants lists every variant in declaration order: tagged variants,
// then the fallback, then the catch-all.
func (u *UnionDecl) AllVariants() []*Variant {
	out := append([]*Variant(nil), u.Variants...)
	if u.Fallback != nil {
		out = append(out, u.Fallback)
	}
	if u.CatchAll != nil {
		out = append(out, u.CatchAll)
	}
	return out
}

// VariantShape says how a variant's Go type is built.
type VariantShape int

const (
	// ShapePayload: `type V Payload`, a named struct converted in place.
	ShapePayload VariantShape = iota
	// ShapeFields: an inline struct of the variant's own properties (empty
	// for a tag-only variant).
	ShapeFields
	// ShapeCatchAll: the tag, typed required fields, and the raw object.
	ShapeCatchAll
	// ShapeValue: an untagged variant over any type expression.
	ShapeValue
	// ShapeNull: the JSON null variant of an untagged union.
	ShapeNull
)

// Variant is one alternative of a union.
type Variant struct {
	Go string
	// Ctor is the name of the constructor function for this variant.
	Ctor  string
	Doc   string
	Path  string
	Shape VariantShape
	// Tag is the tag value of a tagged variant.
	Tag string
	// Payload is the struct type of a ShapePayload variant.
	Payload string
	// Fields are the members of ShapeFields and typed members of
	// ShapeCatchAll variants (tag excluded).
	Fields []*Field
	// Value is the type of a ShapeValue variant.
	Value *Expr
	// Kinds are the JSON kinds an untagged variant accepts ('{', '[', '"',
	// '0', 't', 'n'; '*' for any).
	Kinds string
	// Required are the member names an object variant requires, and
	// ItemRequired those of an array variant's items; untagged decoding
	// uses them to pick a variant without trial decoding.
	Required     []string
	ItemRequired []string
	// Gate lists the unstable features the variant needs.
	Gate Gate
	// Order is the variant's position in the schema (untagged tables sort
	// by it).
	Order int
	// Closed: the variant's own properties allow no undeclared members.
	Closed bool
	// Members is what a ShapeFields or ShapeCatchAll variant does with
	// members it does not declare.
	Members MemberPolicy
	// PayloadUnknown: the payload struct keeps unknown members, so the
	// variant's encoder checks that none of them is the tag.
	PayloadUnknown bool
	// PayloadMaps are the Go names of the payload struct's maps of
	// members (StructDecl.Maps), which the variant's encoder checks for
	// the tag (MarkPayloadMaps).
	PayloadMaps []string
	// TakesKnown: the variant's decoder is told the names its union claims
	// (the tag, and what the union was told), see Decl.TakesKnown.
	TakesKnown bool
	// Declared are all member names an object variant can carry (its own,
	// its flattened variants', its payload's). Untagged decoding uses them
	// to tell which required member is really unique, and to prefer the
	// variant that accounts for every member present.
	Declared []string
}
