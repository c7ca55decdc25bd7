package acptest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"runtime/debug"
	"sort"
	"strings"
	"testing"
)

// Registry maps a schema definition name to a constructor returning a
// pointer to a fresh zero value of the Go type generated for it.
type Registry map[string]func() any

// New returns a fresh pointer for the type called name, failing the test
// when the registry does not know it.
func (r Registry) New(t testing.TB, name string) any {
	t.Helper()
	f, ok := r[name]
	if !ok {
		t.Fatalf("registry has no type %q: add it to the test's registry", name)
	}
	return f()
}

// Decode calls v's UnmarshalJSON directly, without the syntax pre-check
// encoding/json does, so malformed input reaches the generated decoder.
// A panic is turned into an error that says so.
func Decode(v any, data []byte) (err error) {
	u, ok := v.(json.Unmarshaler)
	if !ok {
		return fmt.Errorf("%T does not implement json.Unmarshaler", v)
	}
	defer func() {
		if r := recover(); r != nil {
			err = &PanicError{Value: r, Stack: string(debug.Stack())}
		}
	}()
	return u.UnmarshalJSON(data)
}

// PanicError is what Decode returns when the decoder panicked.
type PanicError struct {
	Value any
	Stack string
}

func (e *PanicError) Error() string { return fmt.Sprintf("panic: %v\n%s", e.Value, e.Stack) }

// RunRoundTrip checks every fixture: it validates against its schema
// definition, decodes into its Go type with encoding/json, re-encodes to
// a JSON-equal value that also validates, and re-encoding the re-decoded
// output is byte-stable.
func RunRoundTrip(t *testing.T, s *Schema, fixtures []Fixture, reg Registry) {
	for _, f := range fixtures {
		t.Run(f.Name, func(t *testing.T) {
			if err := s.Validate(f.Type, f.JSON); err != nil {
				t.Errorf("fixture does not validate against #/$defs/%s:\n%v", f.Type, err)
			}
			v := reg.New(t, f.Type)
			if err := Unmarshal(f.JSON, v); err != nil {
				t.Fatalf("decode %s: %v\ninput: %s", f.Type, err, Compact(f.JSON))
			}
			out, err := Marshal(v)
			if err != nil {
				t.Fatalf("encode %s: %v", f.Type, err)
			}
			if d := JSONDiff(f.JSON, out); d != "" {
				t.Errorf("round trip changed the value (first = input, second = output):\n%s\ninput:  %s\noutput: %s", d, Compact(f.JSON), out)
			}
			if err := s.Validate(f.Type, out); err != nil {
				t.Errorf("encoded output does not validate against #/$defs/%s:\n%v\noutput: %s", f.Type, err, out)
			}
			v2 := reg.New(t, f.Type)
			if err := Unmarshal(out, v2); err != nil {
				t.Fatalf("decode of own output: %v\noutput: %s", err, out)
			}
			out2, err := Marshal(v2)
			if err != nil {
				t.Fatalf("re-encode: %v", err)
			}
			if !bytes.Equal(out, out2) {
				t.Errorf("encoding is not stable:\nfirst:  %s\nsecond: %s", out, out2)
			}
		})
	}
}

