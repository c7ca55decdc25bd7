package corpus

import (
	"runtime"
	"testing"
	"time"

	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/acptest"
)

var sink int

// mallocs is the process's cumulative allocation count.
func mallocs() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.Mallocs
}

// reportPerMsg adds ns/msg and allocs/msg (exact, from MemStats around the
// timed loop; b.ReportAllocs' allocs/op is per whole stream).
func reportPerMsg(b *testing.B, m0 uint64, msgs int) {
	m1 := mallocs()
	total := float64(b.N) * float64(msgs)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/total, "ns/msg")
	b.ReportMetric(float64(m1-m0)/total, "allocs/msg")
}

// eachCodec calls f with the sub-test name VER/NAME (joined by sep) and
// the codec of every implementation that has one for a stream, stream by
// stream.
func eachCodec(streams []*Stream, impls []Impl, sep string, f func(name string, s *Stream, c Codec)) {
	for _, s := range streams {
		for _, impl := range impls {
			if c := impl.New(s); c != nil {
				f(s.Ver+sep+impl.Name, s, c)
			}
		}
	}
}

// BenchStreamDecode runs, for each stream and implementation, the
// sub-benchmark VER/impl=NAME decoding the whole stream per op.
func BenchStreamDecode(b *testing.B, streams []*Stream, impls []Impl) {
	eachCodec(streams, impls, "/impl=", func(name string, s *Stream, c Codec) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(s.Bytes)
			b.ReportAllocs()
			m0 := mallocs()
			for b.Loop() {
				decodeAll(b, s, c)
			}
			reportPerMsg(b, m0, len(s.Lines))
		})
	})
}

// BenchStreamEncode runs, for each stream and implementation, the
// sub-benchmark VER/impl=NAME encoding the whole stream (decoded before the
// clock starts) per op.
func BenchStreamEncode(b *testing.B, streams []*Stream, impls []Impl) {
	eachCodec(streams, impls, "/impl=", func(name string, s *Stream, c Codec) {
		b.Run(name, func(b *testing.B) {
			decodeAll(b, s, c)
			b.SetBytes(s.Bytes)
			b.ReportAllocs()
			m0 := mallocs()
			for b.Loop() {
				encodeAll(b, s, c)
			}
			reportPerMsg(b, m0, len(s.Lines))
		})
	})
}

// BenchStreamPaired runs, for each stream, the sub-benchmarks
// Decode/VER/impl=NAME and Encode/VER/impl=NAME: each round decodes (or
// encodes) the whole stream once with the implementation called name and
// once with base's, and the metric NAME/BASE is the median ratio of their
// times (PairedRatio; below 1: name is faster). The separate benchmarks of
// two implementations move apart by ±20% as the machine's load changes;
// the paired ratio does not.
func BenchStreamPaired(b *testing.B, streams []*Stream, impls []Impl, name, base string) {
	benchPairs(b, streams, impls, name, base, func(b *testing.B, unit string, f, g func()) {
		b.ReportMetric(PairedRatio(b, f, g), unit)
	})
}

// BenchStreamBlocks is BenchStreamPaired with PairedBlocks: the halves of
// a round decode (or encode) the stream over and over for blockHalf each,
// so that the garbage collections each implementation's allocations cause
// fall in its own half. Metrics: wall:NAME/BASE and cpu:NAME/BASE, the
// median ratios of elapsed and of process CPU time. One op is the whole
// measurement, blockRounds rounds, whatever b.N: the testing package then
// runs it once (it lasts longer than the default -benchtime), and ns/op is
// its length.
func BenchStreamBlocks(b *testing.B, streams []*Stream, impls []Impl, name, base string) {
	benchPairs(b, streams, impls, name, base, func(b *testing.B, unit string, f, g func()) {
		r, cpuOK := PairedBlocks(blockRounds, blockHalf, f, g)
		b.ReportMetric(r.Wall, "wall:"+unit)
		if cpuOK {
			b.ReportMetric(r.CPU, "cpu:"+unit)
		}
	})
}

// benchPairs runs, for each stream both implementations have a codec for,
// Decode/VER/impl=NAME and Encode/VER/impl=NAME, in which measure gets one
// pass over the stream with name's codec (f) and one with base's (g), and
// the unit NAME/BASE.
func benchPairs(b *testing.B, streams []*Stream, impls []Impl, name, base string, measure func(b *testing.B, unit string, f, g func())) {
	impl, baseImpl := findImpl(b, impls, name), findImpl(b, impls, base)
	unit := name + "/" + base
	for _, s := range streams {
		c, cb := impl.New(s), baseImpl.New(s)
		if c == nil || cb == nil {
			continue
		}
		b.Run("Decode/"+s.Ver+"/impl="+name, func(b *testing.B) {
			measure(b, unit, func() { decodeAll(b, s, c) }, func() { decodeAll(b, s, cb) })
		})
		b.Run("Encode/"+s.Ver+"/impl="+name, func(b *testing.B) {
			decodeAll(b, s, c)
			decodeAll(b, s, cb)
			measure(b, unit, func() { encodeAll(b, s, c) }, func() { encodeAll(b, s, cb) })
		})
	}
}

// blockHalf is how long each half of a PairedBlocks round lasts: on the
// committed streams, several garbage collections' worth of allocation.
// blockRounds rounds make one measurement of 1–2 s.
const (
	blockHalf   = 75 * time.Millisecond
	blockRounds = 7
)

// findImpl returns the implementation called name.
func findImpl(b *testing.B, impls []Impl, name string) Impl {
	for _, impl := range impls {
		if impl.Name == name {
			return impl
		}
	}
	b.Fatalf("no implementation %q", name)
	return Impl{}
}

