package bench

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
	acp2 "github.com/acpgen/acpgen/gen/acp/v2"
)

// stream is one testdata file: one notification params object per line.
type stream struct {
	ver   string   // "v1" or "v2"
	lines [][]byte // without the newline
	kinds []string // the sessionUpdate of each line
	bytes int64    // sum of len(lines[i])
}

var (
	streamsOnce sync.Once
	streamsList []*stream
	streamsErr  error
)

func loadStreams(tb testing.TB) []*stream {
	tb.Helper()
	streamsOnce.Do(func() {
		for _, ver := range []string{"v1", "v2"} {
			s, err := loadStream(ver)
			if err != nil {
				streamsErr = err
				return
			}
			streamsList = append(streamsList, s)
		}
	})
	if streamsErr != nil {
		tb.Fatal(streamsErr)
	}
	return streamsList
}

func loadStream(ver string) (*stream, error) {
	name := filepath.Join("testdata", ver+"_session_update.jsonl")
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	s := &stream{ver: ver}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := bytes.Clone(sc.Bytes())
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var head struct {
			Update struct {
				SessionUpdate string `json:"sessionUpdate"`
			} `json:"update"`
		}
		if err := json.Unmarshal(line, &head); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, len(s.lines)+1, err)
		}
		s.lines = append(s.lines, line)
		s.kinds = append(s.kinds, head.Update.SessionUpdate)
		s.bytes += int64(len(line))
	}
	return s, sc.Err()
}

// variants returns the kinds in order of first appearance and, for each,
// the index of the line used by the single-message benchmarks: the
// median-length line of that kind, except for tool_call_update, where it is
// the longest one (the one carrying a diff), which is the structurally
// richest message of the stream.
func (s *stream) variants() (kinds []string, pick map[string]int) {
	byKind := map[string][]int{}
	for i, k := range s.kinds {
		if _, ok := byKind[k]; !ok {
			kinds = append(kinds, k)
		}
		byKind[k] = append(byKind[k], i)
	}
	pick = map[string]int{}
	for k, idx := range byKind {
		idx = append([]int(nil), idx...)
		sort.SliceStable(idx, func(a, b int) bool { return len(s.lines[idx[a]]) < len(s.lines[idx[b]]) })
		if k == "tool_call_update" {
			pick[k] = idx[len(idx)-1]
			for _, i := range idx {
				if bytes.Contains(s.lines[i], []byte(`"type":"diff"`)) {
					pick[k] = i
				}
			}
		} else {
			pick[k] = idx[len(idx)/2]
		}
	}
	return kinds, pick
}

// codec decodes line i of a stream into its own slot and encodes that slot
// again. Every implementation decodes into a zero value (acpgen's
// UnmarshalJSON zeroes the target itself; the baseline slot is zeroed
// first, as encoding/json would otherwise reuse slices from the previous
// iteration and under-count allocations).
type codec interface {
	decode(i int, line []byte) error
	encode(i int) ([]byte, error)
	value(i int) any // the decoded value, for tests
}

// acpgenCodec uses the generated methods directly (std=false) or through
// encoding/json (std=true).
type acpgenCodec[T any, PT interface {
	*T
	json.Unmarshaler
	json.Marshaler
}] struct {
	out []T
	std bool
}

func (c *acpgenCodec[T, PT]) decode(i int, line []byte) error {
	if c.std {
		return json.Unmarshal(line, &c.out[i])
	}
	return PT(&c.out[i]).UnmarshalJSON(line)
}

func (c *acpgenCodec[T, PT]) encode(i int) ([]byte, error) {
	if c.std {
		return json.Marshal(&c.out[i])
	}
	return PT(&c.out[i]).MarshalJSON()
}

func (c *acpgenCodec[T, PT]) value(i int) any { return &c.out[i] }

// flatCodec is the baseline: O holds updates whose content is an object (or
// absent), A those whose content is an array.
type flatCodec[O, A any] struct {
	obj   []O
	arr   []A
	isArr []bool
}

func (c *flatCodec[O, A]) decode(i int, line []byte) error {
	if c.isArr[i] {
		var zero A
		c.arr[i] = zero
		return json.Unmarshal(line, &c.arr[i])
	}
	var zero O
	c.obj[i] = zero
	return json.Unmarshal(line, &c.obj[i])
}

func (c *flatCodec[O, A]) encode(i int) ([]byte, error) {
	if c.isArr[i] {
		return json.Marshal(&c.arr[i])
	}
	return json.Marshal(&c.obj[i])
}

func (c *flatCodec[O, A]) value(i int) any {
	if c.isArr[i] {
		return &c.arr[i]
	}
	return &c.obj[i]
}

const (
	implBaseline     = "baseline"
	implAcpgen       = "acpgen"
	implAcpgenStdlib = "acpgen-stdlib"
)

