package schema

import (
	"iter"
	"slices"
)

// Shape is how a keyword holds child schemas.
type Shape uint8

const (
	NoSchema   Shape = iota
	OneSchema        // one schema, at the keyword's own pointer
	SchemaList       // an array of schemas, at /keyword/<index>
	SchemaMap        // named schemas, at /keyword/<name>
)

// Role is what a keyword's child schemas are to the value its node
// describes.
type Role uint8

const (
	// Part: each describes the value or a part of it (a member, an item,
	// an alternative).
	Part Role = iota
	// Negated: it describes what the value is not.
	Negated
	// Definitions: schemas for references, not applied where they sit.
	Definitions
	// Applied: applied to the value or its parts under a condition (if,
	// then, else) or to what has no Go form (contains, propertyNames):
	// only Validate's run-time schema reads them.
	Applied
)

// schemas is where a keyword keeps its child schemas in a Node: one of
// the accessors, by its shape.
type schemas struct {
	shape Shape
	role  Role
	one   func(*Node) **Node
	list  func(*Node) *[]*Node
	named func(*Node) *[]Property
}

func oneSchema(r Role, f func(*Node) **Node) schemas {
	return schemas{shape: OneSchema, role: r, one: f}
}

func schemaList(r Role, f func(*Node) *[]*Node) schemas {
	return schemas{shape: SchemaList, role: r, list: f}
}

func schemaMap(r Role, f func(*Node) *[]Property) schemas {
	return schemas{shape: SchemaMap, role: r, named: f}
}

// parse reads the keyword's value at pointer at into n.
func (s schemas) parse(n *Node, v []byte, at string) (err error) {
	switch s.shape {
	case OneSchema:
		*s.one(n), err = parseNode(v, at)
	case SchemaList:
		*s.list(n), err = parseSchemaList(v, at)
	case SchemaMap:
		*s.named(n), err = parseNamedSchemas(v, at)
	}
	return err
}

// of yields the child schemas n keeps for the keyword, in order.
func (s schemas) of(n *Node) iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		switch s.shape {
		case OneSchema:
			if c := *s.one(n); c != nil {
				yield(c)
			}
		case SchemaList:
			for _, c := range *s.list(n) {
				if !yield(c) {
					return
				}
			}
		case SchemaMap:
			for _, p := range *s.named(n) {
				if !yield(p.Schema) {
					return
				}
			}
		}
	}
}

// Children yields every child schema of n with the keyword holding it,
// keyword by keyword in table order, each keyword's children in document
// order. A child's Path is its JSON Pointer. Every stage that walks
// subschemas walks them through here (or Parts), so a keyword holding
// schemas is walked everywhere once it is in the table.
func (n *Node) Children() iter.Seq2[*Keyword, *Node] {
	return func(yield func(*Keyword, *Node) bool) {
		for _, k := range rows {
			if k.kids.shape == NoSchema || !n.Wrote(k.Name) {
				continue
			}
			for c := range k.kids.of(n) {
				if !yield(k, c) {
					return
				}
			}
		}
	}
}

// Parts yields the children that describe n's value or a part of it: not
// a `not` (what the value is not) nor definitions.
func (n *Node) Parts() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		for k, c := range n.Children() {
			if k.kids.role == Part && !yield(c) {
				return
			}
		}
	}
}

// Wrote reports whether n was written with keyword k.
func (n *Node) Wrote(k string) bool { return slices.Contains(n.Keywords, k) }