// decodeAll decodes every line of s with c.
func decodeAll(b *testing.B, s *Stream, c Codec) {
	for i, l := range s.Lines {
		if err := c.Decode(i, l); err != nil {
			b.Fatal(err)
		}
	}
}

// encodeAll encodes every line of s (decoded before) with c.
func encodeAll(b *testing.B, s *Stream, c Codec) {
	for i := range s.Lines {
		out, err := c.Encode(i)
		if err != nil {
			b.Fatal(err)
		}
		sink += len(out)
	}
}

// RoundTrip decodes every line of s with c, runs check (if not nil) on
// the decoded value, encodes it again, and fails t for each line whose
// encoding is not the same JSON value as the line (acptest.JSONDiff: key
// order, escapes and the spelling of numbers aside).
func RoundTrip(t *testing.T, s *Stream, c Codec, check func(i int, v any) error) {
	t.Helper()
	for i, line := range s.Lines {
		if err := c.Decode(i, line); err != nil {
			t.Fatalf("line %d (%s): decode: %v", i+1, s.Kinds[i], err)
		}
		if check != nil {
			if err := check(i, c.Value(i)); err != nil {
				t.Errorf("line %d: %v", i+1, err)
			}
		}
		out, err := c.Encode(i)
		if err != nil {
			t.Fatalf("line %d (%s): encode: %v", i+1, s.Kinds[i], err)
		}
		if d := acptest.JSONDiff(line, out); d != "" {
			t.Errorf("line %d (%s): round trip differs: %s\n in: %s\nout: %s", i+1, s.Kinds[i], d, line, out)
		}
	}
}

// RoundTripAll runs RoundTrip with CheckVariant, as the sub-test VER/NAME,
// for every stream and every implementation that has a codec for it.
func RoundTripAll(t *testing.T, streams []*Stream, impls []Impl) {
	eachCodec(streams, impls, "/", func(name string, s *Stream, c Codec) {
		t.Run(name, func(t *testing.T) {
			RoundTrip(t, s, c, func(i int, v any) error { return CheckVariant(s, i, v) })
		})
	})
}

// LargeImpl is one implementation of the large benchmarks.
type LargeImpl struct {
	Name string
	// Decode decodes c.JSON into a fresh value.
	Decode func(c *LargeCase) error
	// Encoder decodes c.JSON once and returns a function that encodes
	// that value.
	Encoder func(c *LargeCase) (encode func() ([]byte, error), err error)
}

// FlatLarge is lib on the flat structs of the large cases.
func FlatLarge(name string, lib Lib) LargeImpl {
	return LargeImpl{
		Name:   name,
		Decode: func(c *LargeCase) error { return lib.Unmarshal(c.JSON, c.Flat()) },
		Encoder: func(c *LargeCase) (func() ([]byte, error), error) {
			v := c.Flat()
			if err := lib.Unmarshal(c.JSON, v); err != nil {
				return nil, err
			}
			return func() ([]byte, error) { return lib.Marshal(v) }, nil
		},
	}
}

// ACPLarge is the generated v1 types: UnmarshalJSON called directly, and
// acp.Marshal.
var ACPLarge = LargeImpl{
	Name:   ImplAcpgen,
	Decode: func(c *LargeCase) error { return c.ACP().UnmarshalJSON(c.JSON) },
	Encoder: func(c *LargeCase) (func() ([]byte, error), error) {
		v := c.ACP()
		if err := v.UnmarshalJSON(c.JSON); err != nil {
			return nil, err
		}
		return func() ([]byte, error) { return acp1.Marshal(v) }, nil
	},
}

// BenchLargeDecode runs, for each case and implementation, the
// sub-benchmark CASE/impl=NAME decoding the message into a fresh value per
// op.
func BenchLargeDecode(b *testing.B, cases []LargeCase, impls []LargeImpl) {
	for _, c := range cases {
		for _, impl := range impls {
			b.Run(c.Name+"/impl="+impl.Name, func(b *testing.B) {
				b.SetBytes(int64(len(c.JSON)))
				b.ReportAllocs()
				for b.Loop() {
					if err := impl.Decode(&c); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchLargeEncode runs, for each case and implementation, the
// sub-benchmark CASE/impl=NAME encoding the message per op. Every
// implementation's value of a case is decoded before the first of its
// sub-benchmarks, so all of them run with the same live heap.
func BenchLargeEncode(b *testing.B, cases []LargeCase, impls []LargeImpl) {
	for _, c := range cases {
		encoders := make([]func() ([]byte, error), len(impls))
		for k, impl := range impls {
			enc, err := impl.Encoder(&c)
			if err != nil {
				b.Fatalf("%s/impl=%s: %v", c.Name, impl.Name, err)
			}
			encoders[k] = enc
		}
		for k, impl := range impls {
			b.Run(c.Name+"/impl="+impl.Name, func(b *testing.B) {
				b.SetBytes(int64(len(c.JSON)))
				b.ReportAllocs()
				for b.Loop() {
					out, err := encoders[k]()
					if err != nil {
						b.Fatal(err)
					}
					sink += len(out)
				}
			})
		}
	}
}

// LargeRoundTrip decodes c with impl (once with Decode, once with Encoder)
// and returns the encoding of the decoded value.
func LargeRoundTrip(c *LargeCase, impl LargeImpl) ([]byte, error) {
	if err := impl.Decode(c); err != nil {
		return nil, err
	}
	enc, err := impl.Encoder(c)
	if err != nil {
		return nil, err
	}
	return enc()
}
