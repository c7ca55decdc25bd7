package corpus

import (
	"encoding/json"
	"fmt"
	"strings"

	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
	acp2 "github.com/acpgen/acpgen/gen/acp/v2"
)

// Codec decodes line i of a stream into its own slot and encodes that slot
// again. Every implementation decodes into a zero value (acpgen's
// UnmarshalJSON zeroes the target itself; the flat slots are zeroed first,
// as encoding/json would otherwise reuse slices from the previous
// iteration and under-count allocations).
type Codec interface {
	Decode(i int, line []byte) error
	Encode(i int) ([]byte, error)
	Value(i int) any // the decoded value, for tests
}

// Impl is one implementation of the stream benchmarks: its name (the
// impl= part of a sub-benchmark's name) and its codec for a stream, nil
// where it cannot run on that stream.
type Impl struct {
	Name string
	New  func(s *Stream) Codec
}

// Lib is a JSON library's entry points for any Go value, with
// encoding/json's signatures.
type Lib struct {
	Unmarshal func(data []byte, v any) error
	Marshal   func(v any) ([]byte, error)
}

// Stdlib is encoding/json.
var Stdlib = Lib{Unmarshal: json.Unmarshal, Marshal: json.Marshal}

// The implementations that bench itself compares.
const (
	ImplBaseline     = "baseline"      // encoding/json on the flat structs
	ImplAcpgen       = "acpgen"        // the generated methods called directly
	ImplAcpgenStdlib = "acpgen-stdlib" // the generated types through encoding/json
)

// ACPVia says how an ACPCodec calls the generated code.
type ACPVia int

const (
	ViaMethods ACPVia = iota // UnmarshalJSON and MarshalJSON called directly
	ViaMarshal               // UnmarshalJSON called directly, acp.Marshal(&v) to encode
	ViaStdlib                // json.Unmarshal and json.Marshal, which call the methods
)

// ACPCodec holds a stream decoded into the generated notification type T
// of its version; Marshal is that version's acp.Marshal.
type ACPCodec[T any, PT interface {
	*T
	json.Unmarshaler
	json.Marshaler
}] struct {
	Out     []T
	Via     ACPVia
	Marshal func(v any) ([]byte, error)
}

func (c *ACPCodec[T, PT]) Decode(i int, line []byte) error {
	if c.Via == ViaStdlib {
		return json.Unmarshal(line, &c.Out[i])
	}
	return PT(&c.Out[i]).UnmarshalJSON(line)
}

func (c *ACPCodec[T, PT]) Encode(i int) ([]byte, error) {
	switch c.Via {
	case ViaStdlib:
		return json.Marshal(&c.Out[i])
	case ViaMarshal:
		return c.Marshal(&c.Out[i])
	}
	return PT(&c.Out[i]).MarshalJSON()
}

func (c *ACPCodec[T, PT]) Value(i int) any { return &c.Out[i] }

// NewACPCodec returns the generated types' codec for s.
func NewACPCodec(s *Stream, via ACPVia) Codec {
	n := len(s.Lines)
	if s.Ver == "v1" {
		return &ACPCodec[acp1.SessionNotification, *acp1.SessionNotification]{Out: make([]acp1.SessionNotification, n), Via: via, Marshal: acp1.Marshal}
	}
	return &ACPCodec[acp2.UpdateSessionNotification, *acp2.UpdateSessionNotification]{Out: make([]acp2.UpdateSessionNotification, n), Via: via, Marshal: acp2.Marshal}
}

// FlatCodec holds a stream decoded into flat structs by Lib: O holds
// updates whose content is an object (or absent), A those whose content is
// an array (IsArr, from ArrayContent).
type FlatCodec[O, A any] struct {
	Lib   Lib
	Obj   []O
	Arr   []A
	IsArr []bool
}

func (c *FlatCodec[O, A]) Decode(i int, line []byte) error {
	if c.IsArr[i] {
		var zero A
		c.Arr[i] = zero
		return c.Lib.Unmarshal(line, &c.Arr[i])
	}
	var zero O
	c.Obj[i] = zero
	return c.Lib.Unmarshal(line, &c.Obj[i])
}

func (c *FlatCodec[O, A]) Encode(i int) ([]byte, error) {
	if c.IsArr[i] {
		return c.Lib.Marshal(&c.Arr[i])
	}
	return c.Lib.Marshal(&c.Obj[i])
}

func (c *FlatCodec[O, A]) Value(i int) any {
	if c.IsArr[i] {
		return &c.Arr[i]
	}
	return &c.Obj[i]
}

// NewFlatCodecOf returns a FlatCodec for s with slots of types O and A,
// which must be (or have the underlying types of) the stream version's
// FlatObj and FlatArr.
func NewFlatCodecOf[O, A any](s *Stream, lib Lib) *FlatCodec[O, A] {
	n := len(s.Lines)
	isArr := make([]bool, n)
	for i, k := range s.Kinds {
		isArr[i] = ArrayContent(k)
	}
	return &FlatCodec[O, A]{Lib: lib, Obj: make([]O, n), Arr: make([]A, n), IsArr: isArr}
}

// NewFlatCodec returns lib's codec for s on the flat structs of its
// version.
func NewFlatCodec(s *Stream, lib Lib) Codec {
	if s.Ver == "v1" {
		return NewFlatCodecOf[V1FlatObj, V1FlatArr](s, lib)
	}
	return NewFlatCodecOf[V2FlatObj, V2FlatArr](s, lib)
}

// FlatImpl is the implementation named name: lib on the flat structs.
func FlatImpl(name string, lib Lib) Impl {
	return Impl{name, func(s *Stream) Codec { return NewFlatCodec(s, lib) }}
}

// ACPImpl is the generated types' implementation named name, calling them
// as via says.
func ACPImpl(name string, via ACPVia) Impl {
	return Impl{name, func(s *Stream) Codec { return NewACPCodec(s, via) }}
}

// CheckVariant returns an error if v, decoded from line i of s, is a
// generated notification that does not hold the update variant named by
// the line's sessionUpdate (it holds the catch-all of unknown variants, or
// another one). Other values pass.
func CheckVariant(s *Stream, i int, v any) error {
	var got string
	switch n := v.(type) {
	case *acp1.SessionNotification:
		got = fmt.Sprintf("%T", n.Update.Value)
	case *acp2.UpdateSessionNotification:
		got = fmt.Sprintf("%T", n.Update.Value)
	default:
		return nil
	}
	if want := "*acp.SessionUpdate" + camel(s.Kinds[i]); got != want {
		return fmt.Errorf("sessionUpdate %q decoded as %s", s.Kinds[i], got)
	}
	return nil
}

// camel turns agent_message_chunk into AgentMessageChunk.
func camel(s string) string {
	var b strings.Builder
	for _, w := range strings.Split(s, "_") {
		if w != "" {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}
