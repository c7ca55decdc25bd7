package main

import (
	"bufio"
	"fmt"
	"os"
	"sync"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// traceFile records a session for debugging: every message, one per line,
// behind "<- " when it came from the agent and "-> " when it went to it.
type traceFile struct {
	mu   sync.Mutex // the tap is called from the reading and the writing goroutine
	file *os.File
	w    *bufio.Writer
}

// openTrace creates path for the trace.
func openTrace(path string) (*traceFile, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	return &traceFile{file: f, w: bufio.NewWriter(f)}, nil
}

// option is the connection option that feeds the trace.
func (t *traceFile) option() acp.ConnOption {
	return acp.WithTrace(func(dir acp.TraceDirection, line []byte) {
		arrow := "-> "
		if dir == acp.TraceIn {
			arrow = "<- "
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		t.w.WriteString(arrow)
		t.w.Write(line)
		t.w.WriteByte('\n')
	})
}

// close writes what is buffered and closes the file.
func (t *traceFile) close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.w.Flush(); err != nil {
		t.file.Close()
		return fmt.Errorf("trace: %w", err)
	}
	return t.file.Close()
}
