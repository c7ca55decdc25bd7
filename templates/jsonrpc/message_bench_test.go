package jsonrpc

import "testing"

// BenchmarkReadMessage: the envelope of one message read as the reader
// reads it (every message a connection receives pays it once).
func BenchmarkReadMessage(b *testing.B) {
	for _, c := range []struct{ name, line string }{
		{"request", `{"jsonrpc":"2.0","id":12,"method":"session/set_mode","params":{"sessionId":"sess-1","modeId":"code"}}`},
		{"response", `{"jsonrpc":"2.0","id":12,"result":{"_meta":{"a":1}}}`},
	} {
		b.Run(c.name, func(b *testing.B) {
			data := []byte(c.line)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := readMessage(data, true); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestMethodName: a plain name is taken as it is; escapes and non-ASCII
// are decoded as any string is; anything but a string is refused.
func TestMethodName(t *testing.T) {
	for value, want := range map[string]string{
		`"session/prompt"`: "session/prompt",
		`"a\/b"`:           "a/b",
		`"caf\u00e9"`:      "café",
		`"café"`:           "café",
		`""`:               "",
	} {
		if got, err := methodName([]byte(value)); err != nil || got != want {
			t.Errorf("%s: got %q, %v; want %q", value, got, err, want)
		}
	}
	for _, value := range []string{`1`, `null`, `{}`} {
		if _, err := methodName([]byte(value)); err == nil {
			t.Errorf("%s: no error", value)
		}
	}
}
