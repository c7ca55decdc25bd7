package schema

import (
	"encoding/json"
	"fmt"
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

// parseDefs reads $defs or definitions, but not both: one set of
// definitions would hide the other.
func parseDefs(n *Node, k *Keyword, v []byte, at string) error {
	if n.defsKeyword != "" {
		return fmt.Errorf("%s: %s beside %s is not supported (one set of definitions would hide the other); use $defs only", at, k.Name, n.defsKeyword)
	}
	n.defsKeyword = k.Name
	return k.kids.parse(n, v, at)
}
