package session

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// hostDirs makes a root with a file, a directory, a link to a file inside
// and links out of it, and a directory outside it.
func hostDirs(t *testing.T) (root, outside string) {
	t.Helper()
	base := t.TempDir()
	root, outside = filepath.Join(base, "root"), filepath.Join(base, "outside")
	for _, d := range []string{root, outside, filepath.Join(root, "dir")} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(path, content string) {
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, "f.txt"), "one\ntwo\nthree")
	write(filepath.Join(outside, "secret"), "secret\n")
	for link, to := range map[string]string{
		"in":       filepath.Join(root, "f.txt"),
		"out":      filepath.Join(outside, "secret"),
		"outdir":   outside,
		"dangling": filepath.Join(outside, "new"),
	} {
		if err := os.Symlink(to, filepath.Join(root, link)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	return root, outside
}

// errorCode is the ACP error code of err, 0 for another error.
func errorCode(err error) acp.ErrorCode {
	var e *acp.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

func TestFilesRead(t *testing.T) {
	root, outside := hostDirs(t)
	f, err := NewFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	line := func(n uint32) *uint32 { return &n }
	for _, c := range []struct {
		name        string
		path        string
		line, limit *uint32
		want        string
		code        acp.ErrorCode // 0: no error
		says        string        // in the error's message
	}{
		{name: "whole", path: "f.txt", want: "one\ntwo\nthree"},
		{name: "line 2", path: "f.txt", line: line(2), want: "two\nthree"},
		{name: "line 2 limit 1", path: "f.txt", line: line(2), limit: line(1), want: "two\n"},
		{name: "line 0 is the first", path: "f.txt", line: line(0), limit: line(1), want: "one\n"},
		{name: "last line without newline", path: "f.txt", line: line(3), limit: line(5), want: "three"},
		{name: "line past the end", path: "f.txt", line: line(9), want: ""},
		{name: "limit 0", path: "f.txt", limit: line(0), want: ""},
		{name: "link inside", path: "in", want: "one\ntwo\nthree"},
		{name: "relative", path: "relative/f.txt", code: acp.ErrorCodeInvalidParams, says: "not absolute"},
		{name: "outside", path: filepath.Join(outside, "secret"), code: acp.ErrorCodeInvalidParams, says: "outside"},
		{name: "dot dot", path: filepath.Join(root, "..", "outside", "secret"), code: acp.ErrorCodeInvalidParams, says: "outside"},
		{name: "link out", path: "out", code: acp.ErrorCodeInvalidParams, says: "symbolic link"},
		{name: "through a linked directory", path: "outdir/secret", code: acp.ErrorCodeInvalidParams, says: "symbolic link"},
		{name: "missing", path: "nope.txt", code: acp.ErrorCodeResourceNotFound, says: "does not exist"},
		{name: "directory", path: "dir", code: acp.ErrorCodeInvalidParams, says: "directory"},
		{name: "the root", path: "", code: acp.ErrorCodeInvalidParams, says: "directory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := c.path
			if !filepath.IsAbs(path) && !strings.HasPrefix(path, "relative") {
				path = filepath.Join(root, path)
			}
			resp, err := f.ReadTextFile(context.Background(), &acp.ReadTextFileRequest{SessionID: "s", Path: path, Line: c.line, Limit: c.limit})
			if c.code != 0 {
				if errorCode(err) != c.code || !strings.Contains(err.Error(), c.says) {
					t.Fatalf("error %v, want code %d saying %q", err, c.code, c.says)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if resp.Content != c.want {
				t.Fatalf("read %q, want %q", resp.Content, c.want)
			}
		})
	}
}

func TestFilesWrite(t *testing.T) {
	root, outside := hostDirs(t)
	f, err := NewFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, path string
		code       acp.ErrorCode
		says       string
	}{
		{name: "new file", path: filepath.Join(root, "new.txt")},
		{name: "replace", path: filepath.Join(root, "f.txt")},
		{name: "new parents", path: filepath.Join(root, "a", "b", "c.txt")},
		{name: "relative", path: "x.txt", code: acp.ErrorCodeInvalidParams, says: "not absolute"},
		{name: "outside", path: filepath.Join(outside, "x.txt"), code: acp.ErrorCodeInvalidParams, says: "outside"},
		{name: "link out", path: filepath.Join(root, "out"), code: acp.ErrorCodeInvalidParams, says: "symbolic link"},
		{name: "dangling link out", path: filepath.Join(root, "dangling"), code: acp.ErrorCodeInvalidParams, says: "outside"},
		{name: "directory", path: filepath.Join(root, "dir"), code: acp.ErrorCodeInvalidParams, says: "directory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := f.WriteTextFile(context.Background(), &acp.WriteTextFileRequest{SessionID: "s", Path: c.path, Content: "written\n"})
			if c.code != 0 {
				if errorCode(err) != c.code || !strings.Contains(err.Error(), c.says) {
					t.Fatalf("error %v, want code %d saying %q", err, c.code, c.says)
				}
				return
			}
			if data, rerr := os.ReadFile(c.path); err != nil || string(data) != "written\n" {
				t.Fatalf("write: %v; file %q, %v", err, data, rerr)
			}
		})
	}
	if data, err := os.ReadFile(filepath.Join(outside, "secret")); err != nil || string(data) != "secret\n" {
		t.Errorf("the file outside changed: %q, %v", data, err)
	}
	if _, err := os.Stat(filepath.Join(outside, "new")); err == nil {
		t.Error("the dangling link's target outside was created")
	}
}

func TestNewFilesRefusesBadRoots(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, roots := range [][]string{nil, {"relative"}, {filepath.Join(t.TempDir(), "missing")}, {file}} {
		if _, err := NewFiles(roots...); err == nil {
			t.Errorf("NewFiles(%q) accepted", roots)
		}
	}
}

func TestReadLimit(t *testing.T) {
	root := t.TempDir()
	big := strings.Repeat("x", MaxReadBytes) + "\nsmall\n"
	if err := os.WriteFile(filepath.Join(root, "big"), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	f, _ := NewFiles(root)
	path := filepath.Join(root, "big")
	if _, err := f.ReadTextFile(context.Background(), &acp.ReadTextFileRequest{Path: path}); errorCode(err) != acp.ErrorCodeInvalidParams {
		t.Errorf("a read past MaxReadBytes: %v", err)
	}
	two := uint32(2)
	if r, err := f.ReadTextFile(context.Background(), &acp.ReadTextFileRequest{Path: path, Line: &two}); err != nil || r.Content != "small\n" {
		t.Errorf("line 2 after a long line: %v", err)
	}
}
