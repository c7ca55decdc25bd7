package wire

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

func wireTestDecodeEntry(dst *wireTestEntry, r *Reader) error {
	it, err := ObjectAt(r)
	if err != nil {
		return err
	}
	for it.Next(r) {
		switch string(it.Key) {
		case "content":
			err = DecodeString(&dst.Content, r)
		case "priority":
			err = DecodeString(&dst.Priority, r)
		}
		if err != nil {
			return AtKey(err, string(it.Key))
		}
	}
	return it.Err
}

func TestDecodePtr(t *testing.T) {
	var p *int64
	if err := UnmarshalWith(&p, []byte(` 7 `), wireTestPtr(DecodeInt64)); err != nil || p == nil || *p != 7 {
		t.Fatalf("DecodePtr(7) = %v, %v", p, err)
	}
	if err := UnmarshalWith(&p, []byte(` null `), wireTestPtr(DecodeInt64)); err != nil || p != nil {
		t.Fatalf("DecodePtr(null) = %v, %v", p, err)
	}
	old := new(int64)
	p = old
	err := UnmarshalWith(&p, []byte(`"x"`), wireTestPtr(DecodeInt64))
	if wireTestErrText(err) != "$: expected integer, got string" || p != old {
		t.Fatalf("DecodePtr error = %v, dst changed %v", err, p != old)
	}
	if err := UnmarshalWith(&p, []byte(``), wireTestPtr(DecodeInt64)); wireTestErrText(err) != "$: unexpected end of JSON input" {
		t.Fatalf("DecodePtr(empty) = %v", err)
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
		err := UnmarshalWith(&got, []byte(tt.in), wireTestSlice(tt.skipInvalid, wireTestDecodeEntry))
		if wireTestErrText(err) != tt.err {
			t.Errorf("DecodeSlice(%q, %v) error %q, want %q", tt.in, tt.skipInvalid, wireTestErrText(err), tt.err)
			continue
		}
		if err == nil && (got == nil || !reflect.DeepEqual(got, tt.want)) {
			t.Errorf("DecodeSlice(%q, %v) = %#v, want %#v", tt.in, tt.skipInvalid, got, tt.want)
		}
	}
	var nested [][]uint16
	err := UnmarshalWith(&nested, []byte(`[[1],[2,70000]]`), wireTestSlice(false, wireTestSlice(false, DecodeUint16)))
	if wireTestErrText(err) != "$[1][1]: number 70000 out of range for uint16" {
		t.Errorf("nested slice error = %v", err)
	}
}

func TestDecodeMap(t *testing.T) {
	var m map[string]int32
	if err := UnmarshalWith(&m, []byte(`{}`), wireTestMap(DecodeInt32)); err != nil || m == nil || len(m) != 0 {
		t.Fatalf("empty map: %v, %v", m, err)
	}
	err := UnmarshalWith(&m, []byte(` {"a":1, "b c":-2} `), wireTestMap(DecodeInt32))
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
		if err := UnmarshalWith(&m, []byte(tt.in), wireTestMap(DecodeInt32)); wireTestErrText(err) != tt.err {
			t.Errorf("DecodeMap(%q) = %q, want %q", tt.in, wireTestErrText(err), tt.err)
		}
	}
	var raw map[string]json.RawMessage
	if err := UnmarshalWith(&raw, []byte(`{"a":{"b":[1]}}`), wireTestMap(DecodeRaw)); err != nil || string(raw["a"]) != `{"b":[1]}` {
		t.Errorf("raw map = %q, %v", raw, err)
	}
	var maps map[string]map[string]bool
	err = UnmarshalWith(&maps, []byte(`{"outer":{"in ner":null}}`), wireTestMap(wireTestMap(DecodeBool)))
	if wireTestErrText(err) != `$.outer["in ner"]: expected boolean, got null` {
		t.Errorf("nested map error = %v", err)
	}
}

// wireTestPtr, wireTestSlice and wireTestMap bind the generic decoders to an
// item decoder, for Unmarshal.
func wireTestPtr[T any](decode func(*T, *Reader) error) func(**T, *Reader) error {
	return func(dst **T, r *Reader) error { return DecodePtr(dst, r, decode) }
}

func wireTestSlice[T any](skipInvalid bool, decode func(*T, *Reader) error) func(*[]T, *Reader) error {
	return func(dst *[]T, r *Reader) error { return DecodeSlice(dst, r, skipInvalid, decode) }
}

func wireTestMap[V any](decode func(*V, *Reader) error) func(*map[string]V, *Reader) error {
	return func(dst *map[string]V, r *Reader) error { return DecodeMap(dst, r, decode) }
}
