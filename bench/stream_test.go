package bench

import (
	"fmt"
	"testing"

	"github.com/acpgen/acpgen/bench/corpus"
)

// The stream benchmarks and tests run on bench/corpus: the streams of
// testdata/, the flat structs of the baseline and the codecs of each
// implementation.

func loadStreams(tb testing.TB) []*corpus.Stream { return corpus.Streams(tb, "testdata") }

var (
	implBaseline     = corpus.FlatImpl(corpus.ImplBaseline, corpus.Stdlib)
	implAcpgen       = corpus.ACPImpl(corpus.ImplAcpgen, corpus.ViaMethods)
	implAcpgenStdlib = corpus.ACPImpl(corpus.ImplAcpgenStdlib, corpus.ViaStdlib)

	allImpls = []corpus.Impl{implBaseline, implAcpgen, implAcpgenStdlib}

	implInStruct = corpus.WrappedImpl(corpus.ImplAcpgenWrapped, corpus.Stdlib)
	// inStructImpls are the generated values inside a user's struct
	// (corpus.Logged) through encoding/json, and through encoding/json/v2
	// where the toolchain has it, after the flat structs, the direct
	// methods (acpgen) and json.Marshal of the value itself, to compare
	// with: issue 36's table in one benchmark.
	inStructImpls = withJSONv2([]corpus.Impl{implBaseline, implAcpgen, implAcpgenStdlib, implInStruct})
)

// withJSONv2 appends the encoding/json/v2 implementation of the user's
// struct to impls when the toolchain has encoding/json/v2.
func withJSONv2(impls []corpus.Impl) []corpus.Impl {
	if corpus.JSONv2.Marshal == nil {
		return impls
	}
	return append(impls, corpus.WrappedImpl(corpus.ImplAcpgenJSONv2, corpus.JSONv2))
}

// ---- tests ----

// TestStreamRoundTrip checks that every line decodes with every
// implementation and re-encodes to the same JSON value, and that acpgen
// picks a known variant (not the catch-all) for every line.
func TestStreamRoundTrip(t *testing.T) {
	streams := loadStreams(t)
	for _, s := range streams {
		if len(s.Lines) < 150 {
			t.Errorf("%s: only %d messages", s.Ver, len(s.Lines))
		}
	}
	corpus.RoundTripAll(t, streams, allImpls)
	corpus.RoundTripAll(t, streams, inStructImpls[3:])
}

// TestAllocsPerMessage logs allocations per message (testing.AllocsPerRun)
// for the whole stream and for the single-message benchmark lines, and
// checks the "allocs/msg <= baseline+2" target for stream decoding.
func TestAllocsPerMessage(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	for _, s := range loadStreams(t) {
		n := float64(len(s.Lines))
		res := map[string][2]float64{}
		for _, impl := range allImpls {
			c := impl.New(s)
			dec := testing.AllocsPerRun(20, func() {
				for i, l := range s.Lines {
					if err := c.Decode(i, l); err != nil {
						t.Fatal(err)
					}
				}
			}) / n
			enc := testing.AllocsPerRun(20, func() {
				for i := range s.Lines {
					if _, err := c.Encode(i); err != nil {
						t.Fatal(err)
					}
				}
			}) / n
			res[impl.Name] = [2]float64{dec, enc}
			t.Logf("%s stream %-13s decode %5.2f allocs/msg  encode %5.2f allocs/msg", s.Ver, impl.Name, dec, enc)
		}
		kinds, pick := s.Variants()
		for _, k := range kinds {
			i := pick[k]
			line := fmt.Sprintf("%s %-24s (%5d B)", s.Ver, k, len(s.Lines[i]))
			for _, impl := range allImpls {
				c := impl.New(s)
				dec := testing.AllocsPerRun(100, func() { _ = c.Decode(i, s.Lines[i]) })
				enc := testing.AllocsPerRun(100, func() { _, _ = c.Encode(i) })
				line += fmt.Sprintf("  %s %2.0f/%2.0f", impl.Name, dec, enc)
			}
			t.Log(line + "   (decode/encode allocs)")
		}
		if a, b := res[corpus.ImplAcpgen][0], res[corpus.ImplBaseline][0]; a > b+2 {
			t.Logf("%s: acpgen decode %.2f allocs/msg > baseline %.2f + 2 (target missed)", s.Ver, a, b)
		}
	}
}

// ---- benchmarks ----

var sink int

func BenchmarkStreamDecode(b *testing.B) {
	corpus.BenchStreamDecode(b, loadStreams(b), allImpls)
}

func BenchmarkStreamEncode(b *testing.B) {
	corpus.BenchStreamEncode(b, loadStreams(b), allImpls)
}

// The in-struct benchmarks measure the stream's notifications inside a
// user's struct (corpus.Logged) through json.Marshal and json.Unmarshal
// (impl=acpgen-in-struct) and, where the toolchain has it, through
// encoding/json/v2 (impl=acpgen-in-struct-jsonv2), beside the flat
// structs (impl=baseline), the generated methods called directly
// (impl=acpgen) and json.Marshal of the notification itself
// (impl=acpgen-stdlib). BenchmarkInStructPaired gives the ratio to
// impl=acpgen of each, pass by pass (see PairedRatio), which the machine's
// load moves far less than separate benchmarks: the figure issue 36 sets a
// target for (at most 1.3 on Go 1.27).
func BenchmarkInStructDecode(b *testing.B) {
	corpus.BenchStreamDecode(b, loadStreams(b), inStructImpls)
}

func BenchmarkInStructEncode(b *testing.B) {
	corpus.BenchStreamEncode(b, loadStreams(b), inStructImpls)
}

func BenchmarkInStructPaired(b *testing.B) {
	for _, impl := range inStructImpls {
		if impl.Name != corpus.ImplAcpgen {
			corpus.BenchStreamPaired(b, loadStreams(b), inStructImpls, impl.Name, corpus.ImplAcpgen)
		}
	}
}

// The single-message benchmarks compare acpgen (direct methods) with the
// baseline; the stdlib wrapper is measured on the streams only, to keep the
// run short.
var messageImpls = []corpus.Impl{implBaseline, implAcpgen}

func BenchmarkMessageDecode(b *testing.B) {
	for _, s := range loadStreams(b) {
		kinds, pick := s.Variants()
		for _, k := range kinds {
			i := pick[k]
			line := s.Lines[i]
			for _, impl := range messageImpls {
				b.Run(s.Ver+"/variant="+k+"/impl="+impl.Name, func(b *testing.B) {
					c := impl.New(s)
					b.SetBytes(int64(len(line)))
					b.ReportAllocs()
					for b.Loop() {
						if err := c.Decode(i, line); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

func BenchmarkMessageEncode(b *testing.B) {
	for _, s := range loadStreams(b) {
		kinds, pick := s.Variants()
		for _, k := range kinds {
			i := pick[k]
			line := s.Lines[i]
			for _, impl := range messageImpls {
				b.Run(s.Ver+"/variant="+k+"/impl="+impl.Name, func(b *testing.B) {
					c := impl.New(s)
					if err := c.Decode(i, line); err != nil {
						b.Fatal(err)
					}
					b.SetBytes(int64(len(line)))
					b.ReportAllocs()
					for b.Loop() {
						out, err := c.Encode(i)
						if err != nil {
							b.Fatal(err)
						}
						sink += len(out)
					}
				})
			}
		}
	}
}
