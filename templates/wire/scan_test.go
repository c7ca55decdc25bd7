package wire

import (
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

// wireTestScanCases pairs inputs with the exact error Validate reports ("" for
// valid input); each case is also checked against json.Valid.
var wireTestScanCases = []struct {
	in   string
	want string
}{
	{`null`, ""},
	{` true `, ""},
	{"\t\r\nfalse\n", ""},
	{`0`, ""},
	{`-0`, ""},
	{`-0.0e+0`, ""},
	{`123.456E-7`, ""},
	{`1e999`, ""},
	{`""`, ""},
	{`"a\"\\\/\b\f\n\r\t\u00e9\uD83D\uDE00"`, ""},
	{`"\ud800"`, ""},
	{"\"\xff\xfe\"", ""},
	{"\"\u2028\x7f\"", ""},
	{`{}`, ""},
	{`[]`, ""},
	{` { "a" : [ 1 , { "b" : null } ] , "c" : "" } `, ""},
	{`[[[[]]],{}]`, ""},
	{``, "$: unexpected end of JSON input"},
	{`   `, "$: unexpected end of JSON input"},
	{`{`, "$: unexpected end of JSON input"},
	{`{"a"`, "$: unexpected end of JSON input"},
	{`{"a":`, "$: unexpected end of JSON input"},
	{`{"a":1`, "$: unexpected end of JSON input"},
	{`[1,`, "$: unexpected end of JSON input"},
	{`"abc`, "$: unexpected end of JSON input"},
	{`"\`, "$: unexpected end of JSON input"},
	{`"\u12`, "$: unexpected end of JSON input"},
	{`{"a":}`, "$: invalid character '}' looking for beginning of value"},
	{`{"a" 1}`, "$: invalid character '1' after object key"},
	{`{"a":1 "b":2}`, "$: invalid character '\"' after object key:value pair"},
	{`{"a":1,}`, "$: invalid character '}' looking for beginning of object key string"},
	{`{a:1}`, "$: invalid character 'a' looking for beginning of object key string"},
	{`[1 2]`, "$: invalid character '2' after array element"},
	{`[1,]`, "$: invalid character ']' looking for beginning of value"},
	{`[,1]`, "$: invalid character ',' looking for beginning of value"},
	{`"\x"`, "$: invalid character 'x' in string escape code"},
	{`"\'"`, `$: invalid character '\'' in string escape code`},
	{`"\u12g4"`, "$: invalid character 'g' in \\u hexadecimal character escape"},
	{"\"a\x01\"", "$: invalid character 0x01 in string literal"},
	{"\"a\nb\"", "$: invalid character 0x0a in string literal"},
	{`01`, "$: invalid character '1' after top-level value"},
	{`+1`, "$: invalid character '+' looking for beginning of value"},
	{`.5`, "$: invalid character '.' looking for beginning of value"},
	{`-a`, "$: invalid character 'a' in numeric literal"},
	{`1.`, "$: unexpected end of JSON input"},
	{`1.e3`, "$: invalid character 'e' after decimal point in numeric literal"},
	{`1e`, "$: unexpected end of JSON input"},
	{`1e+`, "$: unexpected end of JSON input"},
	{`1ex`, "$: invalid character 'x' in exponent of numeric literal"},
	{`-`, "$: unexpected end of JSON input"},
	{`tru`, "$: unexpected end of JSON input"},
	{`trux`, "$: invalid character 'x' in literal true"},
	{`fals`, "$: unexpected end of JSON input"},
	{`nulL`, "$: invalid character 'L' in literal null"},
	{`NaN`, "$: invalid character 'N' looking for beginning of value"},
	{`1 2`, "$: invalid character '2' after top-level value"},
	{`{} x`, "$: invalid character 'x' after top-level value"},
	{"\xff", "$: invalid character 0xff looking for beginning of value"},
	{"\ufeff{}", "$: invalid character 0xef looking for beginning of value"},
	{"[1]\x00", "$: invalid character 0x00 after top-level value"},
	{`'a'`, `$: invalid character '\'' looking for beginning of value`},
	{strings.Repeat("[", wireMaxDepth) + strings.Repeat("]", wireMaxDepth), ""},
	{strings.Repeat("[", wireMaxDepth+1) + strings.Repeat("]", wireMaxDepth+1), "$: exceeded max nesting depth 10000"},
	{strings.Repeat(`{"a":`, wireMaxDepth) + "1" + strings.Repeat("}", wireMaxDepth), ""},
	{strings.Repeat(`{"a":`, wireMaxDepth+1) + "1" + strings.Repeat("}", wireMaxDepth+1), "$: exceeded max nesting depth 10000"},
	{strings.Repeat("[", 1<<20), "$: exceeded max nesting depth 10000"},
}

func TestValidate(t *testing.T) {
	for _, tt := range wireTestScanCases {
		err := Validate([]byte(tt.in))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("Validate(%.40q) = %q, want %q", tt.in, got, tt.want)
		}
		if (err == nil) != json.Valid([]byte(tt.in)) {
			t.Errorf("Validate(%.40q) disagrees with json.Valid", tt.in)
		}
	}
}

func TestSkipValueEnd(t *testing.T) {
	tests := []struct {
		in  string
		end int
	}{
		{`1,`, 1}, {`-12.5e3]`, 7}, {`"a\"b" `, 6}, {`{"a":[1]}x`, 9}, {`[] `, 2}, {`true}`, 4}, {`null,`, 4},
	}
	for _, tt := range tests {
		end, err := wireSkipValue([]byte(tt.in), 0, 0)
		if err != nil || end != tt.end {
			t.Errorf("wireSkipValue(%q) = %d, %v; want %d", tt.in, end, err, tt.end)
		}
	}
}

func TestScanNumberIsInt(t *testing.T) {
	tests := []struct {
		in    string
		isInt bool
	}{
		{"0", true}, {"-7", true}, {"123", true}, {"1.0", false}, {"1e3", false}, {"-0E-0", false},
	}
	for _, tt := range tests {
		end, isInt, err := wireScanNumber([]byte(tt.in), 0)
		if err != nil || end != len(tt.in) || isInt != tt.isInt {
			t.Errorf("wireScanNumber(%q) = %d, %v, %v", tt.in, end, isInt, err)
		}
	}
}

func TestValidateAllocs(t *testing.T) {
	data := []byte(`{"a":[1,2.5e3,"x\ny",true,null,{"b":{}}],"c":"é"}`)
	if n := testing.AllocsPerRun(100, func() { _ = Validate(data) }); n != 0 {
		t.Errorf("Validate allocates %v times, want 0", n)
	}
}

// FuzzScanner checks that the scanner accepts exactly what json.Valid
// accepts, that the decoders agree with encoding/json, and that nothing
// panics whatever the input.
func FuzzScanner(f *testing.F) {
	for _, tt := range wireTestScanCases {
		if len(tt.in) < 1000 {
			f.Add([]byte(tt.in))
		}
	}
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"session/update","params":{"update":{"content":[{"type":"text","text":"hi"}]}}}`,
		`[1,-0,0.5,1E+2,18446744073709551615,-9223372036854775808,1e400]`,
		`"\ud83d\ude00\u0000\u001f\u2028"`, "\"\xed\xa0\x80\"", `{"a b":{"":[]}}`, `  "x"  `,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := Validate(data)
		if valid := json.Valid(data); (err == nil) != valid {
			t.Fatalf("Validate(%q) = %v, json.Valid = %v", data, err, valid)
		}
		wireFuzzStrings(t, data)
		wireFuzzNumbers(t, data)
		wireFuzzIterators(t, data, err == nil)
	})
}

// wireFuzzStrings compares string decoding with encoding/json.
// encoding/json treats null as "leave unchanged" where ours reject it.
func wireFuzzStrings(t *testing.T, data []byte) {
	if IsNull(data) {
		return
	}
	var got, want string
	err := UnmarshalWith(&got, data, DecodeString)
	werr := json.Unmarshal(data, &want)
	// On error only the error must agree: a value followed by trailing
	// bytes is stored before they are seen (ADR 0008).
	if (err == nil) != (werr == nil) || (err == nil && got != want) {
		t.Fatalf("DecodeString(%q) = %q, %v; encoding/json: %q, %v", data, got, err, want, werr)
	}
	b, err := wireTestStringBytes(data)
	if (err == nil) != (werr == nil) || (err == nil && string(b) != want) {
		t.Fatalf("wireTestStringBytes(%q) = %q, %v; want %q", data, b, err, want)
	}
}

// wireFuzzNumbers compares number decoding with encoding/json where their
// rules coincide.
func wireFuzzNumbers(t *testing.T, data []byte) {
	if IsNull(data) {
		return
	}
	var f, wf float64
	err := UnmarshalWith(&f, data, DecodeFloat64)
	werr := json.Unmarshal(data, &wf)
	if (err == nil) != (werr == nil) || (err == nil && f != wf) {
		t.Fatalf("DecodeFloat64(%q) = %v, %v; encoding/json: %v, %v", data, f, err, wf, werr)
	}
	var u, wu uint64
	err = UnmarshalWith(&u, data, DecodeUint64)
	werr = json.Unmarshal(data, &wu)
	if err == nil && (werr != nil || u != wu) {
		t.Fatalf("DecodeUint64(%q) = %v; encoding/json: %v, %v", data, u, wu, werr)
	}
	var i32 int32
	var i64 int64
	var u16 uint16
	var u32 uint32
	var bl bool
	_ = UnmarshalWith(&i32, data, DecodeInt32)
	_ = UnmarshalWith(&i64, data, DecodeInt64)
	_ = UnmarshalWith(&u16, data, DecodeUint16)
	_ = UnmarshalWith(&u32, data, DecodeUint32)
	_ = UnmarshalWith(&bl, data, DecodeBool)
	_ = wireTestDecodeNull(data)
	_ = Kind(data)
	_ = IsNull(data)
}

// wireFuzzIterators walks objects and arrays and checks that raw decoding keeps
// valid input intact and that walking a valid object never fails.
func wireFuzzIterators(t *testing.T, data []byte, valid bool) {
	if it, err := Object(data); err == nil {
		for it.Next() {
			if !json.Valid(it.Value) {
				t.Fatalf("object member %q has invalid value %q", it.Key, it.Value)
			}
		}
		if valid && it.Err != nil {
			t.Fatalf("valid object %q failed: %v", data, it.Err)
		}
	}
	if it, err := Array(data); err == nil {
		for it.Next() {
			if !json.Valid(it.Value) {
				t.Fatalf("array item %d has invalid value %q", it.index, it.Value)
			}
		}
		if valid && it.err != nil {
			t.Fatalf("valid array %q failed: %v", data, it.err)
		}
	}
	var raw json.RawMessage
	if err := UnmarshalWith(&raw, data, DecodeRaw); (err == nil) != valid {
		t.Fatalf("DecodeRaw(%q) = %v, valid = %v", data, err, valid)
	}
	var m map[string]json.RawMessage
	_ = UnmarshalWith(&m, data, wireTestMap(DecodeRaw))
	var s []string
	_ = UnmarshalWith(&s, data, wireTestSlice(true, DecodeString))
	_, _ = HasMembers(data, []string{"a", "b"})
	_, _, _ = Member(data, "a")
}

// TestSpecial8 checks the eight-bytes-at-a-time test against wireStrPlain:
// the lowest flag of wireSpecial8 must be the first byte that is not plain
// (no flag when all are), which is what wireSkipPlain relies on. Every byte
// value at every position of an otherwise plain word, next to bytes whose
// borrow could leak into a neighbour, and random words.
func TestSpecial8(t *testing.T) {
	word := func(b [8]byte) uint64 { return binary.LittleEndian.Uint64(b[:]) }
	first := func(b [8]byte) int {
		for i, c := range b {
			if !wireStrPlain[c] {
				return i
			}
		}
		return 8
	}
	got := func(b [8]byte) int {
		if m := wireSpecial8(word(b)); m != 0 {
			return bits.TrailingZeros64(m) >> 3
		}
		return 8
	}
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 8; pos++ {
			for _, fill := range []byte{'a', ' ', '!', '#', '[', ']', '~', 0x7f} {
				var b [8]byte
				for i := range b {
					b[i] = fill
				}
				b[pos] = byte(c)
				if got(b) != first(b) {
					t.Fatalf("wireSpecial8(%q) flags byte %d first, want %d", b, got(b), first(b))
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		var b [8]byte
		for i := range b {
			b[i] = byte(0x1e + rng.IntN(0x64)) // mostly plain, some specials
		}
		if got(b) != first(b) {
			t.Fatalf("wireSpecial8(%q) flags byte %d first, want %d", b, got(b), first(b))
		}
	}
}

// TestSkipPlainLongRuns checks wireSkipPlain against a byte-at-a-time scan
// where its 64-byte blocks take over: plain runs of every length up to a
// few blocks, each ending in every kind of special byte at every offset,
// starting at offsets that are not multiples of eight, on strings and
// byte slices.
func TestSkipPlainLongRuns(t *testing.T) {
	naive := func(s string, i int) int {
		for i < len(s) && wireStrPlain[s[i]] {
			i++
		}
		return i
	}
	plain := strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789+/ABCDEFGHIJKLMNOPQRSTUVWXYZ", 5)
	for _, special := range []byte{'"', '\\', 0, 0x1f, 0x80, 0xff} {
		for start := 0; start < 9; start++ {
			for n := 0; n < 260; n++ {
				s := plain[:start+n] + string(special) + "tail"
				want := naive(s, start)
				if got := wireSkipPlain(s, start); got != want {
					t.Fatalf("wireSkipPlain(string, %d) with %q after %d plain bytes = %d, want %d", start, special, n, got, want)
				}
				if got := wireSkipPlain([]byte(s), start); got != want {
					t.Fatalf("wireSkipPlain([]byte, %d) with %q after %d plain bytes = %d, want %d", start, special, n, got, want)
				}
			}
		}
	}
	for n := 0; n < 260; n++ { // no special byte at all
		if got := wireSkipPlain(plain[:n], 0); got != n {
			t.Fatalf("wireSkipPlain of %d plain bytes = %d", n, got)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		b := []byte(plain[:64+rng.IntN(200)])
		if rng.IntN(2) == 0 {
			b[rng.IntN(len(b))] = byte(rng.IntN(256))
		}
		start := rng.IntN(16)
		if got, want := wireSkipPlain(b, start), naive(string(b), start); got != want {
			t.Fatalf("wireSkipPlain(%q, %d) = %d, want %d", b, start, got, want)
		}
	}
}

// TestPlainRunMatchesWords checks wirePlainRun (assembly on amd64) against
// wirePlainRunWords, the Go version it stands in for: every byte value at
// every offset of the first two blocks, runs starting at offsets that are
// not multiples of eight or sixteen, strings and byte slices, and special
// bytes just past the end of the data, which neither may read (the data
// is cut from a longer buffer, so reading past it would find them).
func TestPlainRunMatchesWords(t *testing.T) {
	plain := strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789+/ABCDEFGHIJKLMNOPQRSTUVWXYZ", 5)
	check := func(b []byte, start int) {
		t.Helper()
		want := wirePlainRunWords(b, start)
		if got := wirePlainRun(b, start); got != want {
			t.Fatalf("wirePlainRun(%q, %d) = %d, want %d", b, start, got, want)
		}
		if got := wirePlainRun(string(b), start); got != want {
			t.Fatalf("wirePlainRun(string %q, %d) = %d, want %d", b, start, got, want)
		}
	}
	for c := 0; c < 256; c++ {
		for start := 0; start < 3; start++ {
			for pos := start; pos < start+128; pos++ {
				b := []byte(plain[:start+200])
				b[pos] = byte(c)
				check(b, start)
			}
		}
	}
	for n := 0; n < 200; n++ {
		buf := []byte(plain[:n] + `"\` + "\x00\xff")
		for start := 0; start <= n && start < 20; start++ {
			check(buf[:n], start)
			if got, want := wirePlainRun(buf[:n], start), start+(n-start)&^63; got != want {
				t.Fatalf("wirePlainRun of %d plain bytes from %d = %d, want %d", n, start, got, want)
			}
		}
	}
}

