package schema

import (
	"bytes"
	"encoding/json"
)

// The readers of keywords whose value is not a schema, as the table names
// them. Their errors get the keyword's path from setKeyword.

func readRef(n *Node, v []byte) error { return json.Unmarshal(v, &n.Ref) }

func readTypes(n *Node, v []byte) (err error) {
	n.Types, err = parseTypes(v)
	return err
}

func readConst(n *Node, v []byte) error {
	n.Const = v
	return checkNoBOM(v)
}

func readEnum(n *Node, v []byte) error {
	if err := json.Unmarshal(v, &n.Enum); err != nil {
		return err
	}
	for _, e := range n.Enum {
		if err := checkNoBOM(e); err != nil {
			return err
		}
	}
	return nil
}

func readRequired(n *Node, v []byte) error { return json.Unmarshal(v, &n.Required) }

func readFormat(n *Node, v []byte) error { return json.Unmarshal(v, &n.Format) }

func readTitle(n *Node, v []byte) error {
	err := json.Unmarshal(v, &n.Title)
	n.Title = CleanText(n.Title)
	return err
}

func readDescription(n *Node, v []byte) error {
	err := json.Unmarshal(v, &n.Description)
	n.Description = CleanText(n.Description)
	return err
}

func readDefault(n *Node, v []byte) error {
	n.Default = v
	return nil
}

func readBool(dst *bool, v []byte) error { return json.Unmarshal(v, dst) }

func readMethod(n *Node, v []byte) error {
	if err := json.Unmarshal(v, &n.Method); err != nil {
		return err
	}
	return checkNoBOM(v)
}

func readSide(n *Node, v []byte) error { return json.Unmarshal(v, &n.Side) }

// parseDefs reads $defs or definitions; a document may hold both (one
// written for 2020-12 that kept its draft 7 definitions), so each adds
// to Defs.
func parseDefs(n *Node, k *Keyword, v []byte, at string) error {
	defs, err := parseNamedSchemas(v, at)
	n.Defs = append(n.Defs, defs...)
	return err
}

// parseItems reads items: one schema, or (until 2019-09) a tuple's list,
// kept as prefixItems, 2020-12's spelling.
func parseItems(n *Node, k *Keyword, v []byte, at string) error {
	if t := bytes.TrimSpace(v); len(t) == 0 || t[0] != '[' {
		return k.kids.parse(n, v, at)
	}
	var err error
	n.PrefixItems, err = parseSchemaList(v, at)
	n.Keywords = append(n.Keywords, "prefixItems")
	return err
}

func readID(n *Node, v []byte) error { return json.Unmarshal(v, &n.ID) }

func readAnchor(n *Node, v []byte) error { return json.Unmarshal(v, &n.Anchor) }

// readDynamicAnchor reads $dynamicAnchor as an anchor, unless $anchor
// names the schema too.
func readDynamicAnchor(n *Node, v []byte) error {
	var a string
	if err := json.Unmarshal(v, &a); err != nil {
		return err
	}
	n.DynamicAnchor = a
	if n.Anchor == "" {
		n.Anchor = a
	}
	return nil
}

// readDynamicRef reads $dynamicRef as a $ref (resolved statically),
// unless $ref is written too.
func readDynamicRef(n *Node, v []byte) error {
	var r string
	if err := json.Unmarshal(v, &r); err != nil || n.Ref != "" {
		return err
	}
	n.Ref, n.DynamicRef = r, true
	return nil
}

// readMarkdownDescription reads an editor's description, the doc comment
// when description is absent (description, when written, replaces it).
func readMarkdownDescription(n *Node, v []byte) error {
	if n.Description != "" {
		return nil
	}
	return readDescription(n, v)
}

// parseDependencies reads draft 7's dependencies: member lists only
// validate (dependentRequired), schemas would shape the value.
func parseDependencies(n *Node, _ *Keyword, v []byte, at string) error {
	keys, deps, err := orderedMembers(v)
	if err != nil {
		return err
	}
	for _, name := range keys {
		d := deps[name]
		if t := bytes.TrimSpace(d); len(t) > 0 && t[0] == '[' {
			var req []string
			if err := json.Unmarshal(d, &req); err != nil {
				return err
			}
			n.Limits.DependentRequired = append(n.Limits.DependentRequired, Dependent{Member: name, Required: req})
			continue
		}
		s, err := parseNode(d, at+"/"+EscapePointer(name))
		if err != nil {
			return err
		}
		n.DependentSchemas = append(n.DependentSchemas, Property{Name: name, Schema: s})
	}
	return nil
}

// parseClosing reads a keyword about the items no other keyword
// describes, which is a schema or a boolean: true allows them, so it
// keeps nothing; false keeps an empty schema at the keyword, which holds
// a child as a schema does (the builder implements neither yet).
func parseClosing(n *Node, k *Keyword, v []byte, at string) error {
	switch string(bytes.TrimSpace(v)) {
	case "true":
		if k.Name == "unevaluatedItems" {
			// Every item evaluated, which an enclosing
			// unevaluatedItems sees.
			*k.kids.one(n) = &Node{Path: at}
		}
		return nil
	case "false":
		*k.kids.one(n) = &Node{Path: at, False: true}
		return nil
	}
	return k.kids.parse(n, v, at)
}
