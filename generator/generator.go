// Package generator turns a JSON Schema (the ACP protocol schema, or any
// schema built from the same constructs) into a Go package. It does no I/O:
// Generate takes bytes and returns files; the acpgen command reads and
// writes them.
//
// The pipeline is load (load.go, node.go) → IR (build*.go, ir.go) → emit
// (emit*.go), plus the fixed runtime copied from the templates package.
package generator

import (
	"fmt"
	"go/token"
)

// Config says what to generate.
type Config struct {
	// SchemaFile names the schema in error messages (e.g. "v1/schema.json").
	SchemaFile string
	// Schema is the schema document.
	Schema []byte
	// Package is the Go package name of the output.
	Package string
	// Validate adds a Validate method, checking the constraints the schema
	// states, to every generated type but union variants, which their
	// union checks (emit_validate.go). Off by default: ACP decodes
	// leniently and its packages stay as they are.
	Validate bool
}

// OutputFile is one generated file: a name relative to the output directory and
// its gofmt'd content.
type OutputFile struct {
	Name    string
	Content []byte
}

// Generate loads the schema, builds the IR and emits the package. It returns
// an error naming the file and the schema path of the first construct it
// cannot handle; it never returns partial output.
func Generate(cfg Config) ([]OutputFile, error) {
	if !token.IsIdentifier(cfg.Package) {
		return nil, fmt.Errorf("package name %q is not a Go identifier", cfg.Package)
	}
	doc, err := loadSchema(cfg.SchemaFile, cfg.Schema)
	if err != nil {
		return nil, err
	}
	types, err := buildIR(doc)
	if err != nil {
		return nil, err
	}
	files, err := emitPackage(cfg.Package, types)
	if err != nil || !cfg.Validate {
		return files, err
	}
	return addValidation(cfg.Package, doc, types, files)
}
