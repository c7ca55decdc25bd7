package bench

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// wideSchema builds a schema of n definitions in groups of four: a struct
// referring to the previous group, a closed string enum, an open tagged
// union of two inline variants and a catch-all, and an untagged union of
// the struct and a string. Every construct the builder, gate-free emitter
// and gofmt handle per definition appears n/4 times, so the cost per
// definition should not depend on n.
func wideSchema(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"$schema":"https://json-schema.org/draft/2020-12/schema","$defs":{`)
	for g := 0; g < n/4; g++ {
		if g > 0 {
			b.WriteByte(',')
		}
		prev := g - 1
		if prev < 0 {
			prev = 0
		}
		fmt.Fprintf(&b, `"S%d":{"description":"Struct %d.","type":"object","properties":{"id":{"type":"string"},"count":{"type":"integer","format":"int64"},"kind":{"$ref":"#/$defs/E%d"},"prev":{"$ref":"#/$defs/S%d"},"items":{"type":"array","items":{"$ref":"#/$defs/U%d"}}},"required":["id"]},`, g, g, g, prev, g)
		fmt.Fprintf(&b, `"E%d":{"type":"string","enum":["a%d","b%d","c%d"]},`, g, g, g, g)
		fmt.Fprintf(&b, `"T%d":{"oneOf":[{"type":"object","properties":{"type":{"type":"string","const":"x"},"x":{"type":"string"}},"required":["type"]},{"type":"object","properties":{"type":{"type":"string","const":"y"},"y":{"type":"integer"}},"required":["type","y"]},{"title":"other","type":"object","properties":{"type":{"type":"string"}},"required":["type"],"not":{"anyOf":[{"type":"object","properties":{"type":{"const":"x"}},"required":["type"]},{"type":"object","properties":{"type":{"const":"y"}},"required":["type"]}]}}]},`, g)
		fmt.Fprintf(&b, `"U%d":{"anyOf":[{"$ref":"#/$defs/T%d"},{"type":"string"}]}`, g, g)
	}
	b.WriteString(`}}`)
	return []byte(b.String())
}

// BenchmarkGenerateWide generates wideSchema at three sizes, a factor of
// four apart: linear cost gives ns/def (and B/def) about equal at each
// size, n·log n a slow rise, anything quadratic a factor of four per step.
// Run it with -benchtime 1x: each op is one whole generation.
func BenchmarkGenerateWide(b *testing.B) {
	for _, n := range []int{1000, 4000, 16000} {
		b.Run(fmt.Sprintf("defs=%d", n), func(b *testing.B) {
			s := schemaFile{name: "wide.json", data: wideSchema(n)}
			runtime.GC()
			b.ReportAllocs()
			h := startHeapSampler(5 * time.Millisecond)
			cpu0, cpuOK := processCPUTime()
			ops, out := 0, 0
			for b.Loop() {
				ops++
				out = generate(b, s)
			}
			cpu1, _ := processCPUTime()
			h.finish()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(ops*n), "ns/def")
			if cpuOK {
				b.ReportMetric((cpu1-cpu0).Seconds()/float64(ops), "cpu-sec/op")
			}
			b.ReportMetric(float64(h.peakInuse)/1e6, "peak-heap-inuse-MB")
			b.ReportMetric(float64(out)/1e6, "MB-generated")
		})
	}
}

// TestWideSchemaGenerates keeps the benchmark's schema valid (a small one).
func TestWideSchemaGenerates(t *testing.T) {
	if n := generate(t, schemaFile{name: "wide.json", data: wideSchema(8)}); n == 0 {
		t.Fatal("no output")
	}
}
