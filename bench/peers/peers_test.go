package peers

import (
	"bytes"
	"slices"
	"testing"

	"github.com/acpgen/acpgen/bench/corpus"
	"github.com/acpgen/acpgen/internal/acptest"
)

func loadStreams(tb testing.TB) []*corpus.Stream { return corpus.Streams(tb, "../testdata") }

// TestStreamRoundTrip checks that every implementation decodes every line
// of both streams and encodes it again to the same JSON value (compared as
// values: key order, escapes and number spelling aside), and that acpgen
// decodes each update into its own variant: the benchmarks then do the
// same work for each.
func TestStreamRoundTrip(t *testing.T) {
	corpus.RoundTripAll(t, loadStreams(t), streamImpls)
}

// TestLargeRoundTrip checks the same for the large messages.
func TestLargeRoundTrip(t *testing.T) {
	for _, c := range corpus.LargeCases() {
		for _, impl := range largeImpls {
			t.Run(c.Name+"/"+impl.Name, func(t *testing.T) {
				out, err := corpus.LargeRoundTrip(&c, impl)
				if err != nil {
					t.Fatal(err)
				}
				if bytes.Equal(out, c.JSON) {
					return
				}
				if d := acptest.JSONDiff(c.JSON, out); d != "" {
					t.Errorf("round trip differs: %s", d)
				}
			})
		}
	}
}

// TestCoderV2 checks why coder's SDK is left out of the v2 stream: its v1
// types decode v2 updates without an error but lose members (a
// plan_update's plan, a tool_call_update's name) or take them for another
// variant (a state_update comes back as a session_info_update). If this
// fails, the SDK has learnt v2 and newCoderCodec should run on it.
func TestCoderV2(t *testing.T) {
	s := loadStreams(t)[1]
	c := coderCodec(s)
	differ := 0
	for i, line := range s.Lines {
		if c.Decode(i, line) != nil {
			differ++
			continue
		}
		out, err := c.Encode(i)
		if err != nil || acptest.JSONDiff(line, out) != "" {
			differ++
		}
	}
	if differ == 0 {
		t.Errorf("coder/acp-go-sdk round-trips all %d lines of the v2 stream: benchmark it on v2", len(s.Lines))
	}
	t.Logf("coder/acp-go-sdk: %d of %d v2 lines do not round-trip", differ, len(s.Lines))
}

// TestImplementations checks that every peer the README names is in the
// comparison, and says when sonic is left out.
func TestImplementations(t *testing.T) {
	want := []string{corpus.ImplBaseline, corpus.ImplAcpgen, implGoccy, implSonic, implJsoniter, implEasyjson, implCoder}
	if !sonicNative {
		t.Logf("sonic falls back to encoding/json on this platform: left out")
		want = append(want[:3], want[4:]...)
	}
	var got []string
	for _, impl := range streamImpls {
		got = append(got, impl.Name)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("stream implementations %q, want %q", got, want)
	}
	if len(largeImpls) != len(want)-1 { // coder: streams only
		t.Errorf("%d large implementations, want %d", len(largeImpls), len(want)-1)
	}
}

func BenchmarkStreamDecode(b *testing.B) {
	corpus.BenchStreamDecode(b, loadStreams(b), streamImpls)
}

func BenchmarkStreamEncode(b *testing.B) {
	corpus.BenchStreamEncode(b, loadStreams(b), streamImpls)
}

// BenchmarkStreamPaired pairs acpgen with goccy/go-json, the fastest peer
// on the streams, in each round: the ratio acpgen/goccy is what the
// separate benchmarks above cannot pin down within their noise.
func BenchmarkStreamPaired(b *testing.B) {
	corpus.BenchStreamPaired(b, loadStreams(b), streamImpls, corpus.ImplAcpgen, implGoccy)
}

// BenchmarkStreamBlocks pairs acpgen with goccy/go-json in rounds long
// enough to hold the garbage collections each one's allocations cause
// (corpus.PairedBlocks): BenchmarkStreamPaired's median leaves the
// collector out, this one counts it, in elapsed and in CPU time.
func BenchmarkStreamBlocks(b *testing.B) {
	corpus.BenchStreamBlocks(b, loadStreams(b), streamImpls, corpus.ImplAcpgen, implGoccy)
}

func BenchmarkLargeDecode(b *testing.B) {
	corpus.BenchLargeDecode(b, corpus.LargeCases(), largeImpls)
}

func BenchmarkLargeEncode(b *testing.B) {
	corpus.BenchLargeEncode(b, corpus.LargeCases(), largeImpls)
}

// BenchmarkKindsPaired is BenchmarkStreamPaired on the lines of each kind
// of update alone (kinds with "-short": the lines under 200 bytes), each
// group repeated to at least 400 lines so that a round is long enough to
// time. It shows where acpgen gains or loses against goccy/go-json; run.sh
// leaves it out: go test -run x -bench KindsPaired/.*/Decode -count 3 .
func BenchmarkKindsPaired(b *testing.B) {
	for _, s := range loadStreams(b) {
		for _, g := range byKind(s) {
			b.Run(g.Kinds[0]+groupSuffix(g), func(b *testing.B) {
				corpus.BenchStreamPaired(b, []*corpus.Stream{g}, streamImpls, corpus.ImplAcpgen, implGoccy)
			})
		}
	}
}

// shortLine is the length under which a line counts as short for
// BenchmarkKindsPaired.
const shortLine = 200

// byKind splits s into one stream per kind of update and length class, in
// order of first appearance, each repeated to at least 400 lines.
func byKind(s *corpus.Stream) []*corpus.Stream {
	var groups []*corpus.Stream
	index := map[string]*corpus.Stream{}
	for i, line := range s.Lines {
		key := s.Kinds[i]
		if len(line) < shortLine {
			key += "-short"
		}
		g := index[key]
		if g == nil {
			g = &corpus.Stream{Ver: s.Ver}
			index[key] = g
			groups = append(groups, g)
		}
		g.Lines = append(g.Lines, line)
		g.Kinds = append(g.Kinds, s.Kinds[i])
		g.Bytes += int64(len(line))
	}
	for _, g := range groups {
		for len(g.Lines) < 400 {
			g.Lines = append(g.Lines, g.Lines...)
			g.Kinds = append(g.Kinds, g.Kinds...)
			g.Bytes *= 2
		}
	}
	return groups
}

// groupSuffix is "-short" for a group of short lines.
func groupSuffix(g *corpus.Stream) string {
	if len(g.Lines[0]) < shortLine {
		return "-short"
	}
	return ""
}
