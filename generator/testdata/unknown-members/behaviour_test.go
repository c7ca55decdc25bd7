package golden

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// Unknown members sit last in every object of this input, in an order
// that is not sorted, so a lossless round trip gives the same bytes back.
const everyLevel = `{"name":"n",` +
	`"caps":{"fs":{"read":true,"fz":[1E400,-0.0e+00]},"cz":123456789012345678901234567890},` +
	`"items":[{"id":"a","iz":"\u00e9"},{"id":"b"}],` +
	`"byId":{"k":{"id":"c","mz":{"deep":[null,true]}}},` +
	`"block":{"type":"text","text":"t","bz":1.50},` +
	`"option":{"id":"o","kind":"select","choices":["x"],"oz":"kept by Option"},` +
	`"loose":{"b":1,"lz":2},` +
	`"_meta":{"m":1},"zz":{"nested":{"n":1e-7}},"aa":[]}`

func decode(t *testing.T, in string) Envelope {
	t.Helper()
	var e Envelope
	if err := json.Unmarshal([]byte(in), &e); err != nil {
		t.Fatalf("decode %s: %v", in, err)
	}
	return e
}

func encode(t *testing.T, v any) string {
	t.Helper()
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	return string(out)
}

func TestUnknownMembersEveryLevel(t *testing.T) {
	e := decode(t, everyLevel)
	if out := encode(t, e); out != everyLevel {
		t.Fatalf("round trip\n got %s\nwant %s", out, everyLevel)
	}
	var names []string
	for name := range e.Unknown.All() {
		names = append(names, name)
	}
	if strings.Join(names, ",") != "zz,aa" {
		t.Errorf("top-level unknown members %v, want [zz aa] in arrival order", names)
	}
	checks := []struct {
		where string
		u     *UnknownMembers
		name  string
		want  string
	}{
		{"caps", &e.Caps.Unknown, "cz", "123456789012345678901234567890"},
		{"caps.fs", &e.Caps.FS.Unknown, "fz", "[1E400,-0.0e+00]"},
		{"items[0]", &e.Items[0].Unknown, "iz", `"\u00e9"`},
		{"byId.k", ptrUnknown(e.ByID["k"].Unknown), "mz", `{"deep":[null,true]}`},
		{"block (payload variant)", &e.Block.Value.(*BlockText).Unknown, "bz", "1.50"},
		{"option (flattened: kept by the struct)", &e.Option.Unknown, "oz", `"kept by Option"`},
		{"loose (additionalProperties true)", &e.Loose.Unknown, "lz", "2"},
	}
	for _, c := range checks {
		if got, ok := c.u.Get(c.name); !ok || string(got) != c.want {
			t.Errorf("%s: %s = %s, %v; want %s", c.where, c.name, got, ok, c.want)
		}
	}
	if n := e.Option.Union.Value.(*OptionSelect).Unknown.Len(); n != 0 {
		t.Errorf("the flattened variant keeps %d members; the struct should", n)
	}
	if e.Items[1].Unknown.Len() != 0 {
		t.Errorf("an item without unknown members has %d", e.Items[1].Unknown.Len())
	}
}

func ptrUnknown(u UnknownMembers) *UnknownMembers { return &u }

func TestUnknownMembersInVariants(t *testing.T) {
	for _, in := range []string{
		`{"type":"image","data":"AAAA","iz":{"a":1}}`,
		`{"type":"_video","url":"u","len":18446744073709551616}`,
		`{"type":"text","text":"t","_meta":{"x":1}}`,
	} {
		var b Block
		if err := json.Unmarshal([]byte(in), &b); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if out := encode(t, b); out != in {
			t.Errorf("round trip\n got %s\nwant %s", out, in)
		}
	}
	var b Block
	_ = json.Unmarshal([]byte(`{"type":"_video","url":"u"}`), &b)
	other := b.Value.(*BlockOther)
	if other.Type != "_video" || other.Unknown.Len() != 1 {
		t.Errorf("catch-all: type %q, %d unknown members", other.Type, other.Unknown.Len())
	}
	for _, in := range []string{
		`{"id":"o","kind":"toggle","on":true,"tz":0}`,
		`{"id":"o","kind":"_range","min":1,"max":2}`,
	} {
		var o Option
		if err := json.Unmarshal([]byte(in), &o); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if out := encode(t, o); out != in {
			t.Errorf("round trip\n got %s\nwant %s", out, in)
		}
		if o.Unknown.Len() == 0 {
			t.Errorf("%s: the struct keeps no unknown member", in)
		}
	}
}

// Members that arrive before declared ones come back after them, with the
// same values: the object is equal, the order of names differs.
func TestUnknownMembersComeLast(t *testing.T) {
	e := decode(t, `{"x":1,"name":"n","\u0079":"escaped name"}`)
	if out := encode(t, e); out != `{"name":"n","x":1,"y":"escaped name"}` {
		t.Errorf("got %s", out)
	}
	if v, ok := e.Unknown.Get("y"); !ok || string(v) != `"escaped name"` {
		t.Errorf("Get(y) = %s, %v", v, ok)
	}
}

func TestClosedObjectRejectsUnknown(t *testing.T) {
	var e Envelope
	err := json.Unmarshal([]byte(`{"name":"n","strict":{"a":1,"x":2}}`), &e)
	var de *DecodeError
	if !errors.As(err, &de) || de.Path != "$.strict" || !strings.Contains(de.Msg, `unknown member "x"`) {
		t.Fatalf("error %v, want a DecodeError at $.strict naming x", err)
	}
	if err := json.Unmarshal([]byte(`{"name":"n","strict":{"a":1}}`), &e); err != nil {
		t.Errorf("declared members only: %v", err)
	}
}

