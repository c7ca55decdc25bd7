package wire

import (
	"bytes"
	"errors"
	"testing"
)

func TestMarshalCopiesAndRecycles(t *testing.T) {
	app := func(s string) func([]byte) ([]byte, error) {
		return func(buf []byte) ([]byte, error) { return append(buf, s...), nil }
	}
	a, err := Marshal(app(`"first"`))
	if err != nil || string(a) != `"first"` || cap(a) != len(a) {
		t.Fatalf("got %q (cap %d), %v", a, cap(a), err)
	}
	b, _ := Marshal(app(`"second, longer"`))
	if string(a) != `"first"` || string(b) != `"second, longer"` {
		t.Fatalf("results share memory: %q %q", a, b)
	}
	boom := errors.New("boom")
	out, err := Marshal(func(buf []byte) ([]byte, error) { return append(buf, 'x'), boom })
	if out != nil || err != boom {
		t.Fatalf("error path: %q %v", out, err)
	}
	big, _ := Marshal(app(string(bytes.Repeat([]byte("a"), MaxPooled+1))))
	if len(big) != MaxPooled+1 {
		t.Fatalf("big output truncated")
	}
}

func TestMarshalAllocatesOnce(t *testing.T) {
	payload := bytes.Repeat([]byte("y"), 3000)
	app := func(buf []byte) ([]byte, error) { return append(buf, payload...), nil }
	Marshal(app) // warm the pool
	if n := testing.AllocsPerRun(100, func() { Marshal(app) }); n > 1 {
		t.Errorf("%v allocations per call, want 1", n)
	}
}
