package main

import (
	"bufio"
	"os"
	"sync"
)

// tracer writes the trace file: one line per message per hop (see the
// command's doc). Readers and writers of every hop trace, so lines take
// turns; a nil tracer traces nothing.
type tracer struct {
	mu sync.Mutex
	f  *os.File
	w  *bufio.Writer
}

// openTrace creates the trace file; "" is no trace.
func openTrace(path string) (*tracer, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	return &tracer{f: f, w: bufio.NewWriter(f)}, nil
}

// line traces one message: sent to hop (out) or received from it.
func (t *tracer) line(hop string, out bool, msg []byte) {
	if t == nil {
		return
	}
	arrow := " <- "
	if out {
		arrow = " -> "
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.w.WriteString(hop)
	t.w.WriteString(arrow)
	t.w.Write(msg)
	t.w.WriteByte('\n')
}

// close flushes and closes the file.
func (t *tracer) close() {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	_ = t.w.Flush()
	_ = t.f.Close()
}