// TestPlainRunAcrossChunks checks wirePlainRun where it hands the test out
// wirePlainChunk bytes at a time: special bytes just before, at and after
// each chunk boundary, runs that start off a block boundary, and a run
// with no special byte at all.
func TestPlainRunAcrossChunks(t *testing.T) {
	const c = wirePlainChunk
	plain := strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789+/ABCDEFGHIJKLMNOPQRSTUVWXYZ", (3*c+100)/64+1)[:3*c+100]
	positions := []int{-1, 5, c - 65, c - 64, c - 1, c, c + 1, c + 63, c + 64, 2*c - 1, 2 * c, 2*c + 5, 3*c - 1, 3 * c, 3*c + 99}
	for _, pos := range positions {
		for _, start := range []int{0, 1, 63, 64, 100} {
			b := []byte(plain)
			if pos >= 0 {
				b[pos] = '"'
			}
			if got, want := wirePlainRun(b, start), wirePlainRunWords(b, start); got != want {
				t.Fatalf("special byte at %d, run from %d: wirePlainRun = %d, want %d", pos, start, got, want)
			}
		}
	}
}

// TestAppendPlainRun checks wireAppendPlainRun, which tests and copies a
// run in one pass on amd64 (whole blocks) and finds the run's end first
// elsewhere: what it appends is exactly data[i:end], all plain, ending at
// most 63 bytes before the first special byte (or the end of the data);
// the bytes already in buf stay; nothing is written past buf's capacity
// (a sentinel follows it in the same array); runs longer than the room in
// buf, and than wirePlainChunk, grow it.
func TestAppendPlainRun(t *testing.T) {
	const long = 2*wirePlainChunk + 300
	plain := strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789+/ABCDEFGHIJKLMNOPQRSTUVWXYZ", long/64+1)[:long]
	rng := rand.New(rand.NewPCG(5, 6))
	for round := range 3000 {
		size := 1 + rng.IntN(400)
		if round%50 == 0 {
			size = long
		}
		data := []byte(plain[:size])
		if rng.IntN(4) != 0 {
			data[rng.IntN(size)] = []byte{'"', '\\', 0, 0x1f, 0x80, 0xff}[rng.IntN(6)]
		}
		start := rng.IntN(min(size, 70))
		first := wireSkipPlain(data, start)
		room := rng.IntN(300)
		arr := make([]byte, 5+room+8)
		copy(arr, "head:")
		for k := 5 + room; k < len(arr); k++ {
			arr[k] = '#'
		}
		buf := arr[: 5 : 5+room]
		for _, in := range []any{data, string(data)} {
			var got []byte
			var end int
			switch d := in.(type) {
			case []byte:
				got, end = wireAppendPlainRun(buf, d, start)
			case string:
				got, end = wireAppendPlainRun(buf, d, start)
			}
			switch {
			case end < start || end > first || first-end >= 64 && len(data)-end >= 64:
				t.Fatalf("size %d from %d: stopped at %d, first special byte at %d", size, start, end, first)
			case string(got) != "head:"+string(data[start:end]):
				t.Fatalf("size %d from %d to %d: appended %q", size, start, end, got[min(len(got), 5):])
			case string(arr[5+room:]) != "########":
				t.Fatalf("size %d from %d, room %d: wrote past the capacity: %q", size, start, room, arr[5+room:])
			}
		}
	}
}

