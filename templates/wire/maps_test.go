package wire

import (
	"errors"
	"regexp"
	"strings"
	"testing"
)

func testRoutes(extra bool) *MemberRoutes {
	t := &MemberRoutes{
		Declared: []string{"name", "x-count"},
		Patterns: []func(string) (bool, error){
			MatchRE2(regexp.MustCompile(`^x-`)),
			MatchRE2(regexp.MustCompile(`^x|^y`)),
			func(s string) (bool, error) {
				if s == "boom" {
					return false, errors.New("match timeout")
				}
				return false, nil
			},
		},
		Maps: []string{"Matching1", "Matching2", "Matching3"},
	}
	if extra {
		t.Maps = append(t.Maps, "Extra")
	}
	return t
}

func TestWireMemberRoutes(t *testing.T) {
	for _, c := range []struct {
		name  string
		extra bool
		want  int
	}{
		{"name", true, RouteOther},
		{"x-count", true, RouteOther},
		{"x-a", true, 0},
		{"xa", true, 1}, // the first pattern that matches
		{"y", true, 1},
		{"z", true, 3},
		{"z", false, RouteOther},
	} {
		got, err := testRoutes(c.extra).Route([]byte(c.name), nil)
		if err != nil || got != c.want {
			t.Errorf("%s (extra %v): %d %v, want %d", c.name, c.extra, got, err, c.want)
		}
	}
	if _, err := testRoutes(true).Route([]byte("boom"), nil); err == nil || !strings.Contains(err.Error(), `matching member name "boom": match timeout`) {
		t.Errorf("pattern error: %v", err)
	}
	// A name the caller's known set claims (a union's tag) is its, once.
	var known KnownSet
	known.Extend(nil, Known{Tag: "x-tag"}, nil)
	routes := testRoutes(true)
	if got, err := routes.Route([]byte("x-tag"), &known); err != nil || got != wireRouteClaimed {
		t.Errorf("claimed: %d %v", got, err)
	}
	if _, err := routes.Route([]byte("x-tag"), &known); err == nil {
		t.Error("a claimed tag given twice is no error")
	}
	if !routes.Takes([]byte("z")) || routes.Takes([]byte("name")) || testRoutes(false).Takes([]byte("z")) {
		t.Error("takes")
	}
}

func TestWireDecodeMember(t *testing.T) {
	var m map[string]int64
	for _, key := range []string{"a", "b"} {
		r := Reader{data: []byte(`7`)}
		if err := DecodeMember(&m, []byte(key), &r, DecodeInt64); err != nil {
			t.Fatal(err)
		}
	}
	if len(m) != 2 || m["b"] != 7 {
		t.Fatalf("%v", m)
	}
	r := Reader{data: []byte(`8`)}
	if err := DecodeMember(&m, []byte("a"), &r, DecodeInt64); err == nil || !strings.Contains(err.Error(), `duplicate member "a"`) {
		t.Errorf("duplicate: %v", err)
	}
	r = Reader{data: []byte(`"s"`)}
	if err := DecodeMember(&m, []byte("c"), &r, DecodeInt64); err == nil {
		t.Error("a string decoded as an integer")
	}
}

func TestWireAppendRouted(t *testing.T) {
	routes := testRoutes(true)
	buf := []byte(`{"name":"n"`)
	out, err := AppendRouted(buf, 1, map[string]int64{"z2": 2, "z1": 1}, routes, 3, AppendInt64)
	if err != nil || string(out) != `{"name":"n","z1":1,"z2":2` {
		t.Fatalf("%s %v", out, err)
	}
	out, err = AppendRouted([]byte(`{`), 1, map[string]int64{"a": 1}, routes, 3, AppendInt64)
	if err != nil || string(out) != `{"a":1` {
		t.Fatalf("first member: %s %v", out, err)
	}
	for key, want := range map[string]string{
		"x-a":  `$["x-a"]: decoding would put this member in Matching1, not in Extra`,
		"name": `$.name: decoding would put this member in its field, not in Extra`,
	} {
		if _, err := AppendRouted(nil, 0, map[string]int64{key: 1}, routes, 3, AppendInt64); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", key, err, want)
		}
	}
	if _, err := AppendRouted(nil, 0, map[string]int64{"q": 1}, testRoutes(false), 0, AppendInt64); err == nil || !strings.Contains(err.Error(), "in no map, not in Matching1") {
		t.Errorf("no map: %v", err)
	}
}
