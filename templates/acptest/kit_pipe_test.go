package acptest

import (
	"errors"
	"io"
	"testing"
	"time"
)

func TestPipeCarriesMessagesInOrder(t *testing.T) {
	a, b := Pipe()
	msg := []byte(`{"a":1}`)
	if err := a.WriteMessage(msg); err != nil {
		t.Fatal(err)
	}
	msg[2] = 'b' // the pipe keeps its own copy
	if err := a.WriteMessage([]byte(`{"a":2}`)); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`{"a":1}`, `{"a":2}`} {
		got, err := b.ReadMessage()
		if err != nil || string(got) != want {
			t.Fatalf("read %s, %v; want %s", got, err, want)
		}
	}
}

// Closing one end ends both: the peer reads what was written before, then
// io.EOF; a write waiting on a full buffer returns.
func TestPipeCloseEndsBoth(t *testing.T) {
	a, b := Pipe()
	for range PipeCapacity {
		if err := a.WriteMessage([]byte("1")); err != nil {
			t.Fatal(err)
		}
	}
	blocked := make(chan error, 1)
	go func() { blocked <- a.WriteMessage([]byte("2")) }()
	select {
	case err := <-blocked:
		t.Fatalf("a write past the buffer returned %v before the reader read", err)
	case <-time.After(20 * time.Millisecond):
	}
	a.Close()
	if err := <-blocked; !errors.Is(err, io.ErrClosedPipe) {
		t.Errorf("blocked write: %v", err)
	}
	if _, err := a.ReadMessage(); !errors.Is(err, ErrClosed) {
		t.Errorf("the closed end's read: %v", err)
	}
	n := 0
	for {
		_, err := b.ReadMessage()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != PipeCapacity {
		t.Errorf("the peer read %d messages before EOF, want %d", n, PipeCapacity)
	}
	if err := b.WriteMessage([]byte("3")); !errors.Is(err, io.ErrClosedPipe) {
		t.Errorf("write after close: %v", err)
	}
}

func TestPipeReadWaitsUntilClose(t *testing.T) {
	a, b := Pipe()
	done := make(chan error, 1)
	go func() {
		_, err := b.ReadMessage()
		done <- err
	}()
	b.Close()
	if err := <-done; !errors.Is(err, ErrClosed) {
		t.Errorf("read: %v", err)
	}
	if _, err := a.ReadMessage(); err != io.EOF {
		t.Errorf("peer read: %v", err)
	}
}

func TestMemFSReadsLines(t *testing.T) {
	fs := NewMemFS(map[string]string{"/a": "1\n2\n3\n"})
	for _, c := range []struct {
		line, limit uint32
		want        string
	}{{0, 0, "1\n2\n3\n"}, {2, 0, "2\n3\n"}, {2, 1, "2\n"}, {9, 1, ""}, {0, 2, "1\n2\n"}} {
		if got, err := fs.Read("/a", c.line, c.limit); err != nil || got != c.want {
			t.Errorf("line %d limit %d: %q, %v", c.line, c.limit, got, err)
		}
	}
	if _, err := fs.Read("/b", 0, 0); err == nil {
		t.Error("reading a missing file succeeded")
	}
}
