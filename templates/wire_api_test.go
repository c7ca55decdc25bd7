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
	_ func([]byte) (wireObjectIter, error)                                                 = wireObject
	_ func(*wireObjectIter) bool                                                           = (*wireObjectIter).next
	_ func([]byte) (wireArrayIter, error)                                                  = wireArray
	_ func(*wireArrayIter) bool                                                            = (*wireArrayIter).next
	_ func([]byte, string) ([]byte, bool, error)                                           = wireMember
	_ func([]byte, []string) (uint64, error)                                               = wireHasMembers
	_ func([]byte) ([]byte, error)                                                         = wireStringBytes
	_ func(*string, []byte) error                                                          = wireDecodeString
	_ func(*bool, []byte) error                                                            = wireDecodeBool
	_ func(*int32, []byte) error                                                           = wireDecodeInt32
	_ func(*int64, []byte) error                                                           = wireDecodeInt64
	_ func(*uint16, []byte) error                                                          = wireDecodeUint16
	_ func(*uint32, []byte) error                                                          = wireDecodeUint32
	_ func(*uint64, []byte) error                                                          = wireDecodeUint64
	_ func(*float64, []byte) error                                                         = wireDecodeFloat64
	_ func(*json.RawMessage, []byte) error                                                 = wireDecodeRaw
	_ func(*json.RawMessage, []byte) error                                                 = wireDecodeRawObject
	_ func([]byte) error                                                                   = wireDecodeNull
	_ func(**int32, []byte, func(*int32, []byte) error) error                              = wireDecodePtr[int32]
	_ func(*[]string, []byte, bool, func(*string, []byte) error) error                     = wireDecodeSlice[string]
	_ func(*map[string]bool, []byte, func(*bool, []byte) error) error                      = wireDecodeMap[bool]
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
	_ func([]byte, int, map[string]json.RawMessage) []byte                                 = wireAppendExtra
	_ error                                                                                = (*DecodeError)(nil)
	_ error                                                                                = (*EncodeError)(nil)
)

// wireTestIterFields pins the iterator fields that generated code reads.
func wireTestIterFields(o *wireObjectIter, a *wireArrayIter) (key, value, item []byte, index int, errs [2]error) {
	return o.key, o.value, a.value, a.index, [2]error{o.err, a.err}
}

var _ = wireTestIterFields
