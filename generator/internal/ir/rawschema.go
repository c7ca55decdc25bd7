package ir

// SchemaNode is one schema of the run-time schema tree: what Validate
// checks by interpreting the schema on the value's JSON, where the typed
// validate methods cannot (a value with no Go type of its own, not,
// if/then/else, oneOf's exclusivity, contains, propertyNames, …). The
// builder lowers a schema into SchemaNodes (build/rawschema.go); emit
// numbers every node reachable from the types and writes them as one
// table (rawSchemaTable) that templates/validate_schema.go interprets.
// Children are pointers here (a $ref cycle is a cycle of pointers) and
// table indices in the generated Go.
type SchemaNode struct {
	// Path is the schema's JSON Pointer, written beside its row.
	Path string
	// Source is the schema node the SchemaNode was lowered from (a
	// *schema.Node, kept opaque: ir imports nothing of ours), so later
	// checks can tell which schemas the run-time tree covers.
	Source any
	// False: the boolean schema false, which no value satisfies.
	False bool
	// Types are the JSON types the value may have (none: any).
	Types []string
	// Const is the JSON text of const ("" when absent); Enum the JSON
	// texts of enum's values (nil when absent).
	Const string
	Enum  []string
	// Checks are the keywords on one value: lengths, counts, bounds,
	// pattern, format, uniqueItems, dependentRequired.
	Checks Checks
	// MinContains and MaxContains bound the items matching Contains.
	MinContains, MaxContains *int
	Required                 []string

	Ref *SchemaNode
	// DynamicRef is the anchor name Ref is resolved by in the dynamic
	// scope ("": Ref is static); DynamicAnchors are the $dynamicAnchors
	// of the schema resource this node is the root of, which entering it
	// adds to the scope.
	DynamicRef            string
	DynamicAnchors        []SchemaMember
	Properties            []SchemaMember
	PatternProperties     []SchemaPattern
	AdditionalProperties  *SchemaNode
	PropertyNames         *SchemaNode
	DependentSchemas      []SchemaMember
	PrefixItems           []*SchemaNode
	Items                 *SchemaNode // the items after PrefixItems
	Contains              *SchemaNode
	AllOf, AnyOf, OneOf   []*SchemaNode
	Not, If, Then, Else   *SchemaNode
	UnevaluatedProperties *SchemaNode
	UnevaluatedItems      *SchemaNode
}

// SchemaMember is a schema applied to one named member.
type SchemaMember struct {
	Name   string
	Schema *SchemaNode
}

// SchemaPattern is a schema applied to the members whose names match a
// pattern.
type SchemaPattern struct {
	Pattern Pattern
	Schema  *SchemaNode
}

// Children yields n's child nodes in a fixed order (the table's).
func (n *SchemaNode) Children() []*SchemaNode {
	out := []*SchemaNode{n.Ref}
	for _, p := range n.DynamicAnchors {
		out = append(out, p.Schema)
	}
	for _, p := range n.Properties {
		out = append(out, p.Schema)
	}
	for _, p := range n.PatternProperties {
		out = append(out, p.Schema)
	}
	out = append(out, n.AdditionalProperties, n.PropertyNames)
	for _, p := range n.DependentSchemas {
		out = append(out, p.Schema)
	}
	out = append(out, n.PrefixItems...)
	out = append(out, n.Items, n.Contains)
	out = append(out, n.AllOf...)
	out = append(out, n.AnyOf...)
	out = append(out, n.OneOf...)
	out = append(out, n.Not, n.If, n.Then, n.Else, n.UnevaluatedProperties, n.UnevaluatedItems)
	return out
}

// WalkSchemas visits every SchemaNode the types hold (each once), in a
// fixed order: types in order, each value's schema depth first.
func WalkSchemas(types []*Decl, visit func(*SchemaNode)) {
	seen := map[*SchemaNode]bool{}
	var walk func(s *SchemaNode)
	walk = func(s *SchemaNode) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		visit(s)
		for _, c := range s.Children() {
			walk(c)
		}
	}
	for _, t := range types {
		walk(t.Schema)
		WalkExprs(t, func(e *Expr) { walk(e.Schema) })
	}
}
