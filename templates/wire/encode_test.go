package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestAppendQuoted(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `""`},
		{"plain text", `"plain text"`},
		{`a"b\c`, `"a\"b\\c"`},
		{"\b\f\n\r\t", `"\b\f\n\r\t"`},
		{"\x00\x01\x1f", `"\u0000\u0001\u001f"`},
		{"\x7f/", "\"\x7f/\""},
		{"<a&b>", `"<a&b>"`},
		{"é✓😀", `"é✓😀"`},
		{"\u2028x\u2029", `"\u2028x\u2029"`},
		{"a\xffb", "\"a\uFFFDb\""},
		{"\xed\xa0\x80", "\"\uFFFD\uFFFD\uFFFD\""},
		{"\xe2\x82", "\"\uFFFD\uFFFD\""},
	}
	for _, tt := range tests {
		if got := string(AppendQuoted([]byte("x"), tt.in)); got != "x"+tt.want {
			t.Errorf("AppendQuoted(%q) = %s, want x%s", tt.in, got, tt.want)
		}
		s := tt.in
		if got, err := AppendString(&s, nil); err != nil || string(got) != tt.want {
			t.Errorf("AppendString(%q) = %s, %v", tt.in, got, err)
		}
	}
}

func TestAppendScalars(t *testing.T) {
	b, i32, i64 := true, int32(math.MinInt32), int64(math.MinInt64)
	u16, u32, u64 := uint16(math.MaxUint16), uint32(math.MaxUint32), uint64(math.MaxUint64)
	f := 0.1
	raw, empty := json.RawMessage(`{"a": 1}`), json.RawMessage(nil)
	appends := []struct {
		name string
		fn   func([]byte) ([]byte, error)
		want string
	}{
		{"bool", func(buf []byte) ([]byte, error) { return AppendBool(&b, buf) }, "true"},
		{"int32", func(buf []byte) ([]byte, error) { return AppendInt32(&i32, buf) }, "-2147483648"},
		{"int64", func(buf []byte) ([]byte, error) { return AppendInt64(&i64, buf) }, "-9223372036854775808"},
		{"uint16", func(buf []byte) ([]byte, error) { return AppendUint16(&u16, buf) }, "65535"},
		{"uint32", func(buf []byte) ([]byte, error) { return AppendUint32(&u32, buf) }, "4294967295"},
		{"uint64", func(buf []byte) ([]byte, error) { return AppendUint64(&u64, buf) }, "18446744073709551615"},
		{"float64", func(buf []byte) ([]byte, error) { return AppendFloat64(&f, buf) }, "0.1"},
		{"raw", func(buf []byte) ([]byte, error) { return AppendRaw(&raw, buf) }, `{"a": 1}`},
		{"raw empty", func(buf []byte) ([]byte, error) { return AppendRaw(&empty, buf) }, "null"},
		{"raw nil", func(buf []byte) ([]byte, error) { return AppendRaw(nil, buf) }, "null"},
	}
	for _, tt := range appends {
		got, err := tt.fn([]byte("["))
		if err != nil || string(got) != "["+tt.want {
			t.Errorf("%s: got %s, %v; want [%s", tt.name, got, err, tt.want)
		}
	}
	b = false
	if got, _ := AppendBool(&b, nil); string(got) != "false" {
		t.Errorf("false: %s", got)
	}
	var back uint64
	if err := UnmarshalWith(&back, []byte("18446744073709551615"), DecodeUint64); err != nil || back != u64 {
		t.Errorf("uint64 round trip: %v, %v", back, err)
	}
}

