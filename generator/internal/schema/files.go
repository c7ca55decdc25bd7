package schema

import (
	"fmt"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
)

// Files is how references reach other documents. acpgen fetches nothing:
// a reference to another file is read from disk, relative to the file
// that holds it, and one to a URL only when RefMap maps the URL to a
// local file. Both the meta-schema validation and the resolver read
// through it, so they see the same documents.
type Files struct {
	// Read reads a local file; nil reads none (Generate does no I/O of
	// its own: the command passes os.ReadFile).
	Read func(name string) ([]byte, error)
	// RefMap maps a URL prefix to a local file or directory: with
	// "https://example.com/schemas/" → "vendor/schemas/",
	// https://example.com/schemas/a.json is read from vendor/schemas/a.json.
	RefMap map[string]string
}

// fileURL is the URL a document is known by until its $id says
// otherwise: its file's absolute path, so that relative references
// (`../a.json`) resolve as paths do.
func fileURL(file string) *url.URL {
	if abs, err := filepath.Abs(file); err == nil {
		file = abs
	}
	file = filepath.ToSlash(file)
	if !strings.HasPrefix(file, "/") {
		file = "/" + file // a Windows drive
	}
	return &url.URL{Scheme: "file", Path: file}
}

// shortName is the name errors use for a file: relative to the working
// directory when it is below it, as the command's arguments are.
func shortName(file string) string {
	wd, err := filepath.Abs(".")
	if err != nil {
		return file
	}
	if rel, err := filepath.Rel(wd, filepath.FromSlash(file)); err == nil {
		return filepath.ToSlash(rel)
	}
	return file
}

// local is the file a document URL is read from, if any: a file URL's
// path, or a RefMap entry's file (the longest prefix wins).
func (f *Files) local(doc string) (string, error) {
	u, err := url.Parse(doc)
	if err == nil && u.Scheme == "file" {
		return shortName(u.Path), nil
	}
	prefixes := make([]string, 0, len(f.RefMap))
	for p := range f.RefMap {
		prefixes = append(prefixes, p)
	}
	sort.Slice(prefixes, func(i, j int) bool { return len(prefixes[i]) > len(prefixes[j]) })
	for _, p := range prefixes {
		if rest, ok := strings.CutPrefix(doc, p); ok {
			return f.RefMap[p] + rest, nil
		}
	}
	return "", fmt.Errorf("%s is remote and acpgen never fetches schemas; map it to a local file with -ref-map %s=FILE", Excerpt(doc), doc)
}

// read reads the document at URL doc.
func (f *Files) read(doc string) (string, []byte, error) {
	name, err := f.local(doc)
	if err != nil {
		return "", nil, err
	}
	if f.Read == nil {
		return "", nil, fmt.Errorf("%s is another file, and no reader was given to read it (Config.ReadFile)", Excerpt(name))
	}
	data, err := f.Read(name)
	if err != nil {
		return "", nil, err
	}
	return name, data, nil
}
