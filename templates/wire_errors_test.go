package templates

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
		{wireErrorf("expected %s, got %s", "string", "number"), "$: expected string, got number"},
		{wireEncodeErrorf("no variant of %s set", "U"), "$: no variant of U set"},
		{wireMissing("name"), `$: missing required property "name"`},
		{wireMissing(`a"b`), `$: missing required property "a\"b"`},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
	var de *DecodeError
	if !errors.As(wireErrorf("x"), &de) || de.Path != "$" || de.Msg != "x" {
		t.Errorf("wireErrorf did not return a root *DecodeError: %#v", de)
	}
	var ee *EncodeError
	if !errors.As(wireEncodeErrorf("x"), &ee) || ee.Path != "$" {
		t.Errorf("wireEncodeErrorf did not return a root *EncodeError")
	}
}

func TestAtKeyAndIndex(t *testing.T) {
	leaf := func() error { return wireErrorf("expected string, got number") }
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"key on root", wireAtKey(leaf(), "text"), "$.text: expected string, got number"},
		{"nested", wireAtKey(wireAtKey(wireAtIndex(wireAtKey(leaf(), "text"), 2), "content"), "update"),
			"$.update.content[2].text: expected string, got number"},
		{"priority", wireAtKey(wireAtIndex(wireAtKey(wireErrorf("expected string, got number"), "priority"), 1), "entries"),
			"$.entries[1].priority: expected string, got number"},
		{"odd key", wireAtKey(leaf(), "a b"), `$["a b"]: expected string, got number`},
		{"odd key nested", wireAtKey(wireAtKey(leaf(), "x"), "a b"), `$["a b"].x: expected string, got number`},
		{"quoted key", wireAtKey(leaf(), `a"b`), `$["a\"b"]: expected string, got number`},
		{"control key", wireAtKey(leaf(), "a\nb"), `$["a\nb"]: expected string, got number`},
		{"empty key", wireAtKey(leaf(), ""), `$[""]: expected string, got number`},
		{"digit first", wireAtKey(leaf(), "1a"), `$["1a"]: expected string, got number`},
		{"underscore", wireAtKey(leaf(), "_meta"), `$._meta: expected string, got number`},
		{"dash", wireAtKey(leaf(), "a-b"), `$["a-b"]: expected string, got number`},
		{"unicode key", wireAtKey(leaf(), "é"), `$["é"]: expected string, got number`},
		{"long odd key", wireAtKey(leaf(), "a very long key with spaces that does not fit in sixty four bytes of buffer"),
			`$["a very long key with spaces that does not fit in sixty four bytes of buffer"]: expected string, got number`},
		{"index on root", wireAtIndex(leaf(), 0), "$[0]: expected string, got number"},
		{"index index", wireAtIndex(wireAtIndex(leaf(), 12), 3), "$[3][12]: expected string, got number"},
		{"empty path", wireAtKey(&DecodeError{Msg: "m"}, "k"), "$.k: m"},
		{"foreign error", wireAtKey(errors.New("custom failure"), "k"), "$.k: custom failure"},
		{"foreign error index", wireAtIndex(errors.New("custom failure"), 7), "$[7]: custom failure"},
		{"encode error", wireAtIndex(wireAtKey(wireEncodeErrorf("unsupported float value NaN"), "x"), 4),
			"$[4].x: unsupported float value NaN"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
	if wireAtKey(nil, "k") != nil || wireAtIndex(nil, 1) != nil {
		t.Error("nil error must stay nil")
	}
	var ee *EncodeError
	if !errors.As(wireAtKey(wireEncodeErrorf("x"), "k"), &ee) {
		t.Error("wireAtKey must keep an *EncodeError an *EncodeError")
	}
	var de *DecodeError
	if !errors.As(wireAtKey(errors.New("x"), "k"), &de) || de.Msg != "x" || de.Path != "$.k" {
		t.Errorf("foreign error not wrapped into *DecodeError: %#v", de)
	}
}

func TestAtKeyAllocs(t *testing.T) {
	err := &DecodeError{Path: "$.a", Msg: "m"}
	for _, key := range []string{"plain", "odd key"} {
		n := testing.AllocsPerRun(100, func() {
			err.Path = "$.a"
			_ = wireAtKey(err, key)
		})
		if n > 1 {
			t.Errorf("wireAtKey(%q) allocates %v times, want <= 1", key, n)
		}
	}
	n := testing.AllocsPerRun(100, func() {
		err.Path = "$.a"
		_ = wireAtIndex(err, 42)
	})
	if n > 1 {
		t.Errorf("wireAtIndex allocates %v times, want <= 1", n)
	}
}
