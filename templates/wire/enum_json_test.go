package wire

import "testing"

func TestWireNumberKey(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"1", "1e0"}, {"1.0", "1e0"}, {"10e-1", "1e0"}, {"1E0", "1e0"}, {"0.1e1", "1e0"},
		{"0", "0"}, {"-0", "0"}, {"0.000", "0"}, {"-0e5", "0"},
		{"100", "1e2"}, {"1e2", "1e2"}, {"1E+2", "1e2"},
		{"-1.5", "-15e-1"}, {"0.0075", "75e-4"}, {"007.50", "75e-1"},
		{"123456789012345678901234567890", "12345678901234567890123456789e1"},
	} {
		got, ok := wireNumberKey(c.in)
		if !ok || got != c.want {
			t.Errorf("%s: %q %v, want %q", c.in, got, ok, c.want)
		}
	}
	for _, huge := range []string{"1e1000000000000000000", "1e-9999999999999999", "1e1000000000000001"} {
		if _, ok := wireNumberKey(huge); ok {
			t.Errorf("%s: in range", huge)
		}
	}
}

func TestWireEnumKey(t *testing.T) {
	for _, c := range []struct{ in, key, text string }{
		{` "a\u0062" `, "sab", `"a\u0062"`},
		{`1.50`, "n15e-1", `1.50`},
		{`true`, "true", `true`},
		{`false`, "false", `false`},
		{` null`, "null", `null`},
		{`{"b":[1.0,"\u00e9"],"a":null}`, `j{"a":null,"b":[1e0,"é"]}`, `{"b":[1.0,"\u00e9"],"a":null}`},
		{`[true, {}, []]`, `j[true,{},[]]`, `[true, {}, []]`},
		{`[1e99999999999999999999]`, "", `[1e99999999999999999999]`},
		{`1e99999999999999999999`, "", `1e99999999999999999999`},
	} {
		r := Reader{data: []byte(c.in)}
		key, text, err := EnumKey(&r)
		if err != nil || key != c.key || string(text) != c.text {
			t.Errorf("%s: key %q text %s err %v", c.in, key, text, err)
		}
	}
	for _, bad := range []string{`tru`, `"a`, `-`, `{"a":}`} {
		r := Reader{data: []byte(bad)}
		if _, _, err := EnumKey(&r); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

func TestWireAppendEnumJSON(t *testing.T) {
	if out, err := AppendEnumJSON(nil, "1.5", true, "T"); err != nil || string(out) != "1.5" {
		t.Errorf("%s %v", out, err)
	}
	if _, err := AppendEnumJSON(nil, "", false, "T"); err == nil || err.Error() != `$: T: "" is not one of its values` {
		t.Errorf("%v", err)
	}
}
