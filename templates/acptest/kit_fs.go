package acptest

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// MemFS is the recording client's file system: text files by absolute
// path, in memory, safe for concurrent use. The zero value is empty and
// ready.
type MemFS struct {
	mu    sync.Mutex
	files map[string]string
}

// NewMemFS returns a file system holding files (path to content).
func NewMemFS(files map[string]string) *MemFS {
	fs := &MemFS{}
	for p, c := range files {
		fs.Write(p, c)
	}
	return fs
}

// Write sets the content of the file at path.
func (fs *MemFS) Write(path, content string) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if fs.files == nil {
		fs.files = map[string]string{}
	}
	fs.files[path] = content
}

// Read returns the content of the file at path from line (1-based; 0 for
// the first) for at most limit lines (0 for all), as fs/read_text_file
// does. A file not there is an error.
func (fs *MemFS) Read(path string, line, limit uint32) (string, error) {
	fs.mu.Lock()
	content, ok := fs.files[path]
	fs.mu.Unlock()
	if !ok {
		return "", fmt.Errorf("%s: no such file", path)
	}
	if line == 0 && limit == 0 {
		return content, nil
	}
	lines := strings.SplitAfter(content, "\n")
	if line > 1 {
		lines = lines[min(int(line-1), len(lines)):]
	}
	if limit > 0 && int(limit) < len(lines) {
		lines = lines[:limit]
	}
	return strings.Join(lines, ""), nil
}

// Files returns a copy of every file, by path.
func (fs *MemFS) Files() map[string]string {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	out := make(map[string]string, len(fs.files))
	for p, c := range fs.files {
		out[p] = c
	}
	return out
}

// Paths returns the paths of the files, sorted.
func (fs *MemFS) Paths() []string {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	paths := make([]string, 0, len(fs.files))
	for p := range fs.files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return paths
}
