//go:build goexperiment.jsonv2 && go1.27

package wire

import (
	"encoding/json"
	"encoding/json/jsontext"
)

// The signatures the generated MarshalJSONTo and UnmarshalJSONFrom rely
// on (see api_test.go).
var (
	_ func(*jsontext.Encoder, func([]byte) ([]byte, error)) error = MarshalTo
	_ func(*jsontext.Decoder, json.Unmarshaler) error             = UnmarshalFrom
)
