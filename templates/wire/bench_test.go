package wire

import (
	"io/fs"
	"os"
	"path/filepath"
	goruntime "runtime"
	"testing"
)

// wireBenchObject is shaped like an ACP session/update notification.
var wireBenchObject = []byte(`{"sessionId":"sess_0123456789abcdef","update":{"sessionUpdate":"agent_message_chunk",` +
	`"content":{"type":"text","text":"Here is a reasonably long chunk of agent output text."}},` +
	`"_meta":null,"seq":12345,"ratio":0.25,"tags":["a","b","c"],"done":false}`)

func BenchmarkObjectIter(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(wireBenchObject)))
	for b.Loop() {
		it, err := Object(wireBenchObject)
		if err != nil {
			b.Fatal(err)
		}
		for it.Next() {
		}
		if it.Err != nil {
			b.Fatal(it.Err)
		}
	}
}

func BenchmarkDecodeString(b *testing.B) {
	data := []byte(`"Here is a reasonably long chunk of agent output text, no escapes."`)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	var s string
	for b.Loop() {
		if err := UnmarshalWith(&s, data, DecodeString); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeStringEscaped(b *testing.B) {
	data := []byte(`"Line one\nLine two\t\"quoted\" \u00e9"`)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	var s string
	for b.Loop() {
		if err := UnmarshalWith(&s, data, DecodeString); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppendString(b *testing.B) {
	s := "Here is a reasonably long chunk of agent output text, with one \"quote\" and é."
	buf := make([]byte, 0, 256)
	b.ReportAllocs()
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		buf, _ = AppendString(&s, buf[:0])
	}
}

func BenchmarkAppendFloat64(b *testing.B) {
	f := 1234.5678
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		buf, _ = AppendFloat64(&f, buf[:0])
	}
}

func BenchmarkDecodeInt64(b *testing.B) {
	data := []byte(`-9223372036854775808`)
	var v int64
	b.ReportAllocs()
	for b.Loop() {
		if err := UnmarshalWith(&v, data, DecodeInt64); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeFloat64(b *testing.B) {
	data := []byte(`-1234.5678e-3`)
	var v float64
	b.ReportAllocs()
	for b.Loop() {
		if err := UnmarshalWith(&v, data, DecodeFloat64); err != nil {
			b.Fatal(err)
		}
	}
}

// wireBenchLongStrings are 1 MiB strings of the two kinds large ACP
// messages carry: source text (a tab, newline or quote every dozen bytes)
// and base64 (no escapes at all). "source" repeats one short function, so
// its escapes fall in a pattern a branch predictor can learn; "gosource"
// is real Go source (the first MiB of the toolchain's net package, in
// the walk's lexical order), whose escapes do not repeat; "terminal" is
// test output with colour codes, an ESC (a six-byte escape) among tabs
// and newlines.
var wireBenchLongStrings = []struct{ name, s string }{
	{"source", wireBenchRepeat("func (s *server) handle(ctx context.Context) error {\n\tif s == nil {\n\t\treturn fmt.Errorf(\"%q\", \"nil\")\n\t}\n\treturn nil\n}\n\n", 1<<20)},
	{"gosource", wireBenchGoSource(1 << 20)},
	{"terminal", wireBenchRepeat("\x1b[32mok\x1b[0m  \tgithub.com/acme/pkg\t0.012s\n\x1b[31m--- FAIL\x1b[0m: TestX (0.00s)\n", 1<<20)},
	{"base64", wireBenchRepeat("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 1<<20)},
}

// wireBenchGoSource returns the first n bytes of the .go files under
// GOROOT/src/net, or "" when they cannot be read (BenchmarkLongString then
// skips the case rather than time something else under its name). The
// text changes with the Go version, so compare its figures within one
// toolchain.
func wireBenchGoSource(n int) string {
	var b []byte
	root := filepath.Join(goruntime.GOROOT(), "src", "net")
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return filepath.SkipAll
		case len(b) >= n:
			return filepath.SkipAll
		case !d.IsDir() && filepath.Ext(path) == ".go":
			if data, err := os.ReadFile(path); err == nil {
				b = append(b, data...)
			}
		}
		return nil
	})
	if len(b) < n {
		return ""
	}
	return string(b[:n])
}

func wireBenchRepeat(unit string, n int) string {
	b := make([]byte, 0, n+len(unit))
	for len(b) < n {
		b = append(b, unit...)
	}
	return string(b[:n])
}

// BenchmarkLongString encodes and decodes long strings into reused
// buffers: the string loops alone, without the final copy that Marshal
// and the decoded Go string add (fresh memory, whose cost depends on the
// garbage collector more than on this code).
func BenchmarkLongString(b *testing.B) {
	for _, c := range wireBenchLongStrings {
		if c.s == "" {
			b.Logf("%s: no input on this machine, skipped", c.name)
			continue
		}
		quoted := AppendQuoted(nil, c.s)
		b.Run("encode/"+c.name, func(b *testing.B) {
			buf := make([]byte, 0, len(quoted))
			b.SetBytes(int64(len(c.s)))
			for b.Loop() {
				buf = AppendQuoted(buf[:0], c.s)
			}
		})
		b.Run("decode/"+c.name, func(b *testing.B) {
			var scratch []byte
			b.SetBytes(int64(len(quoted)))
			for b.Loop() {
				j, done := wireScanPlain(quoted, 0)
				if !done {
					var err error
					if scratch, j, err = wireUnescapeTo(scratch[:0], quoted, 1, j); err != nil {
						b.Fatal(err)
					}
				}
				if j != len(quoted) {
					b.Fatalf("stopped at %d of %d", j, len(quoted))
				}
			}
		})
	}
}

// BenchmarkAppendShortStrings encodes the short strings a session/update
// stream is made of (ids, kinds, a chunk of text): their cost is mostly
// the first and last few bytes.
func BenchmarkAppendShortStrings(b *testing.B) {
	strs := []string{"sess_0123456789abcdef", "agent_message_chunk", "text", "msg_42", "call_0007",
		"Here is a reasonably long chunk of agent output text.", "in_progress", "2.0"}
	buf := make([]byte, 0, 1024)
	b.ReportAllocs()
	for b.Loop() {
		buf = buf[:0]
		for _, s := range strs {
			buf = AppendQuoted(buf, s)
		}
	}
}
