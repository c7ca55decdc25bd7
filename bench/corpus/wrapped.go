package corpus

import (
	"bytes"

	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
	acp2 "github.com/acpgen/acpgen/gen/acp/v2"
)

// Logged is a user's own struct holding a generated value, as a session
// log or a stored transcript would: encoding/json reaches the value
// through its methods (MarshalJSONTo and UnmarshalJSONFrom where
// encoding/json/v2 is on, else MarshalJSON and UnmarshalJSON).
type Logged[T any] struct {
	Notification T `json:"notification"`
}

// loggedPrefix and loggedSuffix wrap a line into a Logged value's JSON.
const (
	loggedPrefix = `{"notification":`
	loggedSuffix = `}`
)

// WrappedCodec decodes line i wrapped in a Logged value with Lib and
// encodes that Logged value. Each line is wrapped once, before any
// measurement; Encode returns the notification's part of the output (a
// subslice, not a copy), so that round-trip tests compare it with the
// line.
type WrappedCodec[T any] struct {
	Lib     Lib
	Out     []Logged[T]
	wrapped [][]byte
}

func (c *WrappedCodec[T]) Decode(i int, line []byte) error {
	var zero Logged[T]
	c.Out[i] = zero
	return c.Lib.Unmarshal(c.wrapped[i], &c.Out[i])
}

func (c *WrappedCodec[T]) Encode(i int) ([]byte, error) {
	out, err := c.Lib.Marshal(&c.Out[i])
	if err != nil {
		return nil, err
	}
	inner, ok := bytes.CutPrefix(out, []byte(loggedPrefix))
	if !ok || !bytes.HasSuffix(inner, []byte(loggedSuffix)) {
		return out, nil // not the expected shape: the round-trip test reports it
	}
	return inner[:len(inner)-len(loggedSuffix)], nil
}

func (c *WrappedCodec[T]) Value(i int) any { return &c.Out[i].Notification }

// NewWrappedCodec returns lib's codec for s on Logged values of the
// stream version's notification type.
func NewWrappedCodec(s *Stream, lib Lib) Codec {
	wrapped := make([][]byte, len(s.Lines))
	for i, l := range s.Lines {
		wrapped[i] = append(append([]byte(loggedPrefix), l...), loggedSuffix...)
	}
	if s.Ver == "v1" {
		return &WrappedCodec[acp1.SessionNotification]{Lib: lib, Out: make([]Logged[acp1.SessionNotification], len(s.Lines)), wrapped: wrapped}
	}
	return &WrappedCodec[acp2.UpdateSessionNotification]{Lib: lib, Out: make([]Logged[acp2.UpdateSessionNotification], len(s.Lines)), wrapped: wrapped}
}

// WrappedImpl is the generated types' implementation named name: lib on
// Logged values.
func WrappedImpl(name string, lib Lib) Impl {
	return Impl{name, func(s *Stream) Codec { return NewWrappedCodec(s, lib) }}
}

// The implementations of the user's struct: encoding/json (v1 API), and
// encoding/json/v2 where the toolchain has it (JSONv2 is set then).
const (
	ImplAcpgenWrapped = "acpgen-in-struct"        // json.Marshal/Unmarshal of a Logged value
	ImplAcpgenJSONv2  = "acpgen-in-struct-jsonv2" // encoding/json/v2's Marshal/Unmarshal of a Logged value
)

// JSONv2 is encoding/json/v2 with its default options where the toolchain
// has it (wrapped_jsonv2.go), else the zero Lib.
var JSONv2 Lib
