package conductor

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// isObject is what encoding/json takes for one valid JSON object.
func isObject(line []byte) bool {
	t := bytes.TrimLeft(line, " \t\r\n")
	return json.Valid(line) && len(t) > 0 && t[0] == '{'
}

// TestMembersValidity: members takes exactly the lines encoding/json
// takes for one valid object.
func TestMembersValidity(t *testing.T) {
	lines := []string{
		`{}`, ` { } `, `{"a":1}`, `{"a":[1,2,{"b":null}],"c":"\u00e9\n"}`, `{"a":-0.5e+10}`,
		`{"a":true,"b":false}`, "{\"a\":\"\xff\"}", `{"a":"\/"}`,
		``, ` `, `[]`, `null`, `"x"`, `1`, `{`, `}`, `{"a"}`, `{"a":}`, `{"a":1,}`, `{,}`,
		`{"a":1}x`, `{"a":1}{}`, `{"a":01}`, `{"a":-}`, `{"a":1.}`, `{"a":1e}`, `{"a":.5}`,
		`{"a":tru}`, `{"a":nul}`, `{"a":"\x"}`, `{"a":"\u12"}`, `{"a":"\u12g4"}`, "{\"a\":\"\t\"}",
		`{"a":"x`, `{"a":[1 2]}`, `{"a":[1,]}`, `{'a':1}`, `{a:1}`, `{"a":1 "b":2}`,
		strings.Repeat(`[`, maxDepth-1) + strings.Repeat(`]`, maxDepth-1),
	}
	deep := func(n int) string {
		return `{"a":` + strings.Repeat(`[`, n-1) + strings.Repeat(`]`, n-1) + `}`
	}
	lines = append(lines, deep(maxDepth), deep(maxDepth+1))
	for _, l := range lines {
		err := members([]byte(l), func(name, value []byte) {})
		if want := isObject([]byte(l)); (err == nil) != want {
			t.Errorf("%.60q: error %v, encoding/json takes it for an object: %v", l, err, want)
		}
	}
}

// TestParseEnvelope: the top-level members as the line has them, names
// unescaped, the last of a member given twice; jsonrpc and method must
// be strings (or null).
func TestParseEnvelope(t *testing.T) {
	e, err := parseEnvelope([]byte(` {"jsonrpc":"2.0", "id" : "a b" ,"\u006dethod":"x\/y","params":{"k": [1, 2]},"other":{}}`))
	if err != nil {
		t.Fatal(err)
	}
	if string(e.id) != `"a b"` || string(e.method) != `"x\/y"` || string(e.name) != "x/y" || string(e.params) != `{"k": [1, 2]}` {
		t.Errorf("got id %s method %s (%s) params %s", e.id, e.method, e.name, e.params)
	}
	e, err = parseEnvelope([]byte(`{"id":1,"id":2,"result":null,"error":{"code":1},"method":null}`))
	if err != nil || string(e.id) != "2" || string(e.result) != "null" || string(e.err) != `{"code":1}` || e.method != nil {
		t.Errorf("got %+v, %v", e, err)
	}
	for _, bad := range []string{`{"jsonrpc":2}`, `{"method":1}`, `{"method":{}}`, `[]`, `{"id":1`} {
		if _, err := parseEnvelope([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestEncode: the conductor's lines as encoding/json read them back,
// wrapped or not.
func TestEncode(t *testing.T) {
	m := message{id: []byte(`3`), method: []byte(`"session/update"`), params: []byte(`{"a":1}`), wrap: true}
	want := `{"jsonrpc":"2.0","id":3,"method":"proxy/successor","params":{"method":"session/update","params":{"a":1}}}` + "\n"
	if got := string(m.encode()); got != want {
		t.Errorf("got %s want %s", got, want)
	}
	m = message{id: []byte(`"x"`), err: errorObject(-32600, `say "no" <now>`)}
	var back struct {
		JSONRPC string
		ID      string
		Error   struct {
			Code    int
			Message string
		}
	}
	if err := json.Unmarshal(m.encode(), &back); err != nil || back.JSONRPC != "2.0" || back.ID != "x" || back.Error.Code != -32600 || back.Error.Message != `say "no" <now>` {
		t.Errorf("got %+v, %v", back, err)
	}
}

// FuzzMembers: members never panics, agrees with encoding/json on which
// lines are one valid object, and gives each member's raw value as valid
// JSON.
func FuzzMembers(f *testing.F) {
	for _, s := range []string{`{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":[1,"x\n"]}}`, `{"a":-1.5e3}`, `[`, `{"\u00e9":null}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		err := members(line, func(name, value []byte) {
			if !json.Valid(value) {
				t.Errorf("member %q: value %q is not valid JSON", name, value)
			}
		})
		if want := isObject(line); (err == nil) != want {
			t.Errorf("%q: error %v, encoding/json takes it for an object: %v", line, err, want)
		}
		_, _ = parseEnvelope(line)
	})
}
