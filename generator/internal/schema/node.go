package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Node is one JSON Schema object as acpgen reads it: the keywords it
// understands, decoded, with properties and $defs kept in document order so
// that generated code follows the schema's order (determinism by
// construction). Path is the JSON Pointer of the node, used in every error.
type Node struct {
	Path string
	Ref  string
	// ID is the node's $id (draft 4: id), Anchor its $anchor: names a
	// $ref may use (refs.go).
	ID, Anchor string
	// DynamicAnchor is the node's $dynamicAnchor (also its Anchor, unless
	// $anchor names it); DynamicRef says Ref was written as $dynamicRef,
	// which Validate's run-time schema resolves in the dynamic scope
	// (Doc.DynamicName).
	DynamicAnchor string
	DynamicRef    bool
	Types         []string
	Const         json.RawMessage
	Enum          []json.RawMessage
	Format        string
	Title         string
	Description   string
	Properties    []Property
	Required      []string
	Items         *Node
	// PrefixItems is a tuple's item schemas (prefixItems, or items
	// written as a list before 2020-12); AdditionalItems and
	// UnevaluatedItems the rest's. The builder implements none yet.
	PrefixItems       []*Node
	AdditionalItems   *Node
	UnevaluatedItems  *Node
	PatternProperties []Property
	DependentSchemas  []Property
	// AdditionalProperties is the schema of extra members; AdditionalAny is
	// set for `additionalProperties: true`, AdditionalNone for false.
	AdditionalProperties *Node
	AdditionalAny        bool
	AdditionalNone       bool
	// UnevaluatedNone is set for `unevaluatedProperties: false`; other
	// values change nothing acpgen generates.
	UnevaluatedNone bool
	// UnevaluatedProperties is unevaluatedProperties as a schema, which
	// only Validate's run-time schema applies.
	UnevaluatedProperties *Node
	AllOf, AnyOf, OneOf   []*Node
	Not                   *Node
	// If, Then, Else, Contains and PropertyNames are schemas applied to
	// the value or to parts of it that have no Go form of their own:
	// Validate checks them at run time (build/rawschema.go).
	If, Then, Else, Contains, PropertyNames *Node
	// False is the boolean schema false: no value is valid.
	False   bool
	Default json.RawMessage
	Defs    []Property

	DefaultOnError   bool // x-deserialize-default-on-error
	SkipInvalidItems bool // x-deserialize-skip-invalid-items
	DefaultOnNull    bool // x-deserialize-default-on-null
	Method           string
	Side             string

	// Limits are the validation keywords Validate can check (limits.go).
	Limits limits

	// Keywords lists the keywords the node was written with, in document
	// order, so a stage can tell a schema that says only what it expects
	// (a catch-all's list of excluded tags) from one that says more.
	Keywords []string

	// besideRef lists the keywords written beside $ref that the table
	// does not let stand there; the document's draft decides what they
	// mean (refs.go).
	besideRef []string
}

// Property is a named child schema (a member of properties or $defs).
type Property struct {
	Name   string
	Schema *Node
}

// parseNode decodes raw (one schema object) at path.
func parseNode(raw json.RawMessage, path string) (*Node, error) {
	raw = bytes.TrimSpace(raw)
	switch string(raw) {
	case "true":
		return &Node{Path: path}, nil
	case "false":
		return &Node{Path: path, False: true}, nil
	}
	keys, members, err := orderedMembers(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: schema must be an object or true: %v", path, err)
	}
	n := &Node{Path: path, Keywords: keys}
	for _, k := range keys {
		if err := n.setKeyword(k, members[k]); err != nil {
			return nil, err
		}
	}
	n.Limits.normalise()
	n.besideRef = n.refSiblings()
	n.splitTypeList()
	return n, nil
}

// refSiblings lists the keywords beside $ref that shape the value
// (`{"$ref": ..., "type": "object"}`). Keywords the table lets stand
// beside it (annotations, and properties and required, which a tagged
// variant uses to fix its tag beside its payload; the builder rejects
// them anywhere else) are not listed.
func (n *Node) refSiblings() []string {
	if n.Ref == "" {
		return nil
	}
	var beside []string
	for _, k := range rows {
		if !k.BesideRef && n.Wrote(k.Name) && k.says(n) {
			beside = append(beside, k.Name)
		}
	}
	return beside
}

// setKeyword decodes one keyword of n as its row in the table says.
// Errors from nested schemas carry their own path; errors reading the
// keyword's value get the keyword's.
func (n *Node) setKeyword(name string, v json.RawMessage) error {
	at := n.Path + "/" + EscapePointer(name)
	k := Lookup(name)
	switch {
	case k.parse != nil:
		return k.parse(n, k, v, at)
	case k.kids.shape != NoSchema:
		return k.kids.parse(n, v, at)
	case k.read != nil:
		if err := k.read(n, v); err != nil {
			return fmt.Errorf("%s: %v", at, err)
		}
	}
	return nil
}

// parseAdditional reads additionalProperties, which is a boolean or a schema.
func parseAdditional(n *Node, _ *Keyword, v []byte, at string) error {
	s, open, err := extrasSchema(v, at)
	n.AdditionalProperties, n.AdditionalAny, n.AdditionalNone = s, open, s == nil && !open
	return err
}

