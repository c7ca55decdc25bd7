package emit

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/acpgen/acpgen/templates"
)

var packageClause = regexp.MustCompile(`(?m)^package templates$`)

// runtimeParts says which optional parts of the runtime a package needs.
type runtimeParts struct {
	rpc, client, patch, validate bool
}

// wants reports whether a package with these parts gets runtime files of
// this need (templates.Manifest).
func (p runtimeParts) wants(need templates.Need) bool {
	switch need {
	case templates.Methods:
		return p.rpc
	case templates.ClientConn:
		return p.client
	case templates.PatchFields:
		return p.patch
	case templates.Validate:
		return p.validate
	}
	return true
}

// runtimeFiles names the runtime files a package with these parts gets,
// in the manifest's order. Optional parts come only when needed, so that
// a schema without methods gets no method API.
func runtimeFiles(parts runtimeParts) []string {
	return manifestFiles(parts.wants)
}

// validationFiles names the validation runtime's files, which only
// packages generated with Validate get (Validation).
func validationFiles() []string {
	return manifestFiles(func(need templates.Need) bool { return need == templates.Validate })
}

// manifestFiles names the manifest's files whose need is wanted.
func manifestFiles(want func(templates.Need) bool) []string {
	var names []string
	for _, f := range templates.Manifest {
		if want(f.Need) {
			names = append(names, f.Name)
		}
	}
	return names
}

// copyTemplates copies the named runtime files (Go and the one assembly
// file) into the output package, replacing only the package clause and
// adding the generated-code header.
func copyTemplates(pkg string, names []string) ([]OutputFile, error) {
	var out []OutputFile
	for _, name := range names {
		src, err := templates.Source(name)
		if err != nil {
			return nil, err
		}
		body := src
		if !strings.HasSuffix(name, ".s") { // assembly names no package
			if !packageClause.Match(src) {
				return nil, fmt.Errorf("template %s has no package clause", name)
			}
			body = packageClause.ReplaceAll(src, []byte("package "+pkg))
		}
		var buf bytes.Buffer
		buf.WriteString("// " + GeneratedHeader + "\n\n")
		buf.Write(body)
		out = append(out, OutputFile{Name: name, Content: buf.Bytes()})
	}
	return out, nil
}
