package templates

import (
	"encoding/json"
	"reflect"
	"testing"
)

// wireTestEntry stands in for a generated struct: it decodes like generated
// UnmarshalJSON code would, wrapping member errors with their key.
type wireTestEntry struct {
	Content  string
	Priority string
}

func wireTestDecodeEntry(dst *wireTestEntry, r *wireReader) error {
	it, err := wireObjectAt(r)
	if err != nil {
		return err
	}
	for it.next(r) {
		switch string(it.key) {
		case "content":
			err = wireDecodeString(&dst.Content, r)
		case "priority":
			err = wireDecodeString(&dst.Priority, r)
		}
		if err != nil {
			return wireAtKey(err, string(it.key))
		}
	}
	return it.err
}

func TestDecodePtr(t *testing.T) {
	var p *int64
	if err := wireUnmarshalWith(&p, []byte(` 7 `), wireTestPtr(wireDecodeInt64)); err != nil || p == nil || *p != 7 {
		t.Fatalf("wireDecodePtr(7) = %v, %v", p, err)
	}
	if err := wireUnmarshalWith(&p, []byte(` null `), wireTestPtr(wireDecodeInt64)); err != nil || p != nil {
		t.Fatalf("wireDecodePtr(null) = %v, %v", p, err)
	}
	old := new(int64)
	p = old
	err := wireUnmarshalWith(&p, []byte(`"x"`), wireTestPtr(wireDecodeInt64))
	if wireTestErrText(err) != "$: expected integer, got string" || p != old {
		t.Fatalf("wireDecodePtr error = %v, dst changed %v", err, p != old)
	}
	if err := wireUnmarshalWith(&p, []byte(``), wireTestPtr(wireDecodeInt64)); wireTestErrText(err) != "$: unexpected end of JSON input" {
		t.Fatalf("wireDecodePtr(empty) = %v", err)
	}
}

func TestDecodeSlice(t *testing.T) {
	tests := []struct {
		in          string
		skipInvalid bool
		want        []wireTestEntry
		err         string
	}{
		{`[]`, false, []wireTestEntry{}, ""},
		{`[{"content":"a"},{"content":"b","priority":"high"}]`, false,
			[]wireTestEntry{{Content: "a"}, {Content: "b", Priority: "high"}}, ""},
		{`[{"content":"a"},{"priority":1}]`, false, nil, "$[1].priority: expected string, got number"},
		{`[{"content":"a"},{"priority":1},3,{"content":"c"}]`, true, []wireTestEntry{{Content: "a"}, {Content: "c"}}, ""},
		{`[1,2]`, true, []wireTestEntry{}, ""},
		{`[{"content":"a"},{"priority":1},]`, true, nil, "$[2]: invalid character ']' looking for beginning of value"},
		{`[{"content":"a"} {"content":"b"}]`, true, nil, "$: invalid character '{' after array element"},
		{`[{"content":"a"}`, true, nil, "$: unexpected end of JSON input"},
		{`null`, false, nil, "$: expected array, got null"},
		{`{"content":"a"}`, false, nil, "$: expected array, got object"},
	}
	for _, tt := range tests {
		got := []wireTestEntry{{Content: "previous"}}
		err := wireUnmarshalWith(&got, []byte(tt.in), wireTestSlice(tt.skipInvalid, wireTestDecodeEntry))
		if wireTestErrText(err) != tt.err {
			t.Errorf("wireDecodeSlice(%q, %v) error %q, want %q", tt.in, tt.skipInvalid, wireTestErrText(err), tt.err)
			continue
		}
		if err == nil && (got == nil || !reflect.DeepEqual(got, tt.want)) {
			t.Errorf("wireDecodeSlice(%q, %v) = %#v, want %#v", tt.in, tt.skipInvalid, got, tt.want)
		}
	}
	var nested [][]uint16
	err := wireUnmarshalWith(&nested, []byte(`[[1],[2,70000]]`), wireTestSlice(false, wireTestSlice(false, wireDecodeUint16)))
	if wireTestErrText(err) != "$[1][1]: number 70000 out of range for uint16" {
		t.Errorf("nested slice error = %v", err)
	}
}

func TestDecodeMap(t *testing.T) {
	var m map[string]int32
	if err := wireUnmarshalWith(&m, []byte(`{}`), wireTestMap(wireDecodeInt32)); err != nil || m == nil || len(m) != 0 {
		t.Fatalf("empty map: %v, %v", m, err)
	}
	err := wireUnmarshalWith(&m, []byte(` {"a":1, "b c":-2} `), wireTestMap(wireDecodeInt32))
	if err != nil || !reflect.DeepEqual(m, map[string]int32{"a": 1, "b c": -2}) {
		t.Fatalf("map = %v, %v", m, err)
	}
	tests := []struct{ in, err string }{
		// A key given twice, however spelled, is an error (issue 18).
		{`{"a":1,"b c":-2,"a":3}`, `$: duplicate member "a"`},
		{`{"a":1,"\u0061":1}`, `$: duplicate member "a"`},
		{`{"ok":1,"bad key":1.5}`, `$["bad key"]: number 1.5 is not an integer`},
		{`{"x":"1"}`, `$.x: expected integer, got string`},
		{`{"x":1,}`, `$: invalid character '}' looking for beginning of object key string`},
		{`[]`, `$: expected object, got array`},
	}
	for _, tt := range tests {
		if err := wireUnmarshalWith(&m, []byte(tt.in), wireTestMap(wireDecodeInt32)); wireTestErrText(err) != tt.err {
			t.Errorf("wireDecodeMap(%q) = %q, want %q", tt.in, wireTestErrText(err), tt.err)
		}
	}
	var raw map[string]json.RawMessage
	if err := wireUnmarshalWith(&raw, []byte(`{"a":{"b":[1]}}`), wireTestMap(wireDecodeRaw)); err != nil || string(raw["a"]) != `{"b":[1]}` {
		t.Errorf("raw map = %q, %v", raw, err)
	}
	var maps map[string]map[string]bool
	err = wireUnmarshalWith(&maps, []byte(`{"outer":{"in ner":null}}`), wireTestMap(wireTestMap(wireDecodeBool)))
	if wireTestErrText(err) != `$.outer["in ner"]: expected boolean, got null` {
		t.Errorf("nested map error = %v", err)
	}
}

// wireTestPtr, wireTestSlice and wireTestMap bind the generic decoders to an
// item decoder, for wireUnmarshal.
func wireTestPtr[T any](decode func(*T, *wireReader) error) func(**T, *wireReader) error {
	return func(dst **T, r *wireReader) error { return wireDecodePtr(dst, r, decode) }
}

func wireTestSlice[T any](skipInvalid bool, decode func(*T, *wireReader) error) func(*[]T, *wireReader) error {
	return func(dst *[]T, r *wireReader) error { return wireDecodeSlice(dst, r, skipInvalid, decode) }
}

func wireTestMap[V any](decode func(*V, *wireReader) error) func(*map[string]V, *wireReader) error {
	return func(dst *map[string]V, r *wireReader) error { return wireDecodeMap(dst, r, decode) }
}