// parseUnevaluated reads unevaluatedProperties. false closes the object
// and true (or {}) changes nothing; a schema constrains the members no
// other keyword evaluated, which only Validate's run-time schema checks.
func parseUnevaluated(n *Node, _ *Keyword, v []byte, at string) error {
	s, open, err := extrasSchema(v, at)
	n.UnevaluatedNone = err == nil && !open && s == nil
	n.UnevaluatedProperties = s
	if open {
		// true evaluates every member, which an enclosing
		// unevaluatedProperties sees.
		n.UnevaluatedProperties = &Node{Path: at}
	}
	return err
}

// extrasSchema reads what a keyword about extra members says: any member
// (true, or the empty schema: open), none (false: neither s nor open) or
// members matching the schema s.
func extrasSchema(v json.RawMessage, at string) (s *Node, open bool, err error) {
	switch string(bytes.TrimSpace(v)) {
	case "true":
		return nil, true, nil
	case "false":
		return nil, false, nil
	}
	if s, err = parseNode(v, at); err != nil {
		return nil, false, err
	}
	if s.IsEmpty() {
		return nil, true, nil
	}
	return s, false, nil
}

// ClosedObject reports whether the schema allows no members beyond those
// it declares.
func (n *Node) ClosedObject() bool {
	return n.AdditionalNone || (n.UnevaluatedNone && !n.AdditionalAny)
}

// IsEmpty reports whether the schema accepts any JSON value: no keyword
// that narrows the value holds anything (no type, no composition, no
// reference, no child schema but definitions).
func (n *Node) IsEmpty() bool {
	if n.False {
		return false
	}
	for _, name := range n.Keywords {
		if k := Lookup(name); k != nil && k.Narrows && k.Holds(n) {
			return false
		}
	}
	return true
}

func parseTypes(v json.RawMessage) ([]string, error) {
	var one string
	if json.Unmarshal(v, &one) == nil {
		return []string{one}, nil
	}
	var many []string
	if err := json.Unmarshal(v, &many); err != nil {
		return nil, fmt.Errorf("type must be a string or an array of strings")
	}
	return many, nil
}

func parseSchemaList(v json.RawMessage, at string) ([]*Node, error) {
	var items []json.RawMessage
	if err := json.Unmarshal(v, &items); err != nil || len(items) == 0 {
		return nil, fmt.Errorf("%s: expected a non-empty array of schemas", at)
	}
	out := make([]*Node, len(items))
	for i, item := range items {
		s, err := parseNode(item, fmt.Sprintf("%s/%d", at, i))
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

func parseNamedSchemas(v json.RawMessage, at string) ([]Property, error) {
	keys, members, err := orderedMembers(v)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", at, err)
	}
	out := make([]Property, 0, len(keys))
	for _, k := range keys {
		if strings.ContainsRune(k, bom) {
			return nil, fmt.Errorf("%s/%s: %s", at, EscapePointer(k), bomMessage)
		}
		s, err := parseNode(members[k], at+"/"+EscapePointer(k))
		if err != nil {
			return nil, err
		}
		out = append(out, Property{Name: k, Schema: s})
	}
	return out, nil
}

// pointerEscaper is built once: a Replacer builds its lookup tables on
// first use, and escapePointer runs for every property of every schema.
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// IsNullOnly reports whether n admits only null.
func (n *Node) IsNullOnly() bool {
	return len(n.Types) == 1 && n.Types[0] == "null" && len(n.Properties) == 0
}

func (n *Node) HasType(t string) bool { return slices.Contains(n.Types, t) }

// RootIsValue reports whether the root describes a value of its own (and
// so becomes a type), rather than only holding definitions: it has a
// type, properties, an allOf or a $ref, or, when RootType names its type,
// any keyword that says what the value is. (A root that is only an anyOf
// or oneOf, as a protocol's union of all its messages, is a type only
// when named so or referenced.)
func (d *Doc) RootIsValue() bool {
	r := d.Root
	if d.RootType != "" && !r.IsEmpty() {
		return true
	}
	return len(r.Types) > 0 || len(r.Properties) > 0 || len(r.AllOf) > 0 || r.Ref != ""
}

// EscapePointer escapes a JSON Pointer reference token (RFC 6901).
func EscapePointer(s string) string {
	return pointerEscaper.Replace(s)
}

// Alternatives returns the anyOf or oneOf list of n (nil when neither).
func (n *Node) Alternatives() ([]*Node, error) {
	if len(n.AnyOf) > 0 && len(n.OneOf) > 0 {
		return nil, fmt.Errorf("%s: anyOf and oneOf together are not supported", n.Path)
	}
	if len(n.AnyOf) > 0 {
		return n.AnyOf, nil
	}
	return n.OneOf, nil
}

// IsSingleRef reports whether n is a $ref, or an allOf with one $ref (how
// schemars attaches a description to a reference), with nothing else that
// shapes the value.
func (n *Node) IsSingleRef() bool {
	if len(n.Types) > 0 || len(n.Properties) > 0 || len(n.AnyOf) > 0 || len(n.OneOf) > 0 {
		return false
	}
	if n.Ref != "" {
		return len(n.AllOf) == 0
	}
	return len(n.AllOf) == 1 && n.AllOf[0].Ref != "" && n.AllOf[0].IsSingleRef()
}
