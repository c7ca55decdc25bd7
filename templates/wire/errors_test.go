package wire

import (
	"errors"
	"testing"
)

func TestErrorRendering(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{&DecodeError{Path: "$", Msg: "boom"}, "$: boom"},
		{&DecodeError{Msg: "boom"}, "$: boom"},
		{&DecodeError{Path: "$.a[1]", Msg: "boom"}, "$.a[1]: boom"},
		{&EncodeError{Path: "$", Msg: "boom"}, "$: boom"},
		{&EncodeError{Msg: "boom"}, "$: boom"},
		{Errorf("expected %s, got %s", "string", "number"), "$: expected string, got number"},
		{EncodeErrorf("no variant of %s set", "U"), "$: no variant of U set"},
		{Missing("name"), `$: missing required property "name"`},
		{Missing(`a"b`), `$: missing required property "a\"b"`},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
	var de *DecodeError
	if !errors.As(Errorf("x"), &de) || de.Path != "$" || de.Msg != "x" {
		t.Errorf("Errorf did not return a root *DecodeError: %#v", de)
	}
	var ee *EncodeError
	if !errors.As(EncodeErrorf("x"), &ee) || ee.Path != "$" {
		t.Errorf("EncodeErrorf did not return a root *EncodeError")
	}
}

func TestAtKeyAndIndex(t *testing.T) {
	leaf := func() error { return Errorf("expected string, got number") }
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"key on root", AtKey(leaf(), "text"), "$.text: expected string, got number"},
		{"nested", AtKey(AtKey(AtIndex(AtKey(leaf(), "text"), 2), "content"), "update"),
			"$.update.content[2].text: expected string, got number"},
		{"priority", AtKey(AtIndex(AtKey(Errorf("expected string, got number"), "priority"), 1), "entries"),
			"$.entries[1].priority: expected string, got number"},
		{"odd key", AtKey(leaf(), "a b"), `$["a b"]: expected string, got number`},
		{"odd key nested", AtKey(AtKey(leaf(), "x"), "a b"), `$["a b"].x: expected string, got number`},
		{"quoted key", AtKey(leaf(), `a"b`), `$["a\"b"]: expected string, got number`},
		{"control key", AtKey(leaf(), "a\nb"), `$["a\nb"]: expected string, got number`},
		{"empty key", AtKey(leaf(), ""), `$[""]: expected string, got number`},
		{"digit first", AtKey(leaf(), "1a"), `$["1a"]: expected string, got number`},
		{"underscore", AtKey(leaf(), "_meta"), `$._meta: expected string, got number`},
		{"dash", AtKey(leaf(), "a-b"), `$["a-b"]: expected string, got number`},
		{"unicode key", AtKey(leaf(), "é"), `$["é"]: expected string, got number`},
		{"long odd key", AtKey(leaf(), "a very long key with spaces that does not fit in sixty four bytes of buffer"),
			`$["a very long key with spaces that does not fit in sixty four bytes of buffer"]: expected string, got number`},
		{"index on root", AtIndex(leaf(), 0), "$[0]: expected string, got number"},
		{"index index", AtIndex(AtIndex(leaf(), 12), 3), "$[3][12]: expected string, got number"},
		{"empty path", AtKey(&DecodeError{Msg: "m"}, "k"), "$.k: m"},
		{"foreign error", AtKey(errors.New("custom failure"), "k"), "$.k: custom failure"},
		{"foreign error index", AtIndex(errors.New("custom failure"), 7), "$[7]: custom failure"},
		{"encode error", AtIndex(AtKey(EncodeErrorf("unsupported float value NaN"), "x"), 4),
			"$[4].x: unsupported float value NaN"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
	if AtKey(nil, "k") != nil || AtIndex(nil, 1) != nil {
		t.Error("nil error must stay nil")
	}
	var ee *EncodeError
	if !errors.As(AtKey(EncodeErrorf("x"), "k"), &ee) {
		t.Error("AtKey must keep an *EncodeError an *EncodeError")
	}
	var de *DecodeError
	if !errors.As(AtKey(errors.New("x"), "k"), &de) || de.Msg != "x" || de.Path != "$.k" {
		t.Errorf("foreign error not wrapped into *DecodeError: %#v", de)
	}
}

func TestAtKeyAllocs(t *testing.T) {
	err := &DecodeError{Path: "$.a", Msg: "m"}
	for _, key := range []string{"plain", "odd key"} {
		n := testing.AllocsPerRun(100, func() {
			err.Path = "$.a"
			_ = AtKey(err, key)
		})
		if n > 1 {
			t.Errorf("AtKey(%q) allocates %v times, want <= 1", key, n)
		}
	}
	n := testing.AllocsPerRun(100, func() {
		err.Path = "$.a"
		_ = AtIndex(err, 42)
	})
	if n > 1 {
		t.Errorf("AtIndex allocates %v times, want <= 1", n)
	}
}
