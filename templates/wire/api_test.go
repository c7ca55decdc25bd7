package wire

import "encoding/json"

// These assignments pin every signature the generator relies on: changing
// one breaks the build here rather than in generated code.
var (
	_ func(string, ...any) error                                                           = Errorf
	_ func(string, ...any) error                                                           = EncodeErrorf
	_ func(error, string) error                                                            = AtKey
	_ func(error, int) error                                                               = AtIndex
	_ func(string) error                                                                   = Missing
	_ func([]byte) byte                                                                    = Kind
	_ func([]byte) bool                                                                    = IsNull
	_ func(*Reader) (ObjectIter, error)                                                    = ObjectAt
	_ func(*ObjectIter, *Reader) bool                                                      = (*ObjectIter).Next
	_ func(*Reader) (ArrayIter, error)                                                     = ArrayAt
	_ func(*ArrayIter, *Reader) bool                                                       = (*ArrayIter).Next
	_ func([]byte, string) ([]byte, bool, error)                                           = Member
	_ func([]byte, []string) (uint64, error)                                               = HasMembers
	_ func(*Reader) ([]byte, error)                                                        = StringBytes
	_ func(*string, *Reader) error                                                         = DecodeString
	_ func(*bool, *Reader) error                                                           = DecodeBool
	_ func(*int32, *Reader) error                                                          = DecodeInt32
	_ func(*int64, *Reader) error                                                          = DecodeInt64
	_ func(*uint16, *Reader) error                                                         = DecodeUint16
	_ func(*uint32, *Reader) error                                                         = DecodeUint32
	_ func(*uint64, *Reader) error                                                         = DecodeUint64
	_ func(*float64, *Reader) error                                                        = DecodeFloat64
	_ func(*json.RawMessage, *Reader) error                                                = DecodeRaw
	_ func(*json.RawMessage, *Reader) error                                                = DecodeRawObject
	_ func(*Reader) error                                                                  = DecodeNull
	_ func(**int32, *Reader, func(*int32, *Reader) error) error                            = DecodePtr[int32]
	_ func(*[]string, *Reader, bool, func(*string, *Reader) error) error                   = DecodeSlice[string]
	_ func(*map[string]bool, *Reader, func(*bool, *Reader) error) error                    = DecodeMap[bool]
	_ func(*string, []byte) ([]byte, error)                                                = AppendString
	_ func(*bool, []byte) ([]byte, error)                                                  = AppendBool
	_ func(*int32, []byte) ([]byte, error)                                                 = AppendInt32
	_ func(*int64, []byte) ([]byte, error)                                                 = AppendInt64
	_ func(*uint16, []byte) ([]byte, error)                                                = AppendUint16
	_ func(*uint32, []byte) ([]byte, error)                                                = AppendUint32
	_ func(*uint64, []byte) ([]byte, error)                                                = AppendUint64
	_ func(*float64, []byte) ([]byte, error)                                               = AppendFloat64
	_ func(*json.RawMessage, []byte) ([]byte, error)                                       = AppendRaw
	_ func([]byte, string) []byte                                                          = AppendQuoted
	_ func([]byte, int) []byte                                                             = Comma
	_ func([]byte, []string, func(*string, []byte) ([]byte, error)) ([]byte, error)        = AppendSlice[string]
	_ func([]byte, map[string]int64, func(*int64, []byte) ([]byte, error)) ([]byte, error) = AppendMap[int64]
	_ func([]byte, int, map[string]json.RawMessage) ([]byte, error)                        = AppendExtra
	_ func(*Reader, string) (TagValue, bool, error)                                        = MemberAt
	_ func(*Reader, *KnownSet, string) (TagValue, bool, error)                             = TagMember
	_ func(TagValue) ([]byte, error)                                                       = TagString
	_ func(TagValue) bool                                                                  = TagValue.IsNull
	_ func(*KnownSet, *KnownSet, Known, *UnknownMembers)                                   = (*KnownSet).Extend
	_ func(*Reader) error                                                                  = (*Reader).Skip
	_ func(*Reader) bool                                                                   = (*Reader).Null
	_ func(*Reader) byte                                                                   = (*Reader).Kind
	_ func(*Reader) ([]byte, error)                                                        = (*Reader).Span
	_ func(*Reader) Mark                                                                   = (*Reader).Mark
	_ func(*Reader, Mark)                                                                  = (*Reader).Reset
	_ func(*Reader, string) error                                                          = (*Reader).KindError
	_ func(*string, []byte, func(*string, *Reader) error) error                            = UnmarshalWith[string]
	_ func([]byte, func(*Reader) error) error                                              = Unmarshal
	_ error                                                                                = (*DecodeError)(nil)
	_ error                                                                                = (*EncodeError)(nil)
)

// wireTestIterFields pins the iterator fields that generated code reads.
func wireTestIterFields(o *ObjectIter, a *ArrayIter, r *Reader) (key []byte, index int, errs [2]error, depth int) {
	return o.Key, a.Index, [2]error{o.Err, a.Err}, r.depth
}

var _ = wireTestIterFields