func TestUnknownMembersAPI(t *testing.T) {
	var u UnknownMembers
	if err := u.Set("a", json.RawMessage(` {"x": [1, 2]} `)); err != nil {
		t.Fatal(err)
	}
	if err := u.Set("b", json.RawMessage(`2`)); err != nil {
		t.Fatal(err)
	}
	if err := u.Set("a", json.RawMessage(`3`)); err != nil {
		t.Fatal(err)
	}
	var got []string
	for name, value := range u.All() {
		got = append(got, name+"="+string(value))
	}
	if strings.Join(got, " ") != "b=2 a=3" || u.Len() != 2 {
		t.Errorf("members %v (Len %d), want [b=2 a=3]", got, u.Len())
	}
	for _, bad := range []string{``, `{`, `1 2`, `nul`, `"\x01"`} {
		if err := u.Set("c", json.RawMessage(bad)); err == nil {
			t.Errorf("Set(%q) accepted", bad)
		}
	}
	if u.Len() != 2 {
		t.Errorf("a failed Set changed the set: Len %d", u.Len())
	}
	c := u.Clone()
	if !u.Delete("b") || u.Delete("b") || u.Len() != 1 {
		t.Errorf("Delete: Len %d", u.Len())
	}
	if _, ok := c.Get("b"); !ok || c.Len() != 2 {
		t.Errorf("the clone changed with the original")
	}
	// A plain copy shares storage until one of them changes: Set never
	// writes into what the other sees.
	d := c
	_ = d.Set("z", json.RawMessage(`true`))
	if _, ok := c.Get("z"); ok || c.Len() != 2 {
		t.Errorf("Set on a copy changed the original")
	}

	e := Envelope{Name: "n"}
	_ = e.Unknown.Set("fwd", json.RawMessage(`{"from":"elsewhere"}`))
	if out := encode(t, e); out != `{"name":"n","fwd":{"from":"elsewhere"}}` {
		t.Errorf("forwarded member: %s", out)
	}
}

// A member the type declares cannot be encoded from Unknown: that would
// write its name twice.
func TestUnknownMemberThatIsDeclared(t *testing.T) {
	cases := []struct {
		what string
		v    any
	}{
		{"struct field", func() any { e := Envelope{Name: "n"}; _ = e.Unknown.Set("name", json.RawMessage(`"m"`)); return e }()},
		{"union tag on a payload variant", func() any {
			x := Text{Text: "t"}
			_ = x.Unknown.Set("type", json.RawMessage(`"image"`))
			return NewBlockText(x)
		}()},
		{"inline variant's own field", func() any {
			x := BlockImage{Data: "d"}
			_ = x.Unknown.Set("data", json.RawMessage(`"e"`))
			return NewBlockImage(x)
		}()},
		{"flattened variant's member, held by the struct", func() any {
			o := Option{ID: "o", Union: NewOptionSelect(Select{Choices: []string{}})}
			_ = o.Unknown.Set("choices", json.RawMessage(`[]`))
			return o
		}()},
		{"flattened union's tag, held by the struct", func() any {
			o := Option{ID: "o", Union: NewOptionSelect(Select{Choices: []string{}})}
			_ = o.Unknown.Set("kind", json.RawMessage(`"toggle"`))
			return o
		}()},
	}
	for _, c := range cases {
		out, err := json.Marshal(c.v)
		var ee *EncodeError
		if !errors.As(err, &ee) {
			t.Errorf("%s: encoded %s, want an *EncodeError", c.what, out)
		}
	}
	// A member another variant declares is not this variant's: it is kept.
	o := Option{ID: "o", Union: NewOptionSelect(Select{Choices: []string{}})}
	_ = o.Unknown.Set("on", json.RawMessage(`true`))
	if out := encode(t, o); out != `{"id":"o","kind":"select","choices":[],"on":true}` {
		t.Errorf("got %s", out)
	}
}

// A member name given twice in one object is an error, whatever the
// member: declared, a union's tag (also through a flattened union), or
// unknown; so no reader of the same bytes can see another value.
func TestDuplicateMembersRejected(t *testing.T) {
	many := `{"name":"n"`
	for i := 0; i < 20; i++ {
		many += `,"u` + strings.Repeat("x", i) + `":1`
	}
	many += `,"u":2}`
	for _, c := range []struct{ what, typ, in string }{
		{"declared", "Envelope", `{"name":"n","name":"m"}`},
		{"declared in a payload variant", "Block", `{"type":"text","text":"a","text":"b"}`},
		{"tag", "Block", `{"type":"text","text":"a","type":"image"}`},
		{"tag of an unknown variant", "Block", `{"type":"_x","type":"image","data":"d"}`},
		{"tag of a flattened union", "Option", `{"id":"o","kind":"toggle","on":true,"kind":"select"}`},
		{"flattening struct's member", "Option", `{"id":"o","kind":"toggle","on":true,"id":"p"}`},
		{"unknown", "Envelope", `{"name":"n","u":1,"u":2}`},
		{"unknown, escaped the second time", "Envelope", `{"name":"n","u":1,"\u0075":2}`},
		{"unknown among many", "Envelope", many},
		{"closed object", "Strict", `{"a":1,"a":2}`},
	} {
		var err error
		switch c.typ {
		case "Envelope":
			err = json.Unmarshal([]byte(c.in), new(Envelope))
		case "Block":
			err = json.Unmarshal([]byte(c.in), new(Block))
		case "Option":
			err = json.Unmarshal([]byte(c.in), new(Option))
		case "Strict":
			err = json.Unmarshal([]byte(c.in), new(Strict))
		}
		if err == nil || !strings.Contains(err.Error(), "duplicate member") {
			t.Errorf("%s: %s: error %v, want a duplicate member", c.what, c.in, err)
		}
	}
}