var allImpls = []string{implBaseline, implAcpgen, implAcpgenStdlib}

func newCodec(s *stream, impl string) codec {
	n := len(s.lines)
	switch impl {
	case implAcpgen, implAcpgenStdlib:
		std := impl == implAcpgenStdlib
		if s.ver == "v1" {
			return &acpgenCodec[acp1.SessionNotification, *acp1.SessionNotification]{out: make([]acp1.SessionNotification, n), std: std}
		}
		return &acpgenCodec[acp2.UpdateSessionNotification, *acp2.UpdateSessionNotification]{out: make([]acp2.UpdateSessionNotification, n), std: std}
	case implBaseline:
		isArr := make([]bool, n)
		for i, k := range s.kinds {
			isArr[i] = baselineShape(k)
		}
		if s.ver == "v1" {
			return &flatCodec[v1FlatObj, v1FlatArr]{obj: make([]v1FlatObj, n), arr: make([]v1FlatArr, n), isArr: isArr}
		}
		return &flatCodec[v2FlatObj, v2FlatArr]{obj: make([]v2FlatObj, n), arr: make([]v2FlatArr, n), isArr: isArr}
	}
	panic("unknown impl " + impl)
}

// ---- tests ----

// jsonValue decodes data into any, keeping numbers as json.Number.
func jsonValue(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("trailing data")
	}
	return v, nil
}

// jsonDiff returns "" when a and b are the same JSON value (decoded into any
// with UseNumber and compared with reflect.DeepEqual), else where they
// first differ.
func jsonDiff(a, b []byte) string {
	va, err := jsonValue(a)
	if err != nil {
		return "first: " + err.Error()
	}
	vb, err := jsonValue(b)
	if err != nil {
		return "second: " + err.Error()
	}
	if reflect.DeepEqual(va, vb) {
		return ""
	}
	return firstDiff("$", va, vb)
}

func firstDiff(path string, a, b any) string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: object vs %T", path, b)
		}
		keys := map[string]bool{}
		for k := range x {
			keys[k] = true
		}
		for k := range y {
			keys[k] = true
		}
		sorted := make([]string, 0, len(keys))
		for k := range keys {
			sorted = append(sorted, k)
		}
		sort.Strings(sorted)
		for _, k := range sorted {
			xv, xok := x[k]
			yv, yok := y[k]
			switch {
			case !xok:
				return fmt.Sprintf("%s.%s: absent vs present", path, k)
			case !yok:
				return fmt.Sprintf("%s.%s: present vs absent", path, k)
			}
			if d := firstDiff(path+"."+k, xv, yv); d != "" {
				return d
			}
		}
		return ""
	case []any:
		y, ok := b.([]any)
		if !ok {
			return fmt.Sprintf("%s: array vs %T", path, b)
		}
		if len(x) != len(y) {
			return fmt.Sprintf("%s: %d items vs %d", path, len(x), len(y))
		}
		for i := range x {
			if d := firstDiff(fmt.Sprintf("%s[%d]", path, i), x[i], y[i]); d != "" {
				return d
			}
		}
		return ""
	}
	if !reflect.DeepEqual(a, b) {
		return fmt.Sprintf("%s: %#v vs %#v", path, a, b)
	}
	return ""
}

