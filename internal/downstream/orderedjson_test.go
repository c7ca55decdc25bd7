package downstream

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// The schema edits work on an ordered JSON tree: definition and property
// order decide generated names and file order, so editing through
// map[string]any would change far more than the edit.

// member is one name/value pair of a JSON object.
type member struct {
	name  string
	value any
}

// object is a JSON object that keeps its member order. Values in the tree
// are *object, []any, string, json.Number, bool or nil.
type object []member

// get returns the named member's value, or nil.
func (o *object) get(name string) any {
	for _, m := range *o {
		if m.name == name {
			return m.value
		}
	}
	return nil
}

// set replaces the named member's value, or appends the member.
func (o *object) set(name string, v any) {
	for i := range *o {
		if (*o)[i].name == name {
			(*o)[i].value = v
			return
		}
	}
	*o = append(*o, member{name, v})
}

// MarshalJSON writes the members in order; json.MarshalIndent indents it.
func (o *object) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, m := range *o {
		if i > 0 {
			b = append(b, ',')
		}
		name, err := json.Marshal(m.name)
		if err != nil {
			return nil, err
		}
		value, err := json.Marshal(m.value)
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, name...), ':'), value...)
	}
	return append(b, '}'), nil
}

// parseOrdered reads one JSON value into the ordered tree.
func parseOrdered(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := parseValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("data after the top-level JSON value")
	}
	return v, nil
}

func parseValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		return parseObject(dec)
	case json.Delim('['):
		return parseArray(dec)
	}
	return tok, nil
}

// parseObject reads members up to and including the closing brace.
func parseObject(dec *json.Decoder) (*object, error) {
	o := &object{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		name, ok := tok.(string)
		if !ok {
			return nil, fmt.Errorf("object member name is %v", tok)
		}
		v, err := parseValue(dec)
		if err != nil {
			return nil, err
		}
		*o = append(*o, member{name, v})
	}
	_, err := dec.Token()
	return o, err
}

// parseArray reads items up to and including the closing bracket.
func parseArray(dec *json.Decoder) ([]any, error) {
	a := []any{}
	for dec.More() {
		v, err := parseValue(dec)
		if err != nil {
			return nil, err
		}
		a = append(a, v)
	}
	_, err := dec.Token()
	return a, err
}

// TestOrderedRoundTrip: the vendored v2 schema survives parse and encode
// with the same content and the same definition order.
func TestOrderedRoundTrip(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "schema", "acp", "v2", "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	tree, err := parseOrdered(data)
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.MarshalIndent(tree, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	var want, got any
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(want, got) {
		t.Errorf("content changed in the round trip")
	}
	if names(t, data) != names(t, out) {
		t.Errorf("definition order changed in the round trip")
	}
}

// names lists the $defs names of a schema in document order.
func names(t *testing.T, schema []byte) string {
	t.Helper()
	tree, err := parseOrdered(schema)
	if err != nil {
		t.Fatal(err)
	}
	root, ok := tree.(*object)
	if !ok {
		t.Fatal("schema is not an object")
	}
	defs, ok := root.get("$defs").(*object)
	if !ok {
		t.Fatal("schema has no $defs object")
	}
	var b bytes.Buffer
	for _, m := range *defs {
		b.WriteString(m.name + "\n")
	}
	return b.String()
}