func TestAppendFloat64(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "-0"}, {1, "1"}, {-1.5, "-1.5"}, {0.1, "0.1"},
		{1e-6, "0.000001"}, {1e-7, "1e-7"}, {1.5e-9, "1.5e-9"}, {1e-10, "1e-10"}, {5e-324, "5e-324"},
		{1e20, "100000000000000000000"}, {1e21, "1e+21"}, {-1.2345e300, "-1.2345e+300"},
		{123456789, "123456789"}, {math.MaxFloat64, "1.7976931348623157e+308"},
	}
	for _, tt := range tests {
		got, err := AppendFloat64(&tt.in, nil)
		if err != nil || string(got) != tt.want {
			t.Errorf("AppendFloat64(%v) = %s, %v; want %s", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []struct {
		f    float64
		want string
	}{
		{math.NaN(), "$: unsupported float value NaN"},
		{math.Inf(1), "$: unsupported float value +Inf"},
		{math.Inf(-1), "$: unsupported float value -Inf"},
	} {
		_, err := AppendFloat64(&bad.f, nil)
		if _, ok := err.(*EncodeError); !ok || err.Error() != bad.want {
			t.Errorf("AppendFloat64(%v) error = %v, want EncodeError %q", bad.f, err, bad.want)
		}
	}
}

// wireTestMarshal encodes v as encoding/json does with HTML escaping off,
// which is the escaping the appenders promise to match.
func wireTestMarshal(t *testing.T, v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

// wireTestQuoted is how acpgen quotes s: as encoding/json does, except
// that invalid UTF-8 becomes the replacement character itself rather than
// its \ufffd escape (so that encoding is a fixed point).
func wireTestQuoted(t *testing.T, s string) string {
	return strings.ReplaceAll(wireTestMarshal(t, s), `\ufffd`, "\uFFFD")
}

// wireTestRandomString mixes the characters that matter for escaping with random
// bytes, so invalid UTF-8 and every escape class show up often.
func wireTestRandomString(r *rand.Rand) string {
	pieces := []string{"a", "Z", " ", `"`, `\`, "/", "\x00", "\x1f", "\n", "\t", "\x7f", "<", "&",
		"é", "✓", "😀", "\u2028", "\u2029", "\ufffd", "\xff", "\xed\xa0\x80", "\xe2\x82", "\xf0\x9f\x98"}
	var sb strings.Builder
	for n := r.IntN(20); n > 0; n-- {
		if r.IntN(4) == 0 {
			sb.WriteByte(byte(r.IntN(256)))
		} else {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
	}
	return sb.String()
}

func TestStringRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		s := wireTestRandomString(r)
		mine := AppendQuoted(nil, s)
		if want := wireTestQuoted(t, s); string(mine) != want {
			t.Fatalf("AppendQuoted(%q) = %s, want %s", s, mine, want)
		}
		if !json.Valid(mine) || !utf8.Valid(mine) {
			t.Fatalf("AppendQuoted(%q) = %q is not valid", s, mine)
		}
		var viaJSON, viaWire string
		if err := json.Unmarshal(mine, &viaJSON); err != nil || viaJSON != strings.ToValidUTF8(viaJSON, "") {
			t.Fatalf("encoding/json cannot read %s: %v", mine, err)
		}
		theirs, _ := json.Marshal(s) // with HTML escaping, for variety
		if err := UnmarshalWith(&viaWire, theirs, DecodeString); err != nil || viaWire != viaJSON {
			t.Fatalf("DecodeString(%s) = %q, %v; want %q", theirs, viaWire, err, viaJSON)
		}
		if utf8.ValidString(s) && viaJSON != s {
			t.Fatalf("valid string %q did not survive: %q", s, viaJSON)
		}
	}
}

func TestFloatRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 50000 {
		var f float64
		switch i % 3 {
		case 0:
			f = math.Float64frombits(r.Uint64())
		case 1:
			f = (r.Float64() - 0.5) * math.Pow(10, float64(r.IntN(60)-30))
		default:
			f = float64(r.Int64N(1<<53)) * math.Pow10(r.IntN(12)-6)
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		mine, err := AppendFloat64(&f, nil)
		want, _ := json.Marshal(f)
		if err != nil || string(mine) != string(want) || !json.Valid(mine) {
			t.Fatalf("AppendFloat64(%v) = %s, %v; encoding/json %s", f, mine, err, want)
		}
		var viaJSON, viaWire float64
		if err := json.Unmarshal(mine, &viaJSON); err != nil || viaJSON != f {
			t.Fatalf("encoding/json read %s as %v, %v; want %v", mine, viaJSON, err, f)
		}
		if err := UnmarshalWith(&viaWire, want, DecodeFloat64); err != nil || viaWire != f {
			t.Fatalf("DecodeFloat64(%s) = %v, %v; want %v", want, viaWire, err, f)
		}
	}
}

func TestComma(t *testing.T) {
	buf := []byte(`{"a":{`)
	open := len(buf)
	buf = Comma(buf, open)
	buf = append(buf, `"x":1`...)
	buf = Comma(buf, open)
	buf = append(buf, `"y":2}`...)
	if string(buf) != `{"a":{"x":1,"y":2}` {
		t.Errorf("Comma built %s", buf)
	}
}

func TestAppendSlice(t *testing.T) {
	got, err := AppendSlice(nil, []string(nil), AppendString)
	if err != nil || string(got) != "[]" {
		t.Errorf("nil slice = %s, %v", got, err)
	}
	got, err = AppendSlice([]byte("x"), []string{"a", "b\n"}, AppendString)
	if err != nil || string(got) != `x["a","b\n"]` {
		t.Errorf("slice = %s, %v", got, err)
	}
	floats := [][]float64{{1}, {2, math.NaN()}}
	appendInner := func(s *[]float64, buf []byte) ([]byte, error) { return AppendSlice(buf, *s, AppendFloat64) }
	_, err = AppendSlice(nil, floats, appendInner)
	if wireTestErrText(err) != "$[1][1]: unsupported float value NaN" {
		t.Errorf("nested slice error = %v", err)
	}
}

func TestAppendMap(t *testing.T) {
	got, err := AppendMap(nil, map[string]int64(nil), AppendInt64)
	if err != nil || string(got) != "{}" {
		t.Errorf("nil map = %s, %v", got, err)
	}
	m := map[string]int64{"b": 2, "a": 1, "a b": 3, "\n": 0}
	got, err = AppendMap(nil, m, AppendInt64)
	if err != nil || string(got) != `{"\n":0,"a":1,"a b":3,"b":2}` {
		t.Errorf("map = %s, %v", got, err)
	}
	want, _ := json.Marshal(m)
	if string(got) != string(want) {
		t.Errorf("map %s differs from encoding/json %s", got, want)
	}
	_, err = AppendMap(nil, map[string]float64{"ok": 1, "bad key": math.Inf(1)}, AppendFloat64)
	if wireTestErrText(err) != `$["bad key"]: unsupported float value +Inf` {
		t.Errorf("map error = %v", err)
	}
}

func TestAppendExtra(t *testing.T) {
	extra := map[string]json.RawMessage{"z": json.RawMessage(`[1]`), "a\"": json.RawMessage(`{"k":true}`), "n": nil}
	buf := []byte(`{`)
	open := len(buf)
	buf, _ = AppendExtra(buf, open, extra)
	buf = append(buf, '}')
	if string(buf) != `{"a\"":{"k":true},"n":null,"z":[1]}` || !json.Valid(buf) {
		t.Errorf("extra only = %s", buf)
	}
	buf, _ = AppendExtra([]byte(`{"known":1`), 1, extra)
	buf = append(buf, '}')
	if string(buf) != `{"known":1,"a\"":{"k":true},"n":null,"z":[1]}` {
		t.Errorf("after known members = %s", buf)
	}
	if got, err := AppendExtra([]byte("{"), 1, nil); string(got) != "{" || err != nil {
		t.Errorf("nil extra = %s, %v", got, err)
	}
	bad := map[string]json.RawMessage{"k": json.RawMessage(`1,"x":2`)}
	if got, err := AppendExtra([]byte("{"), 1, bad); err == nil {
		t.Errorf("an extra member that is not one JSON value was written: %s", got)
	}
}

// A json.RawMessage is written as it is, so what is not exactly one JSON
// value is an encode error: invalid bytes, or more than one value (which
// would add members to the enclosing object).
func TestAppendRawChecked(t *testing.T) {
	for in, want := range map[string]string{`{"a":[1,2]}`: `{"a":[1,2]}`, " 1 \n": `1`, `"s"`: `"s"`, `null`: `null`} {
		raw := json.RawMessage(in)
		if out, err := AppendRaw(&raw, nil); err != nil || string(out) != want {
			t.Errorf("%q: %s, %v", in, out, err)
		}
	}
	for _, bad := range []string{`1,"toolCallId":"evil"`, `{`, `nul`, `1 2`, "\"x\x01\""} {
		raw := json.RawMessage(bad)
		var ee *EncodeError
		if out, err := AppendRaw(&raw, nil); !errors.As(err, &ee) {
			t.Errorf("%q: wrote %s, error %v; want an *EncodeError", bad, out, err)
		}
	}
}

func TestAppendAllocs(t *testing.T) {
	buf := make([]byte, 0, 256)
	s := "a string with no escapes, é ✓"
	f := 1234.5678
	if n := testing.AllocsPerRun(100, func() { _, _ = AppendString(&s, buf[:0]) }); n != 0 {
		t.Errorf("AppendString allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = AppendFloat64(&f, buf[:0]) }); n != 0 {
		t.Errorf("AppendFloat64 allocates %v times", n)
	}
}

// TestLongStringEncode covers the word-at-a-time writing and the growth
// for long strings: plain runs of every length around a word (and, with
// longRun, past the eight words after which wireQuoteWords copies the
// rest of a run in one call), broken by escapes, invalid UTF-8 and U+2028
// at every alignment, in strings shorter and longer than wireLongString,
// appended after existing output, against encoding/json.
func TestLongStringEncode(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, longRun := range []bool{false, true} {
		run := 17
		if longRun {
			run = 200
		}
		for _, size := range []int{7, 8, 9, 63, 1000, wireLongString + 1, 3 * wireLongString, 100000} {
			wireTestLongStrings(t, r, size, run)
		}
	}
}

// TestQuoteDenseWords covers the words wireQuoteASCII expands byte by
// byte: ASCII text dense with two-byte escapes (up to all eight bytes of
// a word, sixteen bytes out), with a six-byte control character or a
// non-ASCII character among them at every position, written into outputs
// with every amount of free capacity around wireQuoteRoom, against
// encoding/json.
func TestQuoteDenseWords(t *testing.T) {
	pieces := []string{"a", "a", "a", `"`, `\`, "\n", "\t", "\r", "\b", "\f", "\x01", "\x1f", "\x7f", "é"}
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		var sb strings.Builder
		for n := 8 + r.IntN(40); sb.Len() < n; {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := sb.String()
		want := `{"k":` + wireTestQuoted(t, s)
		room := r.IntN(2 * wireQuoteRoom)
		buf := append(make([]byte, 0, 5+room), `{"k":`...)
		if got := AppendQuoted(buf, s); string(got) != want {
			t.Fatalf("%q with %d bytes of room: got %s, want %s", s, room, got, want)
		}
	}
	all := strings.Repeat("\"\\\n\t\r\b\f\"", 8)
	if got, want := string(AppendQuoted(nil, all)), wireTestQuoted(t, all); got != want {
		t.Fatalf("every byte escaped: got %s, want %s", got, want)
	}
}

// TestQuoteASCIIExpands pins which path wireQuoteASCII takes for a word,
// which output comparisons alone cannot see: with exactly wireQuoteRoom
// bytes of room, a word expanded through the table advances a whole word
// (and writes nothing past sixteen bytes), while a word holding a six-byte
// escape goes one escape at a time.
func TestQuoteASCIIExpands(t *testing.T) {
	for _, tt := range []struct {
		s    string
		n, i int
	}{
		{"\"\\\n\t\r\b\f\"tail-of-it", 16, 8},       // every byte escaped: sixteen bytes out
		{"ab\ncd\tef" + "tail-of-it", 10, 8},        // plain bytes around two escapes
		{"\n\n\n\n\n\n\n\x01" + "tail-of-it", 2, 1}, // a six-byte escape: the first escape alone
	} {
		out := make([]byte, wireQuoteRoom+1)
		out[wireQuoteRoom-1], out[wireQuoteRoom] = '#', '#'
		n, i, _ := wireQuoteASCII(out[:wireQuoteRoom], 0, tt.s, 0)
		if n != tt.n || i != tt.i {
			t.Errorf("%q: stopped at out %d, s %d; want %d, %d", tt.s, n, i, tt.n, tt.i)
		}
		if want := wireTestQuoted(t, tt.s[:i]); string(out[:n]) != want[1:len(want)-1] {
			t.Errorf("%q: wrote %q, want %q", tt.s, out[:n], want[1:len(want)-1])
		}
		if out[wireQuoteRoom-1] != '#' || out[wireQuoteRoom] != '#' {
			t.Errorf("%q: wrote past sixteen bytes: %q", tt.s, out)
		}
	}
}

// TestExpandEscapes checks wireExpandEscapes against wireStoreEscape for
// every byte: two-byte escapes and plain ASCII bytes with their output and
// length, everything else with the length that sends its word elsewhere.
func TestExpandEscapes(t *testing.T) {
	for c := range 256 {
		e := wireExpandEscapes[c]
		out, size := []byte{byte(e), byte(e >> 8)}, e>>16
		var esc [6]byte
		switch {
		case c >= utf8.RuneSelf || !wireStrPlain[c] && wireStoreEscape(esc[:], byte(c)) == 6:
			if size != 17 {
				t.Errorf("byte %#x: length %d, want 17", c, size)
			}
		case wireStrPlain[c]:
			if size != 1 || out[0] != byte(c) {
				t.Errorf("byte %#x: %q length %d, want itself", c, out, size)
			}
		default:
			n := wireStoreEscape(esc[:], byte(c))
			if size != 2 || string(out) != string(esc[:n]) {
				t.Errorf("byte %#x: %q length %d, want %q", c, out, size, esc[:n])
			}
		}
	}
}

// wireTestLongStrings checks 20 random strings of at least size bytes,
// plain runs of up to run-1 bytes between random pieces.
func wireTestLongStrings(t *testing.T, r *rand.Rand, size, run int) {
	t.Helper()
	for range 20 {
		var sb strings.Builder
		for sb.Len() < size {
			sb.WriteString(strings.Repeat("abcdefgh", 25)[:r.IntN(run)])
			if r.IntN(3) == 0 {
				sb.WriteString(wireTestRandomString(r))
			}
		}
		s := sb.String()
		got := AppendQuoted([]byte(`{"k":`), s)
		if want := `{"k":` + wireTestQuoted(t, s); string(got) != want {
			t.Fatalf("size %d, runs up to %d: AppendQuoted differs from encoding/json", size, run)
		}
	}
}

// FuzzAppendQuoted checks string encoding on any input, after other
// output: the result is valid JSON and UTF-8, decodes (with encoding/json
// and with our decoder) to the string with invalid UTF-8 replaced by
// U+FFFD, and for valid UTF-8 is byte for byte what encoding/json writes
// without HTML escaping. Seeds cover the word loop's edges: runs around
// eight and 64 bytes, escapes and characters straddling words.
func FuzzAppendQuoted(f *testing.F) {
	for _, s := range []string{"", "a", "abcdefg\n", "abcdefgh\"", "1234567\xe9\x80", "\u2028\u2029\x00\x1f",
		strings.Repeat("x", 63) + "\\", strings.Repeat("y", 70) + "é" + strings.Repeat("z", 9) + "\xff",
		strings.Repeat("\t\"ab", 20), "\xed\xa0\x80 \xf0\x9f\x98 😀",
		"\"\\\n\t\r\b\f\x01", "\t\t\t\t\t\t\t\x1f\x1b[0m\n\x1b[1m"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		prefix := []byte(`{"k":`)
		out := AppendQuoted(prefix, s)
		if string(out[:len(prefix)]) != `{"k":` {
			t.Fatalf("%q: output before the string changed", s)
		}
		quoted := out[len(prefix):]
		if !json.Valid(quoted) || !utf8.Valid(quoted) {
			t.Fatalf("%q: %q is not valid JSON or UTF-8", s, quoted)
		}
		var viaJSON, viaWire string
		if err := json.Unmarshal(quoted, &viaJSON); err != nil || viaJSON != wireTestReplaceInvalid(s) {
			t.Fatalf("%q: encoding/json reads %q back as %q, %v", s, quoted, viaJSON, err)
		}
		if err := UnmarshalWith(&viaWire, quoted, DecodeString); err != nil || viaWire != viaJSON {
			t.Fatalf("%q: our decoder reads %q back as %q, %v", s, quoted, viaWire, err)
		}
		if utf8.ValidString(s) && string(quoted) != wireTestMarshal(t, s) {
			t.Fatalf("%q: got %s, encoding/json writes %s", s, quoted, wireTestMarshal(t, s))
		}
	})
}

// wireTestReplaceInvalid replaces each invalid UTF-8 byte of s with
// U+FFFD, one for one, as encoding/json does.
func wireTestReplaceInvalid(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		sb.WriteRune(r) // RuneError for an invalid byte, with size 1
		i += size
	}
	return sb.String()
}
