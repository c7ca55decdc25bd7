package wire

import (
	"encoding/json"
	"strings"
	"testing"
)

// wireTestMember is one key/value pair seen by an iterator.
type wireTestMember struct{ key, value string }

// wireTestWalk collects what Object/next report for data.
func wireTestWalk(data string) (got []wireTestMember, startErr, iterErr string) {
	it, err := Object([]byte(data))
	if err != nil {
		return nil, err.Error(), ""
	}
	for it.Next() {
		got = append(got, wireTestMember{string(it.Key), string(it.Value)})
	}
	return got, "", wireTestErrText(it.Err)
}

func TestObjectIter(t *testing.T) {
	tests := []struct {
		in       string
		want     []wireTestMember
		startErr string
		iterErr  string
	}{
		{`{}`, nil, "", ""},
		{" \n{ } \t", nil, "", ""},
		{`{"a":1}`, []wireTestMember{{"a", "1"}}, "", ""},
		{` { "a" : "x" , "b":[1, {"c":null}] ,"d" : {} } `,
			[]wireTestMember{{"a", `"x"`}, {"b", `[1, {"c":null}]`}, {"d", `{}`}}, "", ""},
		{`{"a\nb":true,"\u0041":false}`, []wireTestMember{{"a\nb", "true"}, {"A", "false"}}, "", ""},
		{`{"a":1,"a":2}`, []wireTestMember{{"a", "1"}, {"a", "2"}}, "", ""},
		{"{\"\xff\":0}", []wireTestMember{{"\ufffd", "0"}}, "", ""},
		{`[]`, nil, "$: expected object, got array", ""},
		{`null`, nil, "$: expected object, got null", ""},
		{`"{}"`, nil, "$: expected object, got string", ""},
		{``, nil, "$: unexpected end of JSON input", ""},
		{`[1,`, nil, "$: unexpected end of JSON input", ""},
		{`{`, nil, "", "$: unexpected end of JSON input"},
		{`{"a":1`, []wireTestMember{{"a", "1"}}, "", "$: unexpected end of JSON input"},
		{`{"a":1 "b":2}`, []wireTestMember{{"a", "1"}}, "", "$: invalid character '\"' after object key:value pair"},
		{`{"a":1,}`, []wireTestMember{{"a", "1"}}, "", "$: invalid character '}' looking for beginning of object key string"},
		{`{,}`, nil, "", "$: invalid character ',' looking for beginning of object key string"},
		{`{1:2}`, nil, "", "$: invalid character '1' looking for beginning of object key string"},
		{`{"a`, nil, "", "$: unexpected end of JSON input"},
		{`{"a" 1}`, nil, "", "$.a: invalid character '1' after object key"},
		{`{"a":}`, nil, "", "$.a: invalid character '}' looking for beginning of value"},
		{`{"ok":1,"a b":[1,}`, []wireTestMember{{"ok", "1"}}, "", `$["a b"]: invalid character '}' looking for beginning of value`},
		{`{"a":tru}`, nil, "", "$.a: invalid character '}' in literal true"},
		{`{} x`, nil, "", "$: invalid character 'x' after top-level value"},
		{`{"a":1}}`, []wireTestMember{{"a", "1"}}, "", "$: invalid character '}' after top-level value"},
		{`{"a":` + strings.Repeat("[", wireMaxDepth) + strings.Repeat("]", wireMaxDepth) + `}`, nil, "",
			"$.a: exceeded max nesting depth 10000"},
	}
	for _, tt := range tests {
		got, startErr, iterErr := wireTestWalk(tt.in)
		if startErr != tt.startErr || iterErr != tt.iterErr {
			t.Errorf("walk %.50q: errors %q, %q; want %q, %q", tt.in, startErr, iterErr, tt.startErr, tt.iterErr)
		}
		if tt.want != nil && !wireTestEqual(got, tt.want) {
			t.Errorf("walk %.50q = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// wireTestEqual compares member lists.
func wireTestEqual(a, b []wireTestMember) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestObjectIterStops(t *testing.T) {
	it, _ := Object([]byte(`{"a":1}`))
	for it.Next() {
	}
	if it.Next() || it.Err != nil {
		t.Error("next after the end must keep returning false without error")
	}
	var zero ObjectSpans
	if zero.Next() {
		t.Error("zero iterator must not yield")
	}
	var zeroArr ArraySpans
	if zeroArr.Next() {
		t.Error("zero array iterator must not yield")
	}
}

func TestObjectIterAllocs(t *testing.T) {
	data := []byte(`{"sessionId":"abc","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"hi"}},"n":[1,2,3],"é":true}`)
	n := testing.AllocsPerRun(100, func() {
		it, err := Object(data)
		if err != nil {
			panic(err)
		}
		for it.Next() {
		}
		if it.Err != nil {
			panic(it.Err)
		}
	})
	if n != 0 {
		t.Errorf("object iteration allocates %v times, want 0", n)
	}
}

func TestArrayIter(t *testing.T) {
	tests := []struct {
		in       string
		want     []string
		startErr string
		iterErr  string
	}{
		{`[]`, nil, "", ""},
		{` [ 1 , "a" ,{"b":[]}, null ] `, []string{"1", `"a"`, `{"b":[]}`, "null"}, "", ""},
		{`{}`, nil, "$: expected array, got object", ""},
		{`"[]"`, nil, "$: expected array, got string", ""},
		{`{"a"`, nil, "$: unexpected end of JSON input", ""},
		{`[`, nil, "", "$[0]: unexpected end of JSON input"},
		{`[1`, []string{"1"}, "", "$: unexpected end of JSON input"},
		{`[1 2]`, []string{"1"}, "", "$: invalid character '2' after array element"},
		{`[1,]`, []string{"1"}, "", "$[1]: invalid character ']' looking for beginning of value"},
		{`[1,{"a":x}]`, []string{"1"}, "", "$[1]: invalid character 'x' looking for beginning of value"},
		{`[] 0`, nil, "", "$: invalid character '0' after top-level value"},
	}
	for _, tt := range tests {
		it, err := Array([]byte(tt.in))
		if wireTestErrText(err) != tt.startErr {
			t.Errorf("Array(%q) = %q, want %q", tt.in, wireTestErrText(err), tt.startErr)
			continue
		}
		var got []string
		for i := 0; it.Next(); i++ {
			if it.index != i {
				t.Errorf("Array(%q): index %d, want %d", tt.in, it.index, i)
			}
			got = append(got, string(it.Value))
		}
		if wireTestErrText(it.err) != tt.iterErr || strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("Array(%q) = %q, %q; want %q, %q", tt.in, got, wireTestErrText(it.err), tt.want, tt.iterErr)
		}
	}
}

func TestMember(t *testing.T) {
	tests := []struct {
		in, key, want string
		found         bool
		err           string
	}{
		{`{"type":"text","text":"hi"}`, "type", `"text"`, true, ""},
		{`{"text":"hi","type":"text"}`, "type", `"text"`, true, ""},
		{`{"t\u0079pe":5}`, "type", `5`, true, ""},
		{`{"a":1,"a":2}`, "a", `1`, true, ""},
		{`{"a":1}`, "type", "", false, ""},
		{`{}`, "type", "", false, ""},
		{`{"type":"x", garbage`, "type", `"x"`, true, ""},
		{`{"a":[1,}`, "type", "", false, "$.a: invalid character '}' looking for beginning of value"},
		{`{"a":1`, "type", "", false, "$: unexpected end of JSON input"},
		{`[1]`, "type", "", false, "$: expected object, got array"},
	}
	for _, tt := range tests {
		v, found, err := Member([]byte(tt.in), tt.key)
		if string(v) != tt.want || found != tt.found || wireTestErrText(err) != tt.err {
			t.Errorf("Member(%q, %q) = %q, %v, %q; want %q, %v, %q",
				tt.in, tt.key, v, found, wireTestErrText(err), tt.want, tt.found, tt.err)
		}
	}
}

func TestHasMembers(t *testing.T) {
	keys := []string{"a", "b", "c"}
	tests := []struct {
		in   string
		want uint64
		err  string
	}{
		{`{}`, 0, ""},
		{`{"a":1,"c":2,"z":3}`, 0b101, ""},
		{`{"c":1,"b":2,"a":3,"a":4}`, 0b111, ""},
		{`{"a":1,`, 0, "$: unexpected end of JSON input"},
		{`{"a":1} x`, 0, "$: invalid character 'x' after top-level value"},
		{`null`, 0, "$: expected object, got null"},
	}
	for _, tt := range tests {
		got, err := HasMembers([]byte(tt.in), keys)
		if wireTestErrText(err) != tt.err || (err == nil && got != tt.want) {
			t.Errorf("HasMembers(%q) = %b, %q; want %b, %q", tt.in, got, wireTestErrText(err), tt.want, tt.err)
		}
	}
	many := make([]string, 70)
	for i := range many {
		many[i] = string(rune('A' + i))
	}
	got, err := HasMembers([]byte(`{"A":0,"~":1,"`+many[63]+`":2,"`+many[64]+`":3}`), many)
	if err != nil || got != 1|1<<61|1<<63 {
		t.Errorf("64-key limit: got %b, %v", got, err)
	}
}

// TestShortKey checks the iterator's fast path (wireShortKey) against
// encoding/json on member names at the edges where it gives up: lengths
// around a word and around its four-word bound, escapes, non-ASCII, raw
// control characters, whitespace on either side of the colon and the end
// of the input. Plain names of up to 31 bytes followed by ":" and a value
// must take the fast path.
func TestShortKey(t *testing.T) {
	names := []string{"", "a", "type", "content", "sessionId", "sessionUpdate",
		strings.Repeat("k", 15), strings.Repeat("k", 16), strings.Repeat("k", 31),
		strings.Repeat("k", 32), strings.Repeat("k", 40), `a\"b`, `a\u0041`, "façade", "tab\there"}
	seps := []string{`:`, ` :`, `: `, ":\n"}
	values := []string{`1`, `"x"`, `{"b":2}`, `[]`, `12345678901234567890`}
	for _, name := range names {
		for _, sep := range seps {
			for _, value := range values {
				data := `{"` + name + `"` + sep + value + `}`
				got, _, iterErr := wireTestWalk(data)
				var want map[string]json.RawMessage
				if err := json.Unmarshal([]byte(data), &want); err != nil {
					if iterErr == "" {
						t.Errorf("%q: accepted, encoding/json says %v", data, err)
					}
					continue
				}
				if iterErr != "" || len(got) != 1 || string(want[got[0].key]) != value || got[0].value != value {
					t.Errorf("%q: got %q (%s), want %q", data, got, iterErr, want)
				}
				_, at, ok := wireShortKey([]byte(data), 1)
				quoteWord := 2 + len(name)/8*8 // where the word holding the closing quote starts
				fast := sep == ":" && len(name) <= 31 && !strings.ContainsAny(name, "\\\tç") &&
					quoteWord+8 <= len(data)
				if ok != fast || ok && data[at:at+len(value)] != value {
					t.Errorf("%q: fast path ok=%v at=%d, want ok=%v", data, ok, at, fast)
				}
			}
		}
	}
	// Where no member name starts, the fast path declines (the iterator's
	// general path reports the error).
	data := []byte(`{"type":"text","a":1}`)
	for _, at := range []int{0, 2, 7, 14, len(data) - 1, len(data), len(data) + 1} {
		if _, _, ok := wireShortKey(data, at); ok {
			t.Errorf("wireShortKey at %d of %s: ok", at, data)
		}
	}
}
