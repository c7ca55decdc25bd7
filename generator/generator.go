// Package generator turns a JSON Schema (the ACP protocol schema, or any
// schema built from the same constructs) into a Go package. It does no I/O:
// Generate takes bytes and returns files; the acpgen command reads and
// writes them.
//
// Generate below is the whole pipeline; each stage is a package under
// internal/ (see ARCHITECTURE.md): schema (documents to nodes), build
// (nodes to IR, overrides), gate (unstable features), methods (method
// tables) and emit (IR to Go), all meeting in ir.
package generator

import (
	"fmt"
	"unicode/utf8"

	"github.com/acpgen/acpgen/generator/internal/build"
	"github.com/acpgen/acpgen/generator/internal/diag"
	"github.com/acpgen/acpgen/generator/internal/emit"
	"github.com/acpgen/acpgen/generator/internal/gate"
	"github.com/acpgen/acpgen/generator/internal/helpers"
	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/methods"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// OutputFile is one generated file: a name relative to the output
// directory (slash-separated; a file of a package of the output's own, in
// a directory under it, has a directory) and its gofmt'd content.
type OutputFile struct {
	Name    string
	Content []byte
}

// Generate loads the schema, builds the IR and emits the package. It returns
// an error naming the file and the schema path of each construct it
// cannot handle (or cannot express in Go that builds: see the README),
// one per line: a *diag.Errors listing at most diag.Max when the schema
// and build stages found several, the error itself when there is one. It
// never returns partial output. Each line is at most maxErrorBytes long.
// A schema nesting deeper than schema.MaxDepth is rejected first, in one
// pass, so the recursive stages after it run at most that deep, in time
// and memory linear in the schema and its output.
func Generate(cfg Config) ([]OutputFile, error) {
	out, err := generateAll(cfg)
	return out, boundError(err)
}

// maxErrorBytes bounds an error message. Messages quote values as short
// excerpts (schema.Excerpt), but a schema path repeats every key above the
// construct, and a failing gofmt quotes the source: cut, they still say
// where and what.
const maxErrorBytes = 2048

// boundedError is an error whose message was cut to maxErrorBytes; errors.Is
// and As still see the original.
type boundedError struct {
	msg string
	err error
}

func (e *boundedError) Error() string { return e.msg }
func (e *boundedError) Unwrap() error { return e.err }

// boundError bounds err's message, each line of a list (diag.Errors) on
// its own.
func boundError(err error) error {
	if err == nil {
		return nil
	}
	return diag.Map(err, boundOne)
}

func boundOne(err error) error {
	msg := err.Error()
	if len(msg) <= maxErrorBytes {
		return err
	}
	cut := maxErrorBytes
	for cut > 0 && !utf8.RuneStart(msg[cut]) {
		cut--
	}
	return &boundedError{msg: fmt.Sprintf("%s… (%d more bytes)", msg[:cut], len(msg)-cut), err: err}
}

func generateAll(cfg Config) ([]OutputFile, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	// Meta-schema validation, the slowest step, runs alongside the rest;
	// its error, if any, comes first (schema.Loads).
	l := schema.Loads{Files: schema.Files{Read: cfg.ReadFile, RefMap: cfg.RefMap}}
	files, err := generate(cfg, &l)
	if verr := l.Finish(); verr != nil {
		return nil, verr
	}
	if err != nil {
		return nil, err
	}
	out := make([]OutputFile, len(files))
	for i, f := range files {
		out[i] = OutputFile(f)
	}
	return out, nil
}

// generate runs the stages in order: load, claim unstable additions, build
// the IR, apply overrides, gate, build method tables, emit, validate.
func generate(cfg Config, l *schema.Loads) ([]emit.OutputFile, error) {
	stable, err := l.Load(cfg.SchemaFile, cfg.Schema)
	if err != nil {
		return nil, err
	}
	overrides, err := readOverrides(cfg)
	if err != nil {
		return nil, err
	}
	// With an unstable schema the package is built from it, and the
	// claims say which feature each of its additions needs.
	doc, claims := stable, (*gate.Claims)(nil)
	if cfg.Unstable != nil {
		if doc, err = l.Load(cfg.UnstableFile, cfg.Unstable); err != nil {
			return nil, err
		}
		claims, err = gate.Claim(stable, doc, cfg.FeaturesFile, cfg.Features, cfg.EmitFeatures)
		if err != nil {
			return nil, err
		}
	}
	doc.RootType = cfg.RootType
	types, ns, err := build.Types(doc)
	if err != nil {
		return nil, err
	}
	if err := build.ApplyOverrides(overrides, types); err != nil {
		return nil, err
	}
	if err := build.CheckCycles(doc.File, types); err != nil {
		return nil, err
	}
	var methodGates methods.Gating
	if claims != nil {
		if types, err = claims.Apply(types, ns); err != nil {
			return nil, err
		}
		methodGates = claims.Methods()
	}
	if !cfg.DropUnknownMembers {
		ir.KeepUnknownMembers(types)
	}
	rpc, err := methods.Build(doc, types, ns, methodGates, cfg.protocolVersion())
	if err != nil {
		return nil, err
	}
	info := emit.PackageInfo{
		Name: cfg.Package, ImportPath: cfg.ImportPath, Schema: cfg.SchemaFile, Unstable: cfg.UnstableFile, Release: cfg.Release, Generator: Version,
		Validate: cfg.Validate, ProtocolVersion: cfg.protocolVersion(), Described: cfg.Overrides != nil,
	}
	if rpc == nil {
		info.ProtocolVersion = 0
	}
	h := helpers.Build(types, rpc, ns)
	h.Session = helpers.BuildSessionFold(types, rpc)
	files, err := emit.Package(info, types, rpc, h)
	if err != nil || !cfg.Validate {
		return files, err
	}
	// The check reads the keywords the builder used, so it looks at the
	// document the types were built from (with no feature emitted, the
	// unstable schema's stable part).
	if err := build.CheckValidatable(doc, types); err != nil {
		return nil, err
	}
	return emit.Validation(cfg.Package, cfg.ImportPath, types, files)
}

// readOverrides parses the overrides file, if there is one.
func readOverrides(cfg Config) (*build.Overrides, error) {
	if cfg.Overrides == nil {
		return nil, nil
	}
	return build.ParseOverrides(cfg.OverridesFile, cfg.Overrides)
}
