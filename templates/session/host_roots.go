package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// roots are the directories a client host lets the agent reach: its files
// and its terminals' working directories. Each is kept as given (cleaned)
// and with its symbolic links resolved, since an agent may name a path
// either way; a path is inside when it is inside a root once its own
// links are resolved, so a link cannot lead out.
type roots struct {
	dirs []root
}

// root is one directory, as given and resolved.
type root struct {
	given, real string
}

// newRoots checks and resolves the directories: each must be an absolute
// path to an existing directory.
func newRoots(dirs []string) (roots, error) {
	if len(dirs) == 0 {
		return roots{}, errors.New("session: a client host needs at least one root directory")
	}
	var r roots
	for _, d := range dirs {
		if !filepath.IsAbs(d) {
			return roots{}, fmt.Errorf("session: root %q is not an absolute path", d)
		}
		real, err := filepath.EvalSymlinks(d)
		if err != nil {
			return roots{}, fmt.Errorf("session: root: %w", err)
		}
		if fi, err := os.Stat(real); err != nil || !fi.IsDir() {
			return roots{}, fmt.Errorf("session: root %q is not a directory", d)
		}
		r.dirs = append(r.dirs, root{given: filepath.Clean(d), real: real})
	}
	return r, nil
}

// first is the first root, the working directory of a terminal whose
// request names none.
func (r roots) first() string { return r.dirs[0].real }

// target is a path inside a root: the real root and the path relative to
// it, which file operations use through os.Root, so that a link changed
// after resolve still cannot lead out.
type target struct {
	root, rel string
}

// path is the target's full real path.
func (t target) path() string { return filepath.Join(t.root, t.rel) }

// resolve finds an absolute path inside the roots: its symbolic links
// resolved, or, for a path that does not exist yet, those of its nearest
// existing ancestor. The errors are the ones an agent should get: invalid
// params for a relative path or one outside the roots.
func (r roots) resolve(path string) (target, error) {
	if !filepath.IsAbs(path) {
		return target{}, acp.NewInvalidParamsError(fmt.Sprintf("path %q is not absolute", path))
	}
	clean := filepath.Clean(path)
	if !r.lexicallyInside(clean) {
		return target{}, acp.NewInvalidParamsError(fmt.Sprintf("path %q is outside the directories this client shares", path))
	}
	real, err := realPath(clean)
	if err != nil {
		return target{}, acp.NewInternalError(fmt.Sprintf("resolving %q: %v", path, err))
	}
	for _, d := range r.dirs {
		if within(d.real, real) {
			rel, _ := filepath.Rel(d.real, real)
			return target{root: d.real, rel: rel}, nil
		}
	}
	return target{}, acp.NewInvalidParamsError(fmt.Sprintf("path %q leads outside the directories this client shares (through a symbolic link, to %q)", path, real))
}

// lexicallyInside reports whether the clean path is inside a root as
// given or as resolved.
func (r roots) lexicallyInside(clean string) bool {
	for _, d := range r.dirs {
		if within(d.given, clean) || within(d.real, clean) {
			return true
		}
	}
	return false
}

// within reports whether path is dir or under it (both clean).
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// realPath resolves the symbolic links of path, or of its nearest existing
// ancestor when it does not exist (the rest is appended as is).
func realPath(clean string) (string, error) {
	var rest []string
	for p := clean; ; {
		real, err := filepath.EvalSymlinks(p)
		if err == nil {
			return filepath.Join(append([]string{real}, rest...)...), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(p)
		if parent == p {
			return "", err
		}
		rest = append([]string{filepath.Base(p)}, rest...)
		p = parent
	}
}
