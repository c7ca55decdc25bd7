package bench

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/acpgen/acpgen/generator"
)

type schemaFile struct {
	name string // e.g. "v1/schema.json"
	data []byte
}

func loadSchemas(tb testing.TB) []schemaFile {
	tb.Helper()
	var out []schemaFile
	for _, name := range []string{"v1/schema.json", "v1/schema.unstable.json", "v2/schema.json", "v2/schema.unstable.json"} {
		data, err := os.ReadFile(filepath.Join("..", "schema", "acp", filepath.FromSlash(name)))
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, schemaFile{name, data})
	}
	return out
}

// generate runs the whole pipeline (load, IR, emit, gofmt) for one schema
// and returns the number of bytes of Go it produced.
func generate(tb testing.TB, s schemaFile) int {
	files, err := generator.Generate(generator.Config{SchemaFile: s.name, Schema: s.data, Package: "acp", ImportPath: "example.com/acp"})
	if err != nil {
		tb.Fatalf("%s: %v", s.name, err)
	}
	n := 0
	for _, f := range files {
		n += len(f.Content)
	}
	return n
}

// heapSampler polls runtime/metrics (which, unlike ReadMemStats, does not
// stop the world) and keeps the maxima of
//
//   - heap in use: /memory/classes/heap/objects:bytes + .../heap/unused:bytes,
//     the same quantity as MemStats.HeapInuse (spans in use: live objects,
//     garbage not yet swept, and fragmentation), so it depends on GOGC;
//   - live heap: /gc/heap/live:bytes, the heap marked live by the most
//     recent GC, i.e. the peak of what was really reachable, as seen at the
//     GC cycles that happened during the run (a lower bound of the true
//     peak between cycles).
type heapSampler struct {
	stop                chan struct{}
	done                sync.WaitGroup
	peakInuse, peakLive uint64
}

var heapMetrics = []string{"/memory/classes/heap/objects:bytes", "/memory/classes/heap/unused:bytes", "/gc/heap/live:bytes"}

func readHeap(samples []metrics.Sample) (inuse, live uint64) {
	metrics.Read(samples)
	return samples[0].Value.Uint64() + samples[1].Value.Uint64(), samples[2].Value.Uint64()
}

func startHeapSampler(every time.Duration) *heapSampler {
	h := &heapSampler{stop: make(chan struct{})}
	samples := make([]metrics.Sample, len(heapMetrics))
	for i, name := range heapMetrics {
		samples[i].Name = name
	}
	sample := func() {
		inuse, live := readHeap(samples)
		h.peakInuse = max(h.peakInuse, inuse)
		h.peakLive = max(h.peakLive, live)
	}
	sample()
	h.done.Add(1)
	go func() {
		defer h.done.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-h.stop:
				sample()
				return
			case <-t.C:
				sample()
			}
		}
	}()
	return h
}

func (h *heapSampler) finish() *heapSampler {
	close(h.stop)
	h.done.Wait()
	return h
}

// BenchmarkGenerateAll generates the four vendored schemas end to end.
// Besides B/op and allocs/op (all four schemas) it reports
// peak-heap-inuse-MB and peak-live-MB (see heapSampler; sampled every
// millisecond over the whole benchmark), the MB of Go source produced, and
// cpu-sec/op: the process's CPU time (getrusage, garbage collector
// included) per op. Generate validates each schema and formats files on
// goroutines of their own, so sec/op is below cpu-sec/op when a second core
// is free; on a busy machine sec/op rises towards cpu-sec/op, which does not
// depend on the load.
func BenchmarkGenerateAll(b *testing.B) {
	schemas := loadSchemas(b)
	runtime.GC()
	b.ReportAllocs()
	h := startHeapSampler(time.Millisecond)
	cpu0, cpuOK := processCPUTime()
	n, out := 0, 0
	for b.Loop() {
		n++
		out = 0
		for _, s := range schemas {
			out += generate(b, s)
		}
	}
	cpu1, _ := processCPUTime()
	h.finish()
	if cpuOK {
		b.ReportMetric((cpu1-cpu0).Seconds()/float64(n), "cpu-sec/op")
	}
	b.ReportMetric(float64(h.peakInuse)/1e6, "peak-heap-inuse-MB")
	b.ReportMetric(float64(h.peakLive)/1e6, "peak-live-MB")
	b.ReportMetric(float64(out)/1e6, "MB-generated")
}

// TestGenerateMemory logs, for each schema and for all four in a row, the
// wall time, total bytes and objects allocated (MemStats.TotalAlloc and
// Mallocs deltas), and the peaks of heap in use and of live heap (see
// heapSampler, sampled every 200µs), each also as the increase over the heap
// measured after a GC just before the run. Run with -v to see them.
func TestGenerateMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	schemas := loadSchemas(t)
	run := func(label string, ss []schemaFile) {
		samples := make([]metrics.Sample, len(heapMetrics))
		for i, name := range heapMetrics {
			samples[i].Name = name
		}
		runtime.GC()
		inuse0, live0 := readHeap(samples)
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		h := startHeapSampler(200 * time.Microsecond)
		start := time.Now()
		out := 0
		for _, s := range ss {
			out += generate(t, s)
		}
		elapsed := time.Since(start)
		h.finish()
		runtime.ReadMemStats(&m1)
		t.Logf("%-24s %7.1f ms  out %5.2f MB  TotalAlloc %6.1f MB  Mallocs %5.2f M  peak HeapInuse %6.1f MB (+%6.1f)  peak live %6.1f MB (+%6.1f)  GCs %d",
			label, float64(elapsed.Microseconds())/1e3, float64(out)/1e6,
			float64(m1.TotalAlloc-m0.TotalAlloc)/1e6, float64(m1.Mallocs-m0.Mallocs)/1e6,
			float64(h.peakInuse)/1e6, float64(h.peakInuse-min(h.peakInuse, inuse0))/1e6,
			float64(h.peakLive)/1e6, float64(h.peakLive-min(h.peakLive, live0))/1e6,
			m1.NumGC-m0.NumGC)
	}
	for _, s := range schemas {
		run(s.name, []schemaFile{s})
	}
	run("all four", schemas)
}
