//go:build goexperiment.jsonv2 && go1.27

package templates

import (
	"encoding/json"
	"encoding/json/jsontext"
)

// The signatures the generated MarshalJSONTo and UnmarshalJSONFrom rely
// on (see wire_api_test.go).
var (
	_ func(*jsontext.Encoder, wireAppender) error     = wireMarshalTo
	_ func(*jsontext.Decoder, json.Unmarshaler) error = wireUnmarshalFrom
)
