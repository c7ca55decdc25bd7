package templates

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

// runtime holds the source of this package, copied into every generated
// package by the generator.
//
//go:embed wire*.go wire*.s
var runtime embed.FS

// Files lists the runtime files to copy (tests and this file excluded), in
// sorted order.
func Files() []string {
	return sourceFiles(runtime)
}

// sourceFiles lists the non-test files of an embedded set, sorted.
func sourceFiles(fsys embed.FS) []string {
	entries, _ := fs.ReadDir(fsys, ".")
	var out []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), "_test.go") {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out
}

// Source returns the content of one runtime file.
func Source(name string) ([]byte, error) {
	return runtime.ReadFile(name)
}
