package generator

import (
	"fmt"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/emit"
)

// ErrNoImportPath is returned when the output has packages of its own
// (the runtime's, under internal/: templates.Packages) and
// Config.ImportPath is empty: the generated package cannot import them
// without knowing where it is.
var ErrNoImportPath = emit.ErrNoImportPath

// checkImportPath rejects an import path the go command would not accept
// for a package: empty elements, leading or trailing slashes, spaces,
// backslashes, and other characters outside letters, digits and
// "-._~+/". Empty is accepted here; needsImportPath decides whether the
// output needs one.
func checkImportPath(p string) error {
	if p == "" {
		return nil
	}
	for _, elem := range strings.Split(p, "/") {
		if elem == "" || elem == "." || elem == ".." {
			return fmt.Errorf("import path %q has an empty, . or .. element", p)
		}
	}
	for _, r := range p {
		if !importPathRune(r) {
			return fmt.Errorf("import path %q holds %q, which import paths cannot", p, r)
		}
	}
	return nil
}

// importPathRune reports whether r may appear in an import path.
func importPathRune(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return true
	}
	return strings.ContainsRune("-._~+/", r)
}
