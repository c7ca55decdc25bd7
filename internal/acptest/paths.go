package acptest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
)

// A Path is one way a program encodes and decodes generated values: the
// package's own functions, encoding/json, or encoding/json/v2 (Go 1.27 and
// later, paths_jsonv2.go). The semantics tests run through every path
// (RunPaths); the shared checks of this package encode and decode through
// Unmarshal and Marshal, which follow the path being run.
type Path struct {
	Name      string
	Unmarshal func(data []byte, v any) error // v is a pointer to a generated type
	Marshal   func(v any) ([]byte, error)
	// Rewrite is what the library makes of JSON text the generated code
	// writes, where it is not that text byte for byte (nil: it is).
	Rewrite func(string) string
}

// JSON is encoding/json called on the value itself: what the tests do
// outside RunPaths.
var JSON = Path{Name: "json", Unmarshal: json.Unmarshal, Marshal: json.Marshal}

// current is the path the tests run through; RunPaths sets it and
// inPaths. Tests that use it do not run in parallel.
var (
	current = JSON
	inPaths bool
)

// Unmarshal decodes data into v through the current path.
func Unmarshal(data []byte, v any) error { return current.Unmarshal(data, v) }

// Marshal encodes v through the current path.
func Marshal(v any) ([]byte, error) { return current.Marshal(v) }

// AsWritten is the text Marshal gives for a value that the generated code
// writes as s: s itself, except through encoding/json/v2, whose encoder
// rewrites the escapes in strings to its own minimal form (a raw value
// kept byte for byte comes out as json/v2 spells it).
func AsWritten(s string) string {
	if current.Rewrite == nil {
		return s
	}
	return current.Rewrite(s)
}

// Paths are the paths of a generated package whose Marshal is marshal: its
// methods (UnmarshalJSON, and marshal), encoding/json on the value inside
// a user's struct, and, where the toolchain has it, encoding/json/v2 the
// same way.
func Paths(marshal func(any) ([]byte, error)) []Path {
	methods := Path{Name: "methods", Unmarshal: func(data []byte, v any) error {
		u, ok := v.(json.Unmarshaler)
		if !ok {
			return fmt.Errorf("%T does not implement json.Unmarshaler", v)
		}
		return u.UnmarshalJSON(data)
	}, Marshal: marshal}
	paths := []Path{methods, InStruct("json-in-struct", json.Unmarshal, json.Marshal)}
	return append(paths, jsonV2Paths()...)
}

// A Test is a test function run through each path.
type Test struct {
	Name string
	Run  func(*testing.T)
}

// RunPaths runs each test as the subtest PATH/NAME for each path, with
// Unmarshal and Marshal following the path.
func RunPaths(t *testing.T, paths []Path, tests []Test) {
	for _, p := range paths {
		t.Run(p.Name, func(t *testing.T) {
			saved := current
			current, inPaths = p, true
			defer func() { current, inPaths = saved, false }()
			for _, test := range tests {
				t.Run(test.Name, test.Run)
			}
		})
	}
}

// inStructName is the member that holds the value in InStruct's struct.
const inStructName = "v"

// InStruct is the path through a library's Unmarshal and Marshal on a
// user's struct that holds the value in a field, as a session log would:
// the value is wrapped in {"v": ...} to decode and unwrapped after
// encoding. It is what the library does with the generated methods (and
// the error paths it reports) inside other values, which calling it on
// the value itself does not show.
func InStruct(name string, unmarshal func([]byte, any) error, marshal func(any) ([]byte, error)) Path {
	return Path{Name: name, Unmarshal: func(data []byte, v any) error {
		ptr := reflect.ValueOf(v)
		if ptr.Kind() != reflect.Pointer || ptr.IsNil() {
			return fmt.Errorf("cannot decode into %T: not a non-nil pointer", v)
		}
		holder := reflect.New(holderType(ptr.Type().Elem()))
		wrapped := append(append([]byte(`{"`+inStructName+`":`), data...), '}')
		err := unmarshal(wrapped, holder.Interface())
		ptr.Elem().Set(holder.Elem().Field(0))
		return err
	}, Marshal: func(v any) ([]byte, error) {
		if v == nil {
			return marshal(v)
		}
		holder := reflect.New(holderType(reflect.TypeOf(v))).Elem()
		holder.Field(0).Set(reflect.ValueOf(v))
		out, err := marshal(holder.Interface())
		if err != nil {
			return nil, err
		}
		inner, ok := bytes.CutPrefix(out, []byte(`{"`+inStructName+`":`))
		if !ok || !bytes.HasSuffix(inner, []byte("}")) {
			return nil, fmt.Errorf("%s: the holder of %T encoded as %s", name, v, out)
		}
		return inner[:len(inner)-1], nil
	}}
}

// holderType is struct { V T `json:"v"` }.
func holderType(t reflect.Type) reflect.Type {
	return reflect.StructOf([]reflect.StructField{{Name: "V", Type: t, Tag: `json:"` + inStructName + `"`}})
}
