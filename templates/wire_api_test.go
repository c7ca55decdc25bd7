package templates

import "encoding/json"

// These assignments pin every signature the generator relies on: changing
// one breaks the build here rather than in generated code.
var (
	_ func(string, ...any) error                                                           = wireErrorf
	_ func(string, ...any) error                                                           = wireEncodeErrorf
	_ func(error, string) error                                                            = wireAtKey
	_ func(error, int) error                                                               = wireAtIndex
	_ func(string) error                                                                   = wireMissing
	_ func([]byte) byte                                                                    = wireKind
	_ func([]byte) bool                                                                    = wireIsNull
	_ func(*wireReader) (wireObjectIter, error)                                            = wireObjectAt
	_ func(*wireObjectIter, *wireReader) bool                                              = (*wireObjectIter).next
	_ func(*wireReader) (wireArrayIter, error)                                             = wireArrayAt
	_ func(*wireArrayIter, *wireReader) bool                                               = (*wireArrayIter).next
	_ func([]byte, string) ([]byte, bool, error)                                           = wireMember
	_ func([]byte, []string) (uint64, error)                                               = wireHasMembers
	_ func(*wireReader) ([]byte, error)                                                    = wireStringBytes
	_ func(*string, *wireReader) error                                                     = wireDecodeString
	_ func(*bool, *wireReader) error                                                       = wireDecodeBool
	_ func(*int32, *wireReader) error                                                      = wireDecodeInt32
	_ func(*int64, *wireReader) error                                                      = wireDecodeInt64
	_ func(*uint16, *wireReader) error                                                     = wireDecodeUint16
	_ func(*uint32, *wireReader) error                                                     = wireDecodeUint32
	_ func(*uint64, *wireReader) error                                                     = wireDecodeUint64
	_ func(*float64, *wireReader) error                                                    = wireDecodeFloat64
	_ func(*json.RawMessage, *wireReader) error                                            = wireDecodeRaw
	_ func(*json.RawMessage, *wireReader) error                                            = wireDecodeRawObject
	_ func(*wireReader) error                                                              = wireDecodeNull
	_ func(**int32, *wireReader, func(*int32, *wireReader) error) error                    = wireDecodePtr[int32]
	_ func(*[]string, *wireReader, bool, func(*string, *wireReader) error) error           = wireDecodeSlice[string]
	_ func(*map[string]bool, *wireReader, func(*bool, *wireReader) error) error            = wireDecodeMap[bool]
	_ func(*string, []byte) ([]byte, error)                                                = wireAppendString
	_ func(*bool, []byte) ([]byte, error)                                                  = wireAppendBool
	_ func(*int32, []byte) ([]byte, error)                                                 = wireAppendInt32
	_ func(*int64, []byte) ([]byte, error)                                                 = wireAppendInt64
	_ func(*uint16, []byte) ([]byte, error)                                                = wireAppendUint16
	_ func(*uint32, []byte) ([]byte, error)                                                = wireAppendUint32
	_ func(*uint64, []byte) ([]byte, error)                                                = wireAppendUint64
	_ func(*float64, []byte) ([]byte, error)                                               = wireAppendFloat64
	_ func(*json.RawMessage, []byte) ([]byte, error)                                       = wireAppendRaw
	_ func([]byte, string) []byte                                                          = wireAppendQuoted
	_ func([]byte, int) []byte                                                             = wireComma
	_ func([]byte, []string, func(*string, []byte) ([]byte, error)) ([]byte, error)        = wireAppendSlice[string]
	_ func([]byte, map[string]int64, func(*int64, []byte) ([]byte, error)) ([]byte, error) = wireAppendMap[int64]
	_ func([]byte, int, map[string]json.RawMessage) ([]byte, error)                        = wireAppendExtra
	_ func(*wireReader, string) (wireTagValue, bool, error)                                = wireMemberAt
	_ func(*wireReader, *wireKnownSet, string) (wireTagValue, bool, error)                 = wireTagMember
	_ func(wireTagValue) ([]byte, error)                                                   = wireTagString
	_ func(wireTagValue) bool                                                              = wireTagValue.isNull
	_ func(*wireKnownSet, *wireKnownSet, wireKnown, *UnknownMembers)                       = (*wireKnownSet).extend
	_ func(*wireReader) error                                                              = (*wireReader).skip
	_ func(*wireReader) bool                                                               = (*wireReader).null
	_ func(*wireReader) byte                                                               = (*wireReader).kind
	_ func(*wireReader) ([]byte, error)                                                    = (*wireReader).span
	_ func(*wireReader) wireMark                                                           = (*wireReader).mark
	_ func(*wireReader, wireMark)                                                          = (*wireReader).reset
	_ func(*wireReader, string) error                                                      = (*wireReader).kindError
	_ func(*string, []byte, func(*string, *wireReader) error) error                        = wireUnmarshalWith[string]
	_ func([]byte, wireDecoder) error                                                      = wireUnmarshal
	_ error                                                                                = (*DecodeError)(nil)
	_ error                                                                                = (*EncodeError)(nil)
)

// wireTestIterFields pins the iterator fields that generated code reads.
func wireTestIterFields(o *wireObjectIter, a *wireArrayIter, r *wireReader) (key []byte, index int, errs [2]error, depth int) {
	return o.key, a.index, [2]error{o.err, a.err}, r.depth
}

var _ = wireTestIterFields
