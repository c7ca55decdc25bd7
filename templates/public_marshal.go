package templates

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/acpgen/acpgen/templates/wire"
)

// wireAppender is implemented by (pointers to) every generated type.
type wireAppender interface {
	appendJSON([]byte) ([]byte, error)
}

// Marshal returns the JSON encoding of v, a value of a type of this
// package or a pointer to one, also when it is held in an interface (the
// any a method table returns, a union's variant): the same JSON as
// json.Marshal (which additionally escapes <, > and & in strings), without
// encoding/json's second pass, which re-validates and compacts whatever
// MarshalJSON returns and is most of json.Marshal's time for these types.
// Anything else, and a nil pointer, is an *EncodeError.
func Marshal(v any) ([]byte, error) {
	if a, ok := v.(wireAppender); ok && !wireIsNilPointer(v) {
		return wire.Marshal(a.appendJSON)
	}
	return AppendJSON(nil, v)
}

// AppendJSON appends the JSON encoding of v (as for Marshal) to dst: with
// a reused dst and a pointer, encoding does not allocate. Unlike append,
// it may write into dst's spare capacity beyond the returned length (the
// string encoder stores whole words ahead of its output), so do not keep
// other data there.
func AppendJSON(dst []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
	case wireAppender:
		if !wireIsNilPointer(v) {
			out, err := x.appendJSON(dst)
			return out, wire.FinishPath(err)
		}
	case json.Marshaler:
		// A value, not a pointer: its MarshalJSON encodes a copy.
		data, err := x.MarshalJSON()
		if err != nil {
			return dst, err
		}
		return append(dst, data...), nil
	}
	return dst, &EncodeError{Path: "$", Msg: fmt.Sprintf("cannot encode %T: not a value of this package or a non-nil pointer to one", v)}
}

// wireIsNilPointer reports whether v holds a nil pointer.
func wireIsNilPointer(v any) bool {
	r := reflect.ValueOf(v)
	return r.Kind() == reflect.Pointer && r.IsNil()
}

// Ptr returns a pointer to a copy of v: the value of an optional field in
// one expression (Ptr("main"), Ptr(int64(3))).
func Ptr[T any](v T) *T { return &v }
