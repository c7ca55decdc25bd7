package golden

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestMixedEnums: an enum list of several JSON types is a string type
// holding the member's JSON text; decoding accepts any value JSON-equal
// to a member (1.0 is 1) and keeps the member's text, encoding writes it.
func TestMixedEnums(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Setting
		out  string
	}{
		{`"auto"`, SettingAuto, `"auto"`},
		{`"\u0061uto"`, SettingAuto, `"auto"`},
		{`1`, SettingX1, `1`},
		{`1.0`, SettingX1, `1`},
		{`10e-1`, SettingX1, `1`},
		{`2.50`, SettingX2Point5, `2.5`},
		{`-3`, SettingMinus3, `-3`},
		{`true`, SettingTrue, `true`},
		{`null`, SettingNull, `null`},
	} {
		var s Setting
		if err := json.Unmarshal([]byte(c.in), &s); err != nil || s != c.want {
			t.Errorf("%s: %q, %v", c.in, s, err)
			continue
		}
		if out, err := json.Marshal(s); err != nil || string(out) != c.out {
			t.Errorf("%s: encoded %s, %v", c.in, out, err)
		}
	}
	for _, bad := range []string{`"Auto"`, `2`, `false`, `{}`, `[1]`, `1e999999999999999999`, `"1"`} {
		var s Setting
		err := json.Unmarshal([]byte(bad), &s)
		if err == nil || !strings.Contains(err.Error(), "Setting: unknown value") {
			t.Errorf("%s: %v", bad, err)
		}
	}
	// A Go value that is no member does not encode (it would not be JSON).
	for _, bad := range []Setting{"", "auto", "maybe"} {
		if out, err := json.Marshal(bad); err == nil {
			t.Errorf("%q encoded as %s", bad, out)
		}
	}
}

// TestMixedEnumFields: numeric enums in fields and arrays, with the
// member's path in errors, and a type beside the list leaving out the
// members it excludes.
func TestMixedEnumFields(t *testing.T) {
	const doc = `{"setting":null,"level":2,"mode":false,"levels":[0,1,2]}`
	var c Config
	if err := json.Unmarshal([]byte(doc), &c); err != nil {
		t.Fatal(err)
	}
	if c.Setting != SettingNull || *c.Level != LevelX2 || *c.Mode != ConfigModeFalse || len(c.Levels) != 3 {
		t.Fatalf("%+v", c)
	}
	if out, err := json.Marshal(c); err != nil || string(out) != doc {
		t.Fatalf("encoded %s, %v", out, err)
	}
	for bad, path := range map[string]string{
		`{"setting":"x"}`:                                 "$.setting",
		`{"setting":1,"level":2.5}`:                       "$.level",
		`{"setting":1,"levels":[0,"a"]}`:                  "$.levels[1]",
		`{"setting":1,"mode":true}`:                       "$.mode",
		`{"setting":1,"level":"ignored: not an integer"}`: "$.level",
	} {
		var c Config
		err := json.Unmarshal([]byte(bad), &c)
		if err == nil || !strings.HasPrefix(err.Error(), path+": ") {
			t.Errorf("%s: %v, want an error at %s", bad, err, path)
		}
	}
}

// TestMixedEnumInUnion: an untagged union chooses the enum by the value's
// kind.
func TestMixedEnumInUnion(t *testing.T) {
	for _, doc := range []string{`1`, `"one"`, `null`, `{"n":1}`} {
		var c Choice
		if err := json.Unmarshal([]byte(doc), &c); err != nil {
			t.Errorf("%s: %v", doc, err)
			continue
		}
		if out, err := json.Marshal(c); err != nil || string(out) != doc {
			t.Errorf("%s: encoded %s, %v", doc, out, err)
		}
	}
	var c Choice
	if err := json.Unmarshal([]byte(`"two"`), &c); err == nil {
		t.Error(`"two" decoded`)
	}
}

// TestCompoundEnumMembers: arrays and objects match by JSON value (member
// order and number spelling aside) and encode as the schema writes them.
func TestCompoundEnumMembers(t *testing.T) {
	for in, out := range map[string]string{
		`[1.0, 2]`:                  `[1,2]`,
		`{"b": [true], "a": 10e-1}`: `{"a":1,"b":[true]}`,
		`[]`:                        `[]`,
		`"x"`:                       `"x"`,
	} {
		var s Shape
		if err := json.Unmarshal([]byte(in), &s); err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		if got, err := json.Marshal(s); err != nil || string(got) != out {
			t.Errorf("%s: encoded %s, %v", in, got, err)
		}
	}
	for _, bad := range []string{`[2, 1]`, `[1, 2, 3]`, `{"a": 1}`, `{"a": 1, "b": [1]}`, `{}`, `[[]]`} {
		var s Shape
		if err := json.Unmarshal([]byte(bad), &s); err == nil || !strings.Contains(err.Error(), "Shape: unknown value") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}
