package acphttp

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// readAllEvents reads every message event of stream, with max as the limit.
func readAllEvents(t *testing.T, r io.Reader, max int) ([]string, error) {
	t.Helper()
	s := newSSEReader(r, max)
	var got []string
	for {
		msg, err := s.next()
		if err != nil {
			return got, err
		}
		got = append(got, string(msg))
	}
}

func TestSSEReadFormat(t *testing.T) {
	cases := []struct {
		name   string
		stream string
		want   []string
	}{
		{"one event", "data: {\"a\":1}\n\n", []string{`{"a":1}`}},
		{"no space after colon", "data:{}\n\n", []string{`{}`}},
		{"only the first space dropped", "data:  x\n\n", []string{" x"}},
		{"multi-line data", "data: {\"a\":\ndata: 1}\n\n", []string{"{\"a\":\n1}"}},
		{"comments and keep-alives", ": keep-alive\n:\n\ndata: 1\n: mid\n\n", []string{"1"}},
		{"CRLF", "data: 1\r\n\r\ndata: 2\r\n\r\n", []string{"1", "2"}},
		{"lone CR", "data: 1\r\rdata: 2\r\r", []string{"1", "2"}},
		{"mixed endings", "data: 1\r\n\ndata: 2\n\r\n", []string{"1", "2"}},
		{"byte order mark", "\xEF\xBB\xBFdata: 1\n\n", []string{"1"}},
		{"id and retry ignored", "id: 7\nretry: 10\ndata: 1\n\n", []string{"1"}},
		{"other event types skipped", "event: ping\ndata: x\n\nevent: message\ndata: 2\n\n", []string{"2"}},
		{"blank lines alone dispatch nothing", "\n\n\n", nil},
		{"empty data skipped", "data:\n\ndata: 3\n\n", []string{"3"}},
		{"field without colon", "data\ndata: 4\n\n", []string{"\n4"}},
		{"unfinished event dropped at the end", "data: 1\n\ndata: 2\n", []string{"1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, r := range []io.Reader{strings.NewReader(c.stream), iotest.OneByteReader(strings.NewReader(c.stream))} {
				got, err := readAllEvents(t, r, 1<<10)
				if err != io.EOF {
					t.Fatalf("err = %v, want io.EOF", err)
				}
				if strings.Join(got, "|") != strings.Join(c.want, "|") || len(got) != len(c.want) {
					t.Fatalf("events = %q, want %q", got, c.want)
				}
			}
		})
	}
}

// A CR at the end of what has arrived ends its line at once: the event
// is delivered before the byte after it is read.
func TestSSEReadLoneCRNotHeldBack(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	go func() { _, _ = pw.Write([]byte("data: 1\r\r")) }()
	s := newSSEReader(pr, 1<<10)
	msg, err := s.next()
	if err != nil || string(msg) != "1" {
		t.Fatalf("next = %q, %v; want \"1\"", msg, err)
	}
}

func TestSSEReadTooLong(t *testing.T) {
	long := strings.Repeat("x", 100)
	for name, stream := range map[string]string{
		"one long line":         "data: " + long + "\n\n",
		"many lines, long data": strings.Repeat("data: "+long[:30]+"\n", 4) + "\n",
		"a long comment":        ": " + long + long + "\n",
	} {
		t.Run(name, func(t *testing.T) {
			got, err := readAllEvents(t, strings.NewReader("data: ok\n\n"+stream+"data: after\n\n"), 64)
			if !errors.Is(err, ErrMessageTooLong) {
				t.Fatalf("err = %v, want ErrMessageTooLong", err)
			}
			if len(got) != 1 || got[0] != "ok" {
				t.Fatalf("events before the error = %q, want [ok]", got)
			}
		})
	}
}

// FuzzSSERead: any bytes read as an event stream end in io.EOF or an
// error, never a panic; no message is over the limit; and the events do
// not depend on how the bytes arrive (read whole or a byte at a time,
// which is where a lone CR at the end of a read matters).
func FuzzSSERead(f *testing.F) {
	for _, s := range []string{
		"data: {}\n\n", "data: 1\r\rdata: 2\r\n\r\n", ": keep-alive\n\ndata:x\ndata:y\n\n",
		"\xEF\xBB\xBFevent: other\ndata: 1\n\nevent: message\ndata: 2\n\n",
		"data: " + strings.Repeat("x", 100) + "\n\n", "data: 1\n\ndata: 2", "\r\n\r\r\n\n",
	} {
		f.Add([]byte(s))
	}
	const max = 64
	f.Fuzz(func(t *testing.T, stream []byte) {
		whole, errWhole := readAllEvents(t, bytes.NewReader(stream), max)
		split, errSplit := readAllEvents(t, iotest.OneByteReader(bytes.NewReader(stream)), max)
		for _, m := range whole {
			if len(m) > max {
				t.Fatalf("a message of %d bytes, limit %d", len(m), max)
			}
		}
		if strings.Join(whole, "\x00") != strings.Join(split, "\x00") || (errWhole == io.EOF) != (errSplit == io.EOF) ||
			errors.Is(errWhole, ErrMessageTooLong) != errors.Is(errSplit, ErrMessageTooLong) {
			t.Fatalf("whole: %q %v; a byte at a time: %q %v", whole, errWhole, split, errSplit)
		}
	})
}
