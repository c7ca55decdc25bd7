package bench

import (
	"testing"

	"github.com/acpgen/acpgen/bench/corpus"
)

// Large payloads (corpus.LargeCases): a 16 MB fs/read_text_file result, a
// tool_call_update whose diff holds two 4 MB texts and an 8 MB base64
// image, decoded into and encoded from the generated v1 types against
// encoding/json on flat structs with the same members, in MB/s. Reported
// B/op says how much is allocated per message next to the message's size.

var largeImpls = []corpus.LargeImpl{corpus.FlatLarge(corpus.ImplBaseline, corpus.Stdlib), corpus.ACPLarge}

func BenchmarkLargeDecode(b *testing.B) {
	corpus.BenchLargeDecode(b, corpus.LargeCases(), largeImpls)
}

func BenchmarkLargeEncode(b *testing.B) {
	corpus.BenchLargeEncode(b, corpus.LargeCases(), largeImpls)
}

// TestLargeCasesRoundTrip checks that the generated types decode each
// large message and encode it back to the same bytes, so the benchmarks
// measure real work.
func TestLargeCasesRoundTrip(t *testing.T) {
	for _, c := range corpus.LargeCases() {
		out, err := corpus.LargeRoundTrip(&c, corpus.ACPLarge)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if string(out) != string(c.JSON) {
			t.Fatalf("%s: encoding differs from encoding/json's (%d bytes, want %d)", c.Name, len(out), len(c.JSON))
		}
	}
}
