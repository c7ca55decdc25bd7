//go:build goexperiment.jsonv2 && go1.27

package wire

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
)

// MarshalJSONTo is MarshalJSON for encoding/json/v2 (wire_jsonv2.go): the
// value is encoded with the encoder's own options, as MarshalJSON's
// json.Marshal does with encoding/json's.
func (p Patch[T]) MarshalJSONTo(enc *jsontext.Encoder) error {
	if p.state != wirePatchSet {
		return enc.WriteToken(jsontext.Null)
	}
	return jsonv2.MarshalEncode(enc, &p.value)
}

// UnmarshalJSONFrom is UnmarshalJSON for encoding/json/v2: null clears,
// anything else is a new value, decoded with the decoder's options. A
// value that fails to decode leaves p as it was.
func (p *Patch[T]) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	if dec.PeekKind() == 'n' {
		if _, err := dec.ReadToken(); err != nil {
			return err
		}
		*p = PatchClear[T]()
		return nil
	}
	var v T
	if err := jsonv2.UnmarshalDecode(dec, &v); err != nil {
		return err
	}
	*p = PatchTo(v)
	return nil
}
