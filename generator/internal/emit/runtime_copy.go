package emit

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/acpgen/acpgen/templates"
)

// ErrNoImportPath is returned when runtime files go into packages of the
// output's own and the output's import path, by which they import each
// other, is not known.
var ErrNoImportPath = errors.New("the output imports its own internal packages, so its import path is needed")

// templatesPath is the import path of the runtime's packages, which the
// copies import by the output's instead.
const templatesPath = "github.com/acpgen/acpgen/templates"

var (
	packageClause   = regexp.MustCompile(`(?m)^package \w+$`)
	templatesImport = regexp.MustCompile(`"` + regexp.QuoteMeta(templatesPath) + `/([\w/]+)"`)
)

// runtimeCopy is where runtime files come from and go to.
type runtimeCopy struct {
	pkg        string // the generated package's name
	importPath string // the generated package's import path; "" when unknown
	packages   map[string]string
	source     func(name string) ([]byte, error)
}

// copyTemplates copies the named runtime files (Go and the one assembly
// file) into the output (templates.Packages says where), replacing the
// package clause and the imports of the runtime's packages and adding
// the generated-code header.
func copyTemplates(pkg, importPath string, names []string) ([]OutputFile, error) {
	c := runtimeCopy{pkg: pkg, importPath: importPath, packages: templates.Packages, source: templates.Source}
	return c.files(names)
}

// files copies each named file.
func (c runtimeCopy) files(names []string) ([]OutputFile, error) {
	var out []OutputFile
	for _, name := range names {
		f, err := c.file(name)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// file copies one runtime file into its output package.
func (c runtimeCopy) file(name string) (OutputFile, error) {
	dest, ok := c.packages[path.Dir(name)]
	if !ok {
		return OutputFile{}, fmt.Errorf("template %s: its directory has no output package (templates.Packages)", name)
	}
	if dest != "" && c.importPath == "" {
		return OutputFile{}, ErrNoImportPath
	}
	body, err := c.source(name)
	if err != nil {
		return OutputFile{}, err
	}
	if !strings.HasSuffix(name, ".s") { // assembly names no package
		if body, err = c.rewrite(name, body, dest); err != nil {
			return OutputFile{}, err
		}
	}
	var buf bytes.Buffer
	buf.WriteString("// " + GeneratedHeader + "\n\n")
	buf.Write(body)
	return OutputFile{Name: path.Join(dest, path.Base(name)), Content: buf.Bytes()}, nil
}

// rewrite gives a Go file the package clause of dest and the output's
// paths for its imports of the runtime's packages.
func (c runtimeCopy) rewrite(name string, src []byte, dest string) ([]byte, error) {
	loc := packageClause.FindIndex(src)
	if loc == nil {
		return nil, fmt.Errorf("template %s has no package clause", name)
	}
	clause := c.pkg
	if dest != "" {
		clause = path.Base(dest)
	}
	out := append(append(append([]byte{}, src[:loc[0]]...), "package "+clause...), src[loc[1]:]...)
	var missing error
	out = templatesImport.ReplaceAllFunc(out, func(m []byte) []byte {
		dir := string(templatesImport.FindSubmatch(m)[1])
		to, ok := c.packages[dir]
		switch {
		case !ok || to == "":
			missing = fmt.Errorf("template %s imports %s/%s, which is no package of the output", name, templatesPath, dir)
		case c.importPath == "":
			missing = ErrNoImportPath
		}
		return []byte(`"` + path.Join(c.importPath, to) + `"`)
	})
	if dest != "" {
		for _, ref := range []string{templates.Reference, templates.ReferenceV2} {
			out = bytes.ReplaceAll(out, []byte(`"`+ref+`"`), []byte(`"`+c.importPath+`"`))
		}
	}
	return out, missing
}