// TestAssemblyKeepsStackCheck guards what lets the garbage collector stop
// a goroutine between calls of the runtime's assembly (ADR 0013): no
// function in it may be NOSPLIT, and each needs a frame of at least 128
// bytes (the assembler's StackSmall), or, being a leaf, it loses the stack
// check at its entry. Without it image decoding was measured 26% slower.
func TestAssemblyKeepsStackCheck(t *testing.T) {
	src, err := os.ReadFile("plainrun_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	texts := 0
	for _, line := range strings.Split(string(src), "\n") {
		if !strings.HasPrefix(line, "TEXT ") {
			continue
		}
		texts++
		fields := strings.Split(line, ",")
		if len(fields) != 3 {
			t.Fatalf("%q: want TEXT name, flags, $frame-args", line)
		}
		frame, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimSpace(fields[2]), "$"), "-")
		if n, err := strconv.Atoi(frame); err != nil || n < 128 {
			t.Errorf("%q: frame %q below 128 bytes: a leaf gets no stack check", line, frame)
		}
		if strings.Contains(fields[1], "NOSPLIT") {
			t.Errorf("%q: NOSPLIT drops the stack check", line)
		}
	}
	if texts != 2 {
		t.Errorf("%d functions in the assembly, want 2", texts)
	}
}
