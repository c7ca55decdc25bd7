package acptest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// Fuzzing helpers shared by the generated packages' fuzz targets: the
// property every target checks and the seeds every target starts from.

// FixedPoint is the property every target checks, for any generated type T:
//
//   - UnmarshalJSON (called directly, without encoding/json's syntax
//     pre-check, so malformed input reaches the generated decoder) never
//     panics, and never accepts input that is not valid JSON;
//   - if it succeeds, MarshalJSON never panics; it may return an error,
//     but if it does not, its output is valid JSON;
//   - that output decodes again, and re-encodes to byte-identical output
//     (decode → encode → decode → encode is a fixed point).
func FixedPoint[T any, PT interface {
	*T
	json.Unmarshaler
	json.Marshaler
}](t *testing.T, data []byte) {
	t.Helper()
	v := PT(new(T))
	if err := v.UnmarshalJSON(data); err != nil {
		return
	}
	if !json.Valid(data) {
		t.Fatalf("%T: invalid JSON decoded without error\ninput: %q", v, data)
	}
	out1, err := v.MarshalJSON()
	if err != nil {
		return
	}
	if !json.Valid(out1) {
		t.Fatalf("%T: encoding is not valid JSON\ninput:  %q\noutput: %q", v, data, out1)
	}
	v2 := PT(new(T))
	if err := v2.UnmarshalJSON(out1); err != nil {
		t.Fatalf("%T: decoding own encoding failed: %v\ninput:  %q\noutput: %q", v, err, data, out1)
	}
	out2, err := v2.MarshalJSON()
	if err != nil {
		t.Fatalf("%T: re-encoding failed: %v\ninput:  %q\noutput: %q", v, err, data, out1)
	}
	if !bytes.Equal(out1, out2) {
		t.Fatalf("%T: encoding is not a fixed point\ninput:  %q\nfirst:  %q\nsecond: %q", v, data, out1, out2)
	}
}

// FuzzSeed adds every fixture of type typ (from testdata/fixtures of the
// package under test) (as written in the file, and
// cut in half), some inputs every decoder must survive, and extra.
func FuzzSeed(f *testing.F, typ string, extra ...string) {
	f.Helper()
	fixtures, err := LoadFixtures(filepath.Join("testdata", "fixtures"))
	if err != nil {
		f.Fatal(err)
	}
	n := 0
	for _, fx := range fixtures {
		if fx.Type != typ {
			continue
		}
		n++
		f.Add(fx.JSON)
		f.Add(Compact(fx.JSON))
		f.Add(fx.JSON[:len(fx.JSON)/2])
	}
	if n == 0 {
		f.Fatalf("no %s fixtures", typ)
	}
	for _, s := range CommonEdgeInputs {
		f.Add([]byte(s))
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

// Nesting in the seeds is deep but well under encoding/json's limit of
// 10000: a seed of that size makes the fuzzer spend its whole budget
// minimising mutants of it. The limit itself is checked by
// the packages' TestFuzzPropertyAtDepthLimit.
var (
	DeepArrays  = DeepArray(300)
	DeepObjects = DeepObject(300)
)

func DeepArray(depth int) string { return strings.Repeat("[", depth) + strings.Repeat("]", depth) }

func DeepObject(depth int) string {
	return strings.Repeat(`{"a":`, depth-1) + "{}" + strings.Repeat("}", depth-1)
}

// AtDepthLimit returns, for each template (a JSON text with one %s, the
// place the nested value goes, wrapped in wraps containers), arrays and
// objects nested to a total depth of 9999, 10000 (encoding/json's limit)
// and 10001.
func AtDepthLimit(templates map[string]int) map[string][]byte {
	out := map[string][]byte{}
	for tmpl, wraps := range templates {
		for _, total := range []int{9999, 10000, 10001} {
			d := total - wraps
			out[fmt.Sprintf("%s/arrays%d", tmpl, total)] = []byte(fmt.Sprintf(tmpl, DeepArray(d)))
			out[fmt.Sprintf("%s/objects%d", tmpl, total)] = []byte(fmt.Sprintf(tmpl, DeepObject(d)))
		}
	}
	return out
}

// CommonEdgeInputs are inputs every decoder must survive.
var CommonEdgeInputs = []string{
	``, ` `, `null`, `true`, `0`, `-0`, `1e400`, `18446744073709551616`, `""`, `"\u0000"`,
	`{`, `}`, `[`, `{}`, `[]`, `{"":null}`, `{"a"}`, `{"a":}`, `{,}`, `[1,]`,
	`"\ud800"`, `"\udc00\ud800x"`, "\"\xff\xfe\"", `"\u00e9\ud83d\ude00\u2028"`,
	DeepArrays, DeepObjects, `{"_meta":` + DeepArrays + `}`,
	`{} {}`, `{}x`, "{}\x00",
}

// MetaEdge is a _meta object full of numbers and strings that must be
// kept byte for byte.
const MetaEdge = `{"seq":12345678901234567890,"neg":-98765432109876543210,"f":0.1000000000000000055511151231257827,"e":1E+400,"s":"caf\u00e9 \ud83d\ude00 \ud800","n":[1.0,-0,null],"k\u0000":{}}`

// TextBlock is a text content block with escapes, surrogates and HTML
// characters.
const TextBlock = `{"type":"text","text":"caf\u00e9 \ud83d\ude00 \"q\" \\ \u2028 <tag> &amp; \ud800 \u0000"}`

// EncodedFixedPoint is the property of the encode-side fuzz targets, over
// values built in Go rather than decoded: encoding v never panics; if it
// succeeds, the output is valid JSON, decodes into a new value of the same
// type, and that value encodes to the same bytes.
func EncodedFixedPoint[T any, PT interface {
	*T
	json.Unmarshaler
	json.Marshaler
}](t *testing.T, v PT) {
	t.Helper()
	out, err := v.MarshalJSON()
	if err != nil {
		return
	}
	if !json.Valid(out) {
		t.Fatalf("%T: encoding is not valid JSON: %q", v, out)
	}
	w := PT(new(T))
	if err := w.UnmarshalJSON(out); err != nil {
		t.Fatalf("%T: decoding its own encoding failed: %v\noutput: %q", v, err, out)
	}
	again, err := w.MarshalJSON()
	if err != nil || !bytes.Equal(again, out) {
		t.Fatalf("%T: re-encoding gave %q (%v)\nfirst: %q", v, again, err, out)
	}
}