// RunCoverage fails listing every union/enum definition (top-level anyOf
// or oneOf, including structs with a flattened union) that has no
// fixture of its own type.
func RunCoverage(t *testing.T, s *Schema, fixtures []Fixture) {
	by := ByType(fixtures)
	var missing []string
	for _, name := range s.UnionDefs() {
		if len(by[name]) == 0 {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d union/enum definitions of %s have no fixture:\n  %s", len(missing), s.Path, strings.Join(missing, "\n  "))
	}
}

// VariantName returns the dynamic Go type name (without package) held by
// a union pointer: the Value field, or Union.Value for a struct with a
// flattened union. "" if v has neither.
func VariantName(v any) string {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer {
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Struct {
		return ""
	}
	f := rv.FieldByName("Value")
	if !f.IsValid() {
		if vf := rv.FieldByName("Union"); vf.IsValid() {
			f = vf.FieldByName("Value")
		}
	}
	if !f.IsValid() || f.Kind() != reflect.Interface || f.IsNil() {
		return ""
	}
	t := f.Elem().Type()
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Name()
}

// RunVariantCoverage checks that, for each union in want, the fixtures of
// that type decode into every listed variant (Go type names).
func RunVariantCoverage(t *testing.T, fixtures []Fixture, reg Registry, want map[string][]string) {
	by := ByType(fixtures)
	names := make([]string, 0, len(want))
	for n := range want {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, union := range names {
		t.Run(union, func(t *testing.T) {
			seen := map[string]bool{}
			for _, f := range by[union] {
				v := reg.New(t, union)
				if err := Unmarshal(f.JSON, v); err != nil {
					continue // reported by the round-trip test
				}
				seen[VariantName(v)] = true
			}
			var missing []string
			for _, variant := range want[union] {
				if !seen[variant] {
					missing = append(missing, variant)
				}
			}
			if len(missing) > 0 {
				t.Errorf("no %s fixture decodes to: %s", union, strings.Join(missing, ", "))
			}
		})
	}
}

// RunTruncation decodes every fixture cut at every byte offset (and, for
// good measure, with each byte replaced by a few troublesome ones),
// calling the generated UnmarshalJSON directly. It must never panic, and
// must report an error whenever the input is not valid JSON.
func RunTruncation(t *testing.T, fixtures []Fixture, reg Registry) {
	for _, f := range fixtures {
		t.Run(f.Name, func(t *testing.T) {
			fails := 0
			check := func(what string, data []byte) {
				if fails >= 5 {
					return
				}
				v := reg.New(t, f.Type)
				err := Decode(v, data)
				if _, ok := err.(*PanicError); ok {
					fails++
					t.Errorf("%s: decoder panicked on %q:\n%v", what, data, err)
					return
				}
				if err == nil && !json.Valid(data) {
					fails++
					t.Errorf("%s: invalid JSON %q decoded without error", what, data)
				}
			}
			for i := 0; i < len(f.JSON); i++ {
				check(fmt.Sprintf("truncated at %d", i), f.JSON[:i])
			}
			buf := make([]byte, len(f.JSON))
			for i := 0; i < len(f.JSON); i++ {
				for _, c := range []byte{'"', '{', ']', '\\', 0xff} {
					copy(buf, f.JSON)
					buf[i] = c
					check(fmt.Sprintf("byte %d set to %q", i, c), buf)
				}
			}
		})
	}
}

type knower interface{ IsKnown() bool }
type extender interface{ IsExtension() bool }

// RunEnums checks every enum definition of the schema against its Go
// type: each const decodes, IsKnown, and re-encodes to itself; a value of
// the wrong JSON kind is an error; an unknown value is kept (IsKnown
// false, IsExtension for "_" values) when the enum is open, and is an
// error naming the value and the known values when it is closed.
func RunEnums(t *testing.T, s *Schema, reg Registry) {
	for _, e := range s.Enums() {
		t.Run(e.Name, func(t *testing.T) {
			for _, val := range e.Values {
				v := reg.New(t, e.Name)
				if err := Decode(v, []byte(val)); err != nil {
					t.Errorf("known value %s: %v", val, err)
					continue
				}
				if k, ok := v.(knower); !ok {
					t.Errorf("%T has no IsKnown method", v)
				} else if !k.IsKnown() {
					t.Errorf("known value %s: IsKnown() = false", val)
				}
				if x, ok := v.(extender); ok && x.IsExtension() {
					t.Errorf("known value %s: IsExtension() = true", val)
				}
				out, err := Marshal(v)
				if err != nil || string(out) != val {
					t.Errorf("known value %s re-encodes as %s (err %v)", val, out, err)
				}
			}
			wrongKind := `true`
			unknowns := []string{`"_acme_custom"`, `"future_value"`}
			if e.Type == "integer" {
				unknowns = []string{`424242`, `-1`}
				wrongKind = `"-32700"`
			}
			if err := Decode(reg.New(t, e.Name), []byte(wrongKind)); err == nil {
				t.Errorf("value of the wrong kind %s decoded without error", wrongKind)
			}
			for _, u := range unknowns {
				v := reg.New(t, e.Name)
				err := Decode(v, []byte(u))
				if !e.Open {
					if err == nil {
						t.Errorf("closed enum accepted unknown value %s", u)
						continue
					}
					msg := err.Error()
					if !strings.Contains(msg, strings.Trim(u, `"`)) || !strings.Contains(msg, e.Values[0]) {
						t.Errorf("closed enum error for %s should name the value and the known values, got: %v", u, err)
					}
					continue
				}
				if err != nil {
					t.Errorf("open enum rejected unknown value %s: %v", u, err)
					continue
				}
				if k, ok := v.(knower); ok && k.IsKnown() {
					t.Errorf("unknown value %s: IsKnown() = true", u)
				}
				if e.Type == "string" {
					x, ok := v.(extender)
					if !ok {
						t.Errorf("open string enum %T has no IsExtension method", v)
					} else if want := strings.HasPrefix(u, `"_`); x.IsExtension() != want {
						t.Errorf("unknown value %s: IsExtension() = %v, want %v", u, x.IsExtension(), want)
					}
				}
				out, err := Marshal(v)
				if err != nil || string(out) != u {
					t.Errorf("unknown value %s re-encodes as %s (err %v)", u, out, err)
				}
			}
		})
	}
}
