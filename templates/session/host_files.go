package session

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// MaxReadBytes bounds what one fs/read_text_file answer carries: a read
// whose lines add up to more fails (ask for fewer with line and limit)
// instead of holding a whole large file in memory.
const MaxReadBytes = 16 << 20

// Files answers fs/read_text_file and fs/write_text_file with the files
// under the directories the program shares (its roots). Embed *Files in
// the client's handler beside Base (see Base), or use Host.
//
// Paths must be absolute and inside a root once their symbolic links are
// resolved; the operations go through os.Root, so a link swapped in
// meanwhile cannot lead out either. A write creates the file's missing
// parent directories (inside the root), as an agent writing a new file
// expects; it does not follow a final link out of the roots.
type Files struct {
	roots roots
}

// NewFiles shares the directories (absolute paths of existing
// directories) with the agent.
func NewFiles(roots ...string) (*Files, error) {
	r, err := newRoots(roots)
	if err != nil {
		return nil, err
	}
	return &Files{roots: r}, nil
}

// ReadTextFile reads a text file, from line Line (1-based; 0 reads from the
// first line too) for at most Limit lines. A line past the end reads
// nothing.
func (f *Files) ReadTextFile(ctx context.Context, p *acp.ReadTextFileRequest) (*acp.ReadTextFileResponse, error) {
	t, r, err := f.open(p.Path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	if err := regularFile(r, t.rel, p.Path, false); err != nil {
		return nil, err
	}
	file, err := r.Open(t.rel)
	if err != nil {
		return nil, fileError(p.Path, err)
	}
	defer file.Close()
	first, limit := 1, -1
	if p.Line != nil && *p.Line > 1 {
		first = int(*p.Line)
	}
	if p.Limit != nil {
		limit = int(*p.Limit)
	}
	content, err := readLines(file, first, limit)
	if err != nil {
		return nil, fileError(p.Path, err)
	}
	return &acp.ReadTextFileResponse{Content: content}, nil
}

// WriteTextFile writes a text file, replacing its content, creating it and
// its missing parent directories.
func (f *Files) WriteTextFile(ctx context.Context, p *acp.WriteTextFileRequest) (*acp.WriteTextFileResponse, error) {
	t, r, err := f.open(p.Path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	if err := regularFile(r, t.rel, p.Path, true); err != nil {
		return nil, err
	}
	if dir := filepath.Dir(t.rel); dir != "." {
		if err := r.MkdirAll(dir, 0o755); err != nil {
			return nil, fileError(p.Path, err)
		}
	}
	file, err := r.OpenFile(t.rel, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, fileError(p.Path, err)
	}
	_, err = io.WriteString(file, p.Content)
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fileError(p.Path, err)
	}
	return &acp.WriteTextFileResponse{}, nil
}

// open resolves the path and opens its root.
func (f *Files) open(path string) (target, *os.Root, error) {
	t, err := f.roots.resolve(path)
	if err != nil {
		return target{}, nil, err
	}
	r, err := os.OpenRoot(t.root)
	if err != nil {
		return target{}, nil, acp.NewInternalError(fmt.Sprintf("opening %q: %v", t.root, err))
	}
	return t, r, nil
}

// regularFile refuses what is not a regular file (a directory, a device, a
// pipe, which could block a read forever) before it is opened; a missing
// file is an error unless it may be created.
func regularFile(r *os.Root, rel, path string, create bool) error {
	fi, err := r.Stat(rel)
	switch {
	case create && errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fileError(path, err)
	case fi.IsDir():
		return acp.NewInvalidParamsError(fmt.Sprintf("%q is a directory, not a regular file", path))
	case !fi.Mode().IsRegular():
		return acp.NewInvalidParamsError(fmt.Sprintf("%q is not a regular file (%s)", path, fi.Mode().Type()))
	}
	return nil
}

// errTooLarge: a read's lines add up to more than MaxReadBytes.
var errTooLarge = fmt.Errorf("the lines asked for add up to more than %d bytes; read fewer with line and limit", MaxReadBytes)

// fileError is the ACP error for a failed file operation: resource not
// found for a missing file, invalid params for a path os.Root refuses (a
// link out of the root) or a read too large, internal otherwise.
func fileError(path string, err error) error {
	var pe *fs.PathError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return acp.NewResourceNotFoundError(fmt.Sprintf("%q does not exist", path))
	case errors.Is(err, errTooLarge):
		return acp.NewInvalidParamsError(fmt.Sprintf("reading %q: %v", path, err))
	case errors.As(err, &pe) && strings.Contains(pe.Err.Error(), "escapes"):
		return acp.NewInvalidParamsError(fmt.Sprintf("path %q leads outside the directories this client shares", path))
	}
	return acp.NewInternalError(fmt.Sprintf("%q: %v", path, err))
}

// readLines reads limit lines (all with limit < 0) from line first
// (1-based), each with its line ending.
func readLines(r io.Reader, first, limit int) (string, error) {
	br := bufio.NewReader(r)
	var out strings.Builder
	for line := 1; limit != 0; {
		chunk, err := br.ReadSlice('\n')
		if line >= first {
			if out.Len()+len(chunk) > MaxReadBytes {
				return "", errTooLarge
			}
			out.Write(chunk)
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue // the rest of a long line
		case err == io.EOF:
			return out.String(), nil
		case err != nil:
			return "", err
		}
		if line >= first && limit > 0 {
			limit--
		}
		line++
	}
	return out.String(), nil
}