// variantType is the Go type name of the decoded update's variant.
func variantType(v any) string {
	switch n := v.(type) {
	case *acp1.SessionNotification:
		return fmt.Sprintf("%T", n.Update.Value)
	case *acp2.UpdateSessionNotification:
		return fmt.Sprintf("%T", n.Update.Value)
	}
	return ""
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

// TestStreamRoundTrip checks that every line decodes with every
// implementation and re-encodes to the same JSON value, and that acpgen
// picks a known variant (not the catch-all) for every line.
func TestStreamRoundTrip(t *testing.T) {
	for _, s := range loadStreams(t) {
		if len(s.lines) < 150 {
			t.Errorf("%s: only %d messages", s.ver, len(s.lines))
		}
		for _, impl := range allImpls {
			t.Run(s.ver+"/"+impl, func(t *testing.T) {
				c := newCodec(s, impl)
				for i, line := range s.lines {
					if err := c.decode(i, line); err != nil {
						t.Fatalf("line %d (%s): decode: %v", i+1, s.kinds[i], err)
					}
					if impl != implBaseline {
						vt := variantType(c.value(i))
						if want := "*acp.SessionUpdate" + camel(s.kinds[i]); vt != want {
							t.Errorf("line %d: sessionUpdate %q decoded as %s", i+1, s.kinds[i], vt)
						}
					}
					out, err := c.encode(i)
					if err != nil {
						t.Fatalf("line %d (%s): encode: %v", i+1, s.kinds[i], err)
					}
					if d := jsonDiff(line, out); d != "" {
						t.Errorf("line %d (%s): round trip differs: %s\n in: %s\nout: %s", i+1, s.kinds[i], d, line, out)
					}
				}
			})
		}
	}
}

// TestAllocsPerMessage logs allocations per message (testing.AllocsPerRun)
// for the whole stream and for the single-message benchmark lines, and
// checks the "allocs/msg <= baseline+2" target for stream decoding.
func TestAllocsPerMessage(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	for _, s := range loadStreams(t) {
		n := float64(len(s.lines))
		res := map[string][2]float64{}
		for _, impl := range allImpls {
			c := newCodec(s, impl)
			dec := testing.AllocsPerRun(20, func() {
				for i, l := range s.lines {
					if err := c.decode(i, l); err != nil {
						t.Fatal(err)
					}
				}
			}) / n
			enc := testing.AllocsPerRun(20, func() {
				for i := range s.lines {
					if _, err := c.encode(i); err != nil {
						t.Fatal(err)
					}
				}
			}) / n
			res[impl] = [2]float64{dec, enc}
			t.Logf("%s stream %-13s decode %5.2f allocs/msg  encode %5.2f allocs/msg", s.ver, impl, dec, enc)
		}
		kinds, pick := s.variants()
		for _, k := range kinds {
			i := pick[k]
			line := fmt.Sprintf("%s %-24s (%5d B)", s.ver, k, len(s.lines[i]))
			for _, impl := range allImpls {
				c := newCodec(s, impl)
				dec := testing.AllocsPerRun(100, func() { _ = c.decode(i, s.lines[i]) })
				enc := testing.AllocsPerRun(100, func() { _, _ = c.encode(i) })
				line += fmt.Sprintf("  %s %2.0f/%2.0f", impl, dec, enc)
			}
			t.Log(line + "   (decode/encode allocs)")
		}
		if a, b := res[implAcpgen][0], res[implBaseline][0]; a > b+2 {
			t.Logf("%s: acpgen decode %.2f allocs/msg > baseline %.2f + 2 (target missed)", s.ver, a, b)
		}
	}
}

// ---- benchmarks ----

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

func BenchmarkStreamDecode(b *testing.B) {
	for _, s := range loadStreams(b) {
		for _, impl := range allImpls {
			b.Run(s.ver+"/impl="+impl, func(b *testing.B) {
				c := newCodec(s, impl)
				b.SetBytes(s.bytes)
				b.ReportAllocs()
				m0 := mallocs()
				for b.Loop() {
					for i, l := range s.lines {
						if err := c.decode(i, l); err != nil {
							b.Fatal(err)
						}
					}
				}
				reportPerMsg(b, m0, len(s.lines))
			})
		}
	}
}

func BenchmarkStreamEncode(b *testing.B) {
	for _, s := range loadStreams(b) {
		for _, impl := range allImpls {
			b.Run(s.ver+"/impl="+impl, func(b *testing.B) {
				c := newCodec(s, impl)
				for i, l := range s.lines {
					if err := c.decode(i, l); err != nil {
						b.Fatal(err)
					}
				}
				b.SetBytes(s.bytes)
				b.ReportAllocs()
				m0 := mallocs()
				for b.Loop() {
					for i := range s.lines {
						out, err := c.encode(i)
						if err != nil {
							b.Fatal(err)
						}
						sink += len(out)
					}
				}
				reportPerMsg(b, m0, len(s.lines))
			})
		}
	}
}

// The single-message benchmarks compare acpgen (direct methods) with the
// baseline; the stdlib wrapper is measured on the streams only, to keep the
// run short.
var messageImpls = []string{implBaseline, implAcpgen}

func BenchmarkMessageDecode(b *testing.B) {
	for _, s := range loadStreams(b) {
		kinds, pick := s.variants()
		for _, k := range kinds {
			i := pick[k]
			line := s.lines[i]
			for _, impl := range messageImpls {
				b.Run(s.ver+"/variant="+k+"/impl="+impl, func(b *testing.B) {
					c := newCodec(s, impl)
					b.SetBytes(int64(len(line)))
					b.ReportAllocs()
					for b.Loop() {
						if err := c.decode(i, line); err != nil {
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
		kinds, pick := s.variants()
		for _, k := range kinds {
			i := pick[k]
			line := s.lines[i]
			for _, impl := range messageImpls {
				b.Run(s.ver+"/variant="+k+"/impl="+impl, func(b *testing.B) {
					c := newCodec(s, impl)
					if err := c.decode(i, line); err != nil {
						b.Fatal(err)
					}
					b.SetBytes(int64(len(line)))
					b.ReportAllocs()
					for b.Loop() {
						out, err := c.encode(i)
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
