package golden

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestMemberMapsRouting: a member goes to its field when a property
// declares it, else to the first map whose pattern its name matches, else
// to the typed additional members; each encodes back in sorted order after
// the fields.
func TestMemberMapsRouting(t *testing.T) {
	const doc = `{"name":"n","x-count":3,"x-a":"s","x-b":"t","a":1,"b":2}`
	var h Headers
	if err := json.Unmarshal([]byte(doc), &h); err != nil {
		t.Fatal(err)
	}
	if h.Name != "n" || *h.XCount != 3 || len(h.Matching) != 2 || h.Matching["x-b"] != "t" || len(h.Extra) != 2 || h.Extra["b"] != 2 {
		t.Fatalf("%+v", h)
	}
	out, err := json.Marshal(h)
	if err != nil || string(out) != doc {
		t.Fatalf("encoded %s, %v", out, err)
	}
	// Maps encode in sorted key order whatever the input's order.
	var h2 Headers
	if err := json.Unmarshal([]byte(`{"b":2,"x-b":"t","name":"n","a":1,"x-a":"s","x-count":3}`), &h2); err != nil {
		t.Fatal(err)
	}
	if out, err := json.Marshal(h2); err != nil || string(out) != doc {
		t.Fatalf("encoded %s, %v", out, err)
	}
}

// TestMemberMapsSeveralPatterns: patterns in schema order, the first
// match wins (UPPER before lower), one read by the ECMAScript engine
// (a lookahead), values decoded by their own types (a union, an array),
// and the members no pattern matches kept as unknown.
func TestMemberMapsSeveralPatterns(t *testing.T) {
	const doc = `{"path":"/bin","HOME":"/root","LEVEL":3,"list":[1,2],"7":true,"x-other":{"k":1}}`
	var e Env
	if err := json.Unmarshal([]byte(doc), &e); err != nil {
		t.Fatal(err)
	}
	if _, ok := e.Matching1["LEVEL"].Value.(*ValueInteger); !ok || len(e.Matching1) != 2 {
		t.Errorf("Matching1: %+v", e.Matching1)
	}
	if len(e.Matching2["list"]) != 2 || !e.Matching3["7"] {
		t.Errorf("Matching2 %v, Matching3 %v", e.Matching2, e.Matching3)
	}
	if v, ok := e.Unknown.Get("x-other"); !ok || string(v) != `{"k":1}` {
		t.Errorf("unknown x-other: %s %v", v, ok)
	}
	out, err := json.Marshal(e)
	if err != nil || string(out) != `{"path":"/bin","HOME":"/root","LEVEL":3,"list":[1,2],"7":true,"x-other":{"k":1}}` {
		t.Fatalf("encoded %s, %v", out, err)
	}
}

// TestMemberMapsEncodeErrors: a key decoding would route elsewhere does
// not encode, with the key in the error's path.
func TestMemberMapsEncodeErrors(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{Headers{Name: "n", Extra: map[string]int64{"x-a": 1}}, `$["x-a"]: decoding would put this member in Matching, not in Extra`},
		{Headers{Name: "n", Extra: map[string]int64{"name": 1}}, `$.name: decoding would put this member in its field, not in Extra`},
		{Headers{Name: "n", Matching: map[string]string{"y": "v"}}, `$.y: decoding would put this member in Extra, not in Matching`},
		{Env{Matching2: map[string][]int64{"ABC": nil}}, `$.ABC: decoding would put this member in Matching1, not in Matching2`},
		{Env{Matching2: map[string][]int64{"x-y": nil}}, `$["x-y"]: decoding would put this member in no map, not in Matching2`},
		{Closed{Matching: map[string]ClosedMatchingValue{"b": {N: 1}}}, `$.b: decoding would put this member in no map, not in Matching`},
	} {
		out, err := json.Marshal(c.v)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: encoded %s, %v; want %q", c.v, out, err, c.want)
		}
	}
	// A kept unknown member that a pattern would take does not encode
	// either.
	var e Env
	if err := e.Unknown.Set("ABC", json.RawMessage(`1`)); err == nil {
		if out, err := json.Marshal(e); err == nil {
			t.Errorf("unknown ABC encoded as %s", out)
		}
	}
}

// TestMemberMapsDecodeErrors: bad values fail with the member's path;
// additionalProperties false still rejects the rest; a member given twice
// is an error.
func TestMemberMapsDecodeErrors(t *testing.T) {
	for _, c := range []struct {
		doc  string
		into any
		path string
	}{
		{`{"name":"n","x-a":1}`, &Headers{}, `$["x-a"]: `},
		{`{"name":"n","a":"s"}`, &Headers{}, `$.a: `},
		{`{"name":"n","a":1,"a":2}`, &Headers{}, `$.a: duplicate member`},
		{`{"HOME":true}`, &Env{}, `$.HOME: `},
		{`{"list":[1,"a"]}`, &Env{}, `$.list[1]: `},
		{`{"7":"yes"}`, &Env{}, `$["7"]: `},
		{`{"a1":{}}`, &Closed{}, `$.a1: `},
		{`{"b":{"n":1}}`, &Closed{}, `$: unknown member "b"`},
		{`{"total":1,"extra":"e","more":"x"}`, &Counts{}, `$.more: `},
	} {
		err := json.Unmarshal([]byte(c.doc), c.into)
		if err == nil || !strings.HasPrefix(err.Error(), c.path) {
			t.Errorf("%s: %v, want an error at %s", c.doc, err, c.path)
		}
	}
	var c Counts
	const doc = `{"total":1,"extra":"e","more":2}`
	if err := json.Unmarshal([]byte(doc), &c); err != nil || c.Extra2["more"] != 2 || *c.Extra != "e" {
		t.Fatalf("%+v %v", c, err)
	}
	if out, err := json.Marshal(c); err != nil || string(out) != doc {
		t.Fatalf("encoded %s, %v", out, err)
	}
}

// TestMemberMapsInTaggedVariant: a union's tag is the union's, never a
// map's member, though a pattern matches it; a map holding it does not
// encode.
func TestMemberMapsInTaggedVariant(t *testing.T) {
	const doc = `{"kind":"env","path":"p","abc":[1]}`
	var e Event
	if err := json.Unmarshal([]byte(doc), &e); err != nil {
		t.Fatal(err)
	}
	v, ok := e.Value.(*EventEnv)
	if !ok || len(v.Matching2) != 1 || len(v.Matching2["abc"]) != 1 {
		t.Fatalf("%#v", e.Value)
	}
	if out, err := json.Marshal(e); err != nil || string(out) != doc {
		t.Fatalf("encoded %s, %v", out, err)
	}
	v.Matching2["kind"] = []int64{2}
	if out, err := json.Marshal(e); err == nil || !strings.Contains(err.Error(), "$.kind: the tag of a union's variant cannot be kept in Matching2") {
		t.Errorf("encoded %s, %v", out, err)
	}
}
