package acpversion

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// Stdio reads one message per non-empty line, the last one without its
// newline too, then io.EOF; it writes each message and a newline.
func TestStdioLines(t *testing.T) {
	var out bytes.Buffer
	s := Stdio(strings.NewReader("{\"a\":1}\r\n\n  \n{\"b\":2}"), &out)
	for _, want := range []string{`{"a":1}`, `{"b":2}`} {
		msg, err := s.ReadMessage()
		if err != nil || string(msg) != want {
			t.Fatalf("ReadMessage: %q, %v; want %q", msg, err, want)
		}
	}
	for range 2 {
		if _, err := s.ReadMessage(); err != io.EOF {
			t.Fatalf("at the end: %v, want io.EOF (every time)", err)
		}
	}
	_ = s.WriteMessage([]byte(`{"c":3}`))
	if out.String() != "{\"c\":3}\n" {
		t.Fatalf("wrote %q", out.String())
	}
}

// A line longer than the limit ends the transport with ErrLineTooLong.
func TestStdioLongLine(t *testing.T) {
	s := Stdio(strings.NewReader(strings.Repeat("x", 200<<10)+"\n{}\n"), io.Discard)
	s.(*stdio).max = 100 << 10
	if _, err := s.ReadMessage(); !errors.Is(err, ErrLineTooLong) {
		t.Fatalf("ReadMessage: %v, want ErrLineTooLong", err)
	}
}

// Close ends a ReadMessage blocked on input that never comes, and closes
// the input when it can be closed.
func TestStdioClose(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	s := Stdio(r, io.Discard)
	done := make(chan error, 1)
	go func() { _, err := s.ReadMessage(); done <- err }()
	time.Sleep(20 * time.Millisecond)
	_ = s.Close()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("ReadMessage after Close: nil error")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not end ReadMessage")
	}
	if _, err := w.Write([]byte("x\n")); err == nil {
		t.Error("the input is still open after Close")
	}
	if err := s.WriteMessage([]byte("{}")); err == nil {
		t.Error("WriteMessage after Close: nil error")
	}
}
