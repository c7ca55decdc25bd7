//go:build goexperiment.jsonv2 && go1.27

package acptest

import (
	"errors"
	"fmt"

	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
)

// jsonV2Paths is encoding/json/v2, with its default options, on the value
// inside a user's struct: the generated MarshalJSONTo and UnmarshalJSONFrom.
func jsonV2Paths() []Path {
	p := InStruct("jsonv2-in-struct",
		func(data []byte, v any) error { return fromHolder(jsonv2.Unmarshal(data, v)) },
		func(v any) ([]byte, error) {
			out, err := jsonv2.Marshal(v)
			return out, fromHolder(err)
		})
	p.Rewrite = reformatted
	return []Path{p}
}

// reformatted is s as a jsontext.Encoder with default options writes it
// (Encoder.WriteValue, which the generated MarshalJSONTo calls); s that
// does not reformat is returned as it is, for the caller's check to fail.
func reformatted(s string) string {
	v := jsontext.Value(s)
	if err := v.Format(); err != nil {
		return s
	}
	return string(v)
}

// fromHolder returns the generated code's own error from the
// *jsonv2.SemanticError that encoding/json/v2 wraps a method's error in,
// after checking that the wrapper points at the holder's member: the
// user's struct says where the value is, the generated error where in the
// value it went wrong, so that the suite's checks of the generated errors
// apply unchanged. Other errors (the decoder's own syntax errors,
// duplicate names among them) are returned as they are.
func fromHolder(err error) error {
	var se *jsonv2.SemanticError
	if !errors.As(err, &se) || se.Err == nil {
		return err
	}
	if se.JSONPointer != "/"+inStructName {
		return fmt.Errorf("json/v2 placed the error at %q, not at the holder's member: %w", se.JSONPointer, err)
	}
	return se.Err
}
