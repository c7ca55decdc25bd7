package acptest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestJSONEqual(t *testing.T) {
	cases := []struct {
		a, b string
		want bool
	}{
		{`{"a":1,"b":[true,null,"x"]}`, `{ "b" : [true, null, "x"], "a" : 1 }`, true},
		{`12345678901234567890`, `12345678901234567890`, true},
		{`12345678901234567890`, `12345678901234567891`, false},
		{`12345678901234567890`, `12345678901234567890.0`, true},
		{`1.0`, `1`, true},
		{`1e2`, `100`, true},
		{`0.1`, `0.10000000000000001`, false},
		{`-0`, `0`, true},
		{`"\u00e9"`, `"é"`, true},
		{`{"a":1}`, `{"a":1,"b":null}`, false},
		{`[1,2]`, `[2,1]`, false},
		{`{"a":"1"}`, `{"a":1}`, false},
		{`{}`, `[]`, false},
		{`{"a":1}`, `{"a":1} x`, false},
		{`{"a":`, `{"a":1}`, false},
	}
	for _, c := range cases {
		if got := JSONEqual([]byte(c.a), []byte(c.b)); got != c.want {
			t.Errorf("JSONEqual(%s, %s) = %v, want %v (%s)", c.a, c.b, got, c.want, JSONDiff([]byte(c.a), []byte(c.b)))
		}
	}
}

func TestSchemaValidate(t *testing.T) {
	for _, v := range []string{"v1", "v2"} {
		path, err := SchemaPath(v)
		if err != nil {
			t.Fatal(err)
		}
		s, err := LoadSchema(path)
		if err != nil {
			t.Fatal(err)
		}
		if s2, _ := LoadSchema(path); s2 != s {
			t.Errorf("%s: schema not cached", v)
		}
		if err := s.Validate("PlanEntryPriority", []byte(`"high"`)); err != nil {
			t.Errorf("%s: high: %v", v, err)
		}
		if err := s.Validate("ContentBlock", []byte(`{"type":"text"}`)); err == nil {
			t.Errorf("%s: text block without text validated", v)
		}
		if err := s.Validate("ContentBlock", []byte(`{"type":"text","text":"hi"}`)); err != nil {
			t.Errorf("%s: text block: %v", v, err)
		}
		if err := s.Validate("NoSuchDef", []byte(`{}`)); err == nil {
			t.Errorf("%s: unknown definition validated", v)
		}
		if len(s.UnionDefs()) == 0 || len(s.Enums()) == 0 {
			t.Errorf("%s: no unions or enums found", v)
		}
	}
	path, _ := SchemaPath("v1")
	s, _ := LoadSchema(path)
	if err := s.Validate("PlanEntryPriority", []byte(`"urgent"`)); err == nil {
		t.Error("v1: urgent validated")
	}
	var found bool
	for _, e := range s.Enums() {
		if e.Name == "PlanEntryPriority" {
			found = true
			if e.Open || e.Type != "string" || strings.Join(e.Values, ",") != `"high","medium","low"` {
				t.Errorf("v1 PlanEntryPriority = %+v", e)
			}
		}
		if e.Name == "RequestId" {
			t.Error("RequestId classified as enum")
		}
	}
	if !found {
		t.Error("v1 PlanEntryPriority not found among enums")
	}
}

func TestLoadFixture(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	f, err := LoadFixture(write("Role.user.json", `{"type":"Role","json": 12345678901234567890 }`))
	if err != nil || f.Type != "Role" || string(f.JSON) != "12345678901234567890" {
		t.Errorf("got %+v, %v", f, err)
	}
	for name, body := range map[string]string{
		"Role.a.json":  `{"type":"Role"}`,
		"Role.b.json":  `{"type":"Role","json":1,"extra":2}`,
		"Other.c.json": `{"type":"Role","json":1}`,
		"Role.d.json":  `{"json":1}`,
	} {
		if _, err := LoadFixture(write(name, body)); err == nil {
			t.Errorf("%s: bad fixture accepted", name)
		}
	}
}
