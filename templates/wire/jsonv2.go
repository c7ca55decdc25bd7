//go:build goexperiment.jsonv2 && go1.27

package wire

import (
	"encoding/json"
	"encoding/json/jsontext"
)

// From Go 1.27 encoding/json runs on encoding/json/v2, and both call a
// value's MarshalJSONTo and UnmarshalJSONFrom in preference to MarshalJSON
// and UnmarshalJSON. Every generated type has both pairs (the v2 pair in
// the *_jsonv2.go files, behind this file's build constraint), and the v2
// pair reaches this package's codec by the shortest public route jsontext
// offers. That route still validates what the codec writes and has the
// input read before the codec reads it: inside a user's struct a value
// costs three to four times what Marshal and UnmarshalJSON cost.

// MarshalTo is the body of every generated MarshalJSONTo: x is
// encoded into a pooled scratch buffer and handed to enc.WriteValue,
// which checks it and copies it into its own output in one pass. Unlike
// MarshalJSON, nothing is allocated for the result, and the buffer stays
// pooled when it grew (the encoder's AvailableBuffer would be dropped
// after each json.Marshal once it grew). The errors are MarshalJSON's.
func MarshalTo(enc *jsontext.Encoder, appendJSON func([]byte) ([]byte, error)) error {
	bp := Buffers.Get().(*[]byte)
	buf, err := appendJSON((*bp)[:0])
	if err != nil {
		Buffers.Put(bp) // *bp is still the buffer it was
		return FinishPath(err)
	}
	err = enc.WriteValue(buf)
	if cap(buf) <= MaxPooled {
		*bp = buf[:0]
	}
	Buffers.Put(bp)
	return err
}

// UnmarshalFrom is the body of every generated UnmarshalJSONFrom: the
// decoder reads the next value whole, without a copy (it is valid until
// the decoder's next read, and decoding copies what it keeps), and x's
// UnmarshalJSON decodes it. The decoder has checked the value's syntax
// with its own options: with encoding/json/v2's defaults a duplicate
// member name or invalid UTF-8 is its error (jsontext.ErrDuplicateName, a
// jsontext.SyntacticError) before x sees it; with encoding/json's, x
// reports them as UnmarshalJSON does.
func UnmarshalFrom(dec *jsontext.Decoder, x json.Unmarshaler) error {
	v, err := dec.ReadValue()
	if err != nil {
		return err
	}
	return x.UnmarshalJSON(v)
}
