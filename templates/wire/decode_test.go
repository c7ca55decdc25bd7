package wire

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// wireTestErrText renders an error for table comparisons, "" for nil.
func wireTestErrText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestKind(t *testing.T) {
	tests := []struct {
		in   string
		want byte
	}{
		{`{}`, '{'}, {` [`, '['}, {"\n\"x", '"'}, {`null`, 'n'}, {`true`, 't'}, {`false`, 't'},
		{`-1`, '0'}, {`0`, '0'}, {`9`, '0'}, {``, 0}, {`  `, 0}, {`x`, 0}, {`+1`, 0}, {`}`, 0},
	}
	for _, tt := range tests {
		if got := Kind([]byte(tt.in)); got != tt.want {
			t.Errorf("Kind(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestIsNull(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{`null`, true}, {" \tnull\n ", true}, {`nul`, false}, {`null x`, false}, {`nullnull`, false},
		{`"null"`, false}, {``, false}, {`Null`, false},
	}
	for _, tt := range tests {
		if got := IsNull([]byte(tt.in)); got != tt.want {
			t.Errorf("IsNull(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestDecodeString(t *testing.T) {
	tests := []struct {
		in, want, err string
	}{
		{`"hello"`, "hello", ""},
		{` "hello" `, "hello", ""},
		{`""`, "", ""},
		{`"héllo ✓"`, "héllo ✓", ""},
		{`"a\nb\"c\\d\/e\u00e9\ud83d\ude00"`, "a\nb\"c\\d/e\u00e9\U0001F600", ""},
		{`"\ud800x"`, "\ufffdx", ""},
		{"\"a\xffb\"", "a\ufffdb", ""},
		{"\"\xed\xa0\x80\"", "\ufffd\ufffd\ufffd", ""},
		{`12`, "", "$: expected string, got number"},
		{`null`, "", "$: expected string, got null"},
		{`{"a":1}`, "", "$: expected string, got object"},
		{`[]`, "", "$: expected string, got array"},
		{`true`, "", "$: expected string, got boolean"},
		{`12x`, "", "$: invalid character 'x' after top-level value"},
		{`"a" "b"`, "", "$: invalid character '\"' after top-level value"},
		{`"abc`, "", "$: unexpected end of JSON input"},
		{`"\q"`, "", "$: invalid character 'q' in string escape code"},
		{``, "", "$: unexpected end of JSON input"},
		{`x`, "", "$: invalid character 'x' looking for beginning of value"},
	}
	for _, tt := range tests {
		got := "unchanged"
		err := UnmarshalWith(&got, []byte(tt.in), DecodeString)
		if wireTestErrText(err) != tt.err {
			t.Errorf("DecodeString(%q) error = %q, want %q", tt.in, wireTestErrText(err), tt.err)
			continue
		}
		if err == nil && got != tt.want {
			t.Errorf("DecodeString(%q) = %q, want %q", tt.in, got, tt.want)
		}
		// Only trailing data is found after the value has been stored.
		if err != nil && got != "unchanged" && !strings.Contains(tt.err, "after top-level value") {
			t.Errorf("DecodeString(%q) changed dst on error", tt.in)
		}
	}
}

func TestStringBytes(t *testing.T) {
	data := []byte(` "agent_message_chunk" `)
	b, err := wireTestStringBytes(data)
	if err != nil || string(b) != "agent_message_chunk" {
		t.Fatalf("StringBytes = %q, %v", b, err)
	}
	if &b[0] != &data[2] {
		t.Error("escape-free result must alias data")
	}
	b, err = wireTestStringBytes([]byte(`"a\tb"`))
	if err != nil || string(b) != "a\tb" {
		t.Errorf("escaped: %q, %v", b, err)
	}
	b, err = wireTestStringBytes([]byte("\"\xff\""))
	if err != nil || string(b) != "\ufffd" {
		t.Errorf("invalid UTF-8: %q, %v", b, err)
	}
	if _, err := wireTestStringBytes([]byte(`5`)); wireTestErrText(err) != "$: expected string, got number" {
		t.Errorf("number: %v", err)
	}
	if _, err := wireTestStringBytes([]byte(`"a`)); wireTestErrText(err) != "$: unexpected end of JSON input" {
		t.Errorf("truncated: %v", err)
	}
}

func TestDecodeStringAllocs(t *testing.T) {
	// Longer than the strings a reader remembers (wireRecentMax): one
	// allocation, of the result, each time.
	data := []byte(`"a string with no escapes at all, é, and long enough not to be remembered"`)
	var s string
	if n := testing.AllocsPerRun(100, func() { _ = UnmarshalWith(&s, data, DecodeString) }); n != 1 {
		t.Errorf("DecodeString allocates %v times, want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() {
		r := Reader{data: data}
		_, _ = StringBytes(&r)
	}); n != 0 {
		t.Errorf("StringBytes allocates %v times, want 0", n)
	}
}

func TestDecodeBoolNull(t *testing.T) {
	tests := []struct {
		in   string
		want bool
		err  string
	}{
		{`true`, true, ""}, {` false `, false, ""},
		{`"true"`, false, "$: expected boolean, got string"},
		{`1`, false, "$: expected boolean, got number"},
		{`null`, false, "$: expected boolean, got null"},
		{`tru`, false, "$: unexpected end of JSON input"},
		{`truex`, false, "$: invalid character 'x' after top-level value"},
		{`falsy`, false, "$: invalid character 'y' in literal false"},
	}
	for _, tt := range tests {
		got := !tt.want
		err := UnmarshalWith(&got, []byte(tt.in), DecodeBool)
		if wireTestErrText(err) != tt.err || (err == nil && got != tt.want) {
			t.Errorf("DecodeBool(%q) = %v, %q; want %v, %q", tt.in, got, wireTestErrText(err), tt.want, tt.err)
		}
	}
	nulls := []struct{ in, err string }{
		{`null`, ""}, {` null `, ""},
		{`0`, "$: expected null, got number"},
		{`{}`, "$: expected null, got object"},
		{`nul`, "$: unexpected end of JSON input"},
		{`null,`, "$: invalid character ',' after top-level value"},
	}
	for _, tt := range nulls {
		if err := wireTestDecodeNull([]byte(tt.in)); wireTestErrText(err) != tt.err {
			t.Errorf("wireTestDecodeNull(%q) = %q, want %q", tt.in, wireTestErrText(err), tt.err)
		}
	}
}

func TestDecodeIntegers(t *testing.T) {
	type result struct {
		v   any
		err string
	}
	decodeAll := func(in string) map[string]result {
		data := []byte(in)
		var i32 int32
		var i64 int64
		var u16 uint16
		var u32 uint32
		var u64 uint64
		e1 := UnmarshalWith(&i32, data, DecodeInt32)
		e2 := UnmarshalWith(&i64, data, DecodeInt64)
		e3 := UnmarshalWith(&u16, data, DecodeUint16)
		e4 := UnmarshalWith(&u32, data, DecodeUint32)
		e5 := UnmarshalWith(&u64, data, DecodeUint64)
		return map[string]result{
			"int32": {i32, wireTestErrText(e1)}, "int64": {i64, wireTestErrText(e2)}, "uint16": {u16, wireTestErrText(e3)},
			"uint32": {u32, wireTestErrText(e4)}, "uint64": {u64, wireTestErrText(e5)},
		}
	}
	tests := []struct {
		in   string
		typ  string
		want any
		err  string
	}{
		{`0`, "int32", int32(0), ""},
		{` 42 `, "uint16", uint16(42), ""},
		{`-0`, "int64", int64(0), ""},
		{`-0`, "uint32", uint32(0), "$: number -0 out of range for uint32"},
		{`2147483647`, "int32", int32(math.MaxInt32), ""},
		{`-2147483648`, "int32", int32(math.MinInt32), ""},
		{`2147483648`, "int32", int32(0), "$: number 2147483648 out of range for int32"},
		{`-2147483649`, "int32", int32(0), "$: number -2147483649 out of range for int32"},
		{`9223372036854775807`, "int64", int64(math.MaxInt64), ""},
		{`-9223372036854775808`, "int64", int64(math.MinInt64), ""},
		{`9223372036854775808`, "int64", int64(0), "$: number 9223372036854775808 out of range for int64"},
		{`-9223372036854775809`, "int64", int64(0), "$: number -9223372036854775809 out of range for int64"},
		{`65535`, "uint16", uint16(65535), ""},
		{`70000`, "uint16", uint16(0), "$: number 70000 out of range for uint16"},
		{`-1`, "uint16", uint16(0), "$: number -1 out of range for uint16"},
		{`4294967295`, "uint32", uint32(math.MaxUint32), ""},
		{`4294967296`, "uint32", uint32(0), "$: number 4294967296 out of range for uint32"},
		{`18446744073709551615`, "uint64", uint64(math.MaxUint64), ""},
		{`18446744073709551616`, "uint64", uint64(0), "$: number 18446744073709551616 out of range for uint64"},
		{`99999999999999999999999`, "uint64", uint64(0), "$: number 99999999999999999999999 out of range for uint64"},
		{`123456789012345678901234567890123456789012345`, "int64", int64(0),
			"$: number 1234567890123456789012345678901234567890... out of range for int64"},
		{`1.0`, "int32", int32(0), "$: number 1.0 is not an integer"},
		{`1e3`, "uint64", uint64(0), "$: number 1e3 is not an integer"},
		{`-5E-1`, "int64", int64(0), "$: number -5E-1 is not an integer"},
		{`"5"`, "int32", int32(0), "$: expected integer, got string"},
		{`null`, "uint16", uint16(0), "$: expected integer, got null"},
		{`true`, "uint64", uint64(0), "$: expected integer, got boolean"},
		{`01`, "int32", int32(0), "$: invalid character '1' after top-level value"},
		{`-`, "int64", int64(0), "$: unexpected end of JSON input"},
		{`1 1`, "uint32", uint32(0), "$: invalid character '1' after top-level value"},
		{``, "uint32", uint32(0), "$: unexpected end of JSON input"},
	}
	for _, tt := range tests {
		got := decodeAll(tt.in)[tt.typ]
		if got.err != tt.err || (tt.err == "" && got.v != tt.want) {
			t.Errorf("decode %s %q = %v, %q; want %v, %q", tt.typ, tt.in, got.v, got.err, tt.want, tt.err)
		}
	}
}

func TestDecodeFloat64(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		err  string
	}{
		{`0`, 0, ""}, {`-1.5`, -1.5, ""}, {`1e3`, 1000, ""}, {` 2.5E-3 `, 0.0025, ""},
		{`18446744073709551615`, 18446744073709551615, ""},
		{`1e-400`, 0, ""},
		{`1e400`, 0, "$: number 1e400 out of range for float64"},
		{`-1e400`, 0, "$: number -1e400 out of range for float64"},
		{`"1"`, 0, "$: expected number, got string"},
		{`[1]`, 0, "$: expected number, got array"},
		{`1.`, 0, "$: unexpected end of JSON input"},
		{`Infinity`, 0, "$: invalid character 'I' looking for beginning of value"},
		{`1,`, 0, "$: invalid character ',' after top-level value"},
	}
	for _, tt := range tests {
		var got float64
		err := UnmarshalWith(&got, []byte(tt.in), DecodeFloat64)
		if wireTestErrText(err) != tt.err || (err == nil && got != tt.want) {
			t.Errorf("DecodeFloat64(%q) = %v, %q; want %v, %q", tt.in, got, wireTestErrText(err), tt.want, tt.err)
		}
	}
}

func TestDecodeRaw(t *testing.T) {
	tests := []struct {
		in, want, err string
	}{
		{` {"a": [1, 2]} `, `{"a": [1, 2]}`, ""},
		{`null`, `null`, ""},
		{` "x" `, `"x"`, ""},
		{`12`, `12`, ""},
		{`{"a":}`, "", "$: invalid character '}' looking for beginning of value"},
		{`[] []`, "", "$: invalid character '[' after top-level value"},
		{``, "", "$: unexpected end of JSON input"},
	}
	for _, tt := range tests {
		data := []byte(tt.in)
		var got json.RawMessage
		err := UnmarshalWith(&got, data, DecodeRaw)
		if wireTestErrText(err) != tt.err || (err == nil && string(got) != tt.want) {
			t.Errorf("DecodeRaw(%q) = %q, %q; want %q, %q", tt.in, got, wireTestErrText(err), tt.want, tt.err)
		}
		if err == nil {
			got[0] = '#'
			if string(data) != tt.in {
				t.Errorf("DecodeRaw(%q) retained its input", tt.in)
			}
		}
	}
}

func TestDecodeRawObject(t *testing.T) {
	tests := []struct {
		in, want, err string
		isNil         bool
	}{
		{` {"a": 1} `, `{"a": 1}`, "", false},
		{`{}`, `{}`, "", false},
		{` null `, "", "", true},
		{`[]`, "", "$: expected object, got array", false},
		{`"x"`, "", "$: expected object, got string", false},
		{`1`, "", "$: expected object, got number", false},
		{`{"a" 1}`, "", "$: invalid character '1' after object key", false},
		{`{} 1`, "", "$: invalid character '1' after top-level value", false},
		{`nil`, "", "$: invalid character 'i' in literal null", false},
	}
	for _, tt := range tests {
		data := []byte(tt.in)
		got := json.RawMessage("previous")
		err := UnmarshalWith(&got, data, DecodeRawObject)
		if wireTestErrText(err) != tt.err {
			t.Errorf("DecodeRawObject(%q) error %q, want %q", tt.in, wireTestErrText(err), tt.err)
			continue
		}
		if err != nil {
			continue
		}
		if tt.isNil != (got == nil) || (!tt.isNil && string(got) != tt.want) {
			t.Errorf("DecodeRawObject(%q) = %q, want %q (nil %v)", tt.in, got, tt.want, tt.isNil)
		}
		if !tt.isNil && &got[0] == &data[SkipSpace(data, 0)] {
			t.Errorf("DecodeRawObject(%q) aliases its input", tt.in)
		}
	}
}

// wireTestDecodeNull and wireTestStringBytes run the cursor decoders on a
// whole input.
func wireTestDecodeNull(data []byte) error {
	return UnmarshalWith(new(struct{}), data, func(_ *struct{}, r *Reader) error { return DecodeNull(r) })
}

func wireTestStringBytes(data []byte) ([]byte, error) {
	var b []byte
	err := UnmarshalWith(&b, data, func(b *[]byte, r *Reader) (err error) {
		*b, err = StringBytes(r)
		return err
	})
	return b, err
}

// TestTagString: a plain tag is its content, aliasing the input; escapes,
// non-ASCII and invalid UTF-8 go through the string decoder; a value that
// is not a string is a kind error.
func TestTagString(t *testing.T) {
	for _, c := range []struct{ raw, want, err string }{
		{`"text"`, "text", ""},
		{`""`, "", ""},
		{`"a\"b"`, `a"b`, ""},
		{`"\u0061"`, "a", ""},
		{`"a\\"`, `a\`, ""},
		{`"é"`, "é", ""},
		{"\"a\xffb\"", "a\uFFFDb", ""},
		{`5`, "", "string"},
		{`"`, "", "end of JSON input"},
	} {
		got, err := TagString(TagValue{raw: []byte(c.raw)})
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: %q, %v; want an error with %q", c.raw, got, err, c.err)
			}
			continue
		}
		if err != nil || string(got) != c.want {
			t.Errorf("%s: %q, %v; want %q", c.raw, got, err, c.want)
		}
	}
	raw := []byte(`"session_info_update"`)
	if got, _ := TagString(TagValue{raw: raw}); &got[0] != &raw[1] {
		t.Error("a plain tag was copied")
	}
}

// TestTagRead: a tag written first as a plain string is read once, by
// MemberAt's fast path, which marks it plain; an escaped one, one that
// is not a string and one written later are found by the general path
// (not marked), and each still reads as the decoder of strings would.
func TestTagRead(t *testing.T) {
	for _, c := range []struct {
		in, want  string
		plain     bool
		kindError bool
	}{
		{`{"type":"text","text":"x"}`, "text", true, false},
		{` { "type" : "é" }`, "é", true, false},
		{`{"type":"te\u0078t"}`, "text", false, false},
		{`{"type":"a\\b"}`, `a\b`, false, false},
		{`{"text":"x","type":"text"}`, "text", false, false},
		{"{\"type\":\"a\xffb\"}", "a\uFFFDb", false, false},
		{`{"type":5}`, "", false, true},
		{`{"type":null}`, "", false, true},
	} {
		r := &Reader{data: []byte(c.in)}
		v, found, err := MemberAt(r, "type")
		if !found || err != nil {
			t.Fatalf("%s: found %v, %v", c.in, found, err)
		}
		if v.plain != c.plain {
			t.Errorf("%s: plain %v, want %v", c.in, v.plain, c.plain)
		}
		got, err := TagString(v)
		if c.kindError {
			if err == nil || !strings.Contains(err.Error(), "string") {
				t.Errorf("%s: %q, %v; want a kind error", c.in, got, err)
			}
			continue
		}
		if err != nil || string(got) != c.want {
			t.Errorf("%s: %q, %v; want %q", c.in, got, err, c.want)
		}
		if r.pos != 0 {
			t.Errorf("%s: reading the tag moved the cursor to %d", c.in, r.pos)
		}
	}
}
