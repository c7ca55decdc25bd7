// Package generator turns a JSON Schema (the ACP protocol schema, or any
// schema built from the same constructs) into a Go package. It does no I/O:
// Generate takes bytes and returns files; the acpgen command reads and
// writes them.
//
// The pipeline is load (load.go, node.go) → IR (build*.go, ir.go) → gates
// (unstable_diff.go, features*.go, gate*.go) → emit (emit*.go), plus the
// fixed runtime copied from the templates package.
package generator

import (
	"fmt"
	"go/token"
)

// Config says what to generate.
type Config struct {
	// SchemaFile names the schema in error messages (e.g. "v1/schema.json").
	SchemaFile string
	// Schema is the (stable) schema document.
	Schema []byte
	// Package is the Go package name of the output.
	Package string
	// Validate adds a Validate method, checking the constraints the schema
	// states, to every generated type but union variants, which their
	// union checks (emit_validate.go). Off by default: ACP decodes
	// leniently and its packages stay as they are. Not available together
	// with unstable features yet.
	Validate bool

	// Unstable is the same protocol's unstable schema: the stable one plus
	// every unstable feature. With it, the output also holds each feature's
	// additions behind the feature's build tag. It needs Features.
	UnstableFile string
	Unstable     []byte
	// Features is the feature map saying which feature claims each element
	// only the unstable schema has.
	FeaturesFile string
	Features     []byte
	// Overrides, when not nil, is the overrides file (overrides.go): tag
	// values unions reject, and properties with patch meaning.
	OverridesFile string
	Overrides     []byte

	// EmitFeatures, when not nil, limits the output to these features; the
	// others are left out as if the unstable schema did not have them.
	EmitFeatures []string
}

// Generate loads the schema, builds the IR and emits the package. It returns
// an error naming the file and the schema path of the first construct it
// cannot handle; it never returns partial output.
func Generate(cfg Config) ([]OutputFile, error) {
	if !token.IsIdentifier(cfg.Package) {
		return nil, fmt.Errorf("package name %q is not a Go identifier", cfg.Package)
	}
	if (cfg.Unstable == nil) != (cfg.Features == nil) {
		return nil, fmt.Errorf("an unstable schema and a feature map go together: give both or neither")
	}
	if cfg.Unstable == nil && cfg.EmitFeatures != nil {
		return nil, fmt.Errorf("features to emit were given without an unstable schema")
	}
	if cfg.Unstable != nil && cfg.Validate {
		return nil, fmt.Errorf("validation is not supported together with unstable features yet: generate the stable schema alone")
	}
	var l loads
	files, err := generate(cfg, &l)
	if verr := l.finish(); verr != nil {
		return nil, verr
	}
	return files, err
}

// generate is Generate once the configuration is checked; schemas are
// loaded through l.
func generate(cfg Config, l *loads) ([]OutputFile, error) {
	stable, err := l.load(cfg.SchemaFile, cfg.Schema)
	if err != nil {
		return nil, err
	}
	var ov *overrides
	if cfg.Overrides != nil {
		if ov, err = parseOverrides(cfg.OverridesFile, cfg.Overrides); err != nil {
			return nil, err
		}
	}
	if cfg.Unstable != nil {
		b, err := buildGated(cfg, l, stable, ov)
		if err != nil {
			return nil, err
		}
		return emitWithMethods(cfg.Package, b)
	}
	types, ns, err := buildIR(stable)
	if err != nil {
		return nil, err
	}
	if err := applyOverrides(ov, types); err != nil {
		return nil, err
	}
	files, err := emitWithMethods(cfg.Package, &builtIR{doc: stable, types: types, ns: ns})
	if err != nil || !cfg.Validate {
		return files, err
	}
	if err := checkValidatable(stable, types); err != nil {
		return nil, err
	}
	return addValidation(cfg.Package, types, files)
}

// builtIR is the IR of the schema the package is generated from, with what
// the method tables need: the document, the namespace, and the features
// of unstable methods.
type builtIR struct {
	doc     *schemaDoc
	types   []*Decl
	ns      *namespace
	methods methodGating
}

// emitWithMethods builds the method tables (ir_methods.go) from the final
// types and emits the package.
func emitWithMethods(pkg string, b *builtIR) ([]OutputFile, error) {
	rpc, err := buildMethods(b.doc, b.types, b.ns, b.methods)
	if err != nil {
		return nil, err
	}
	return emitPackage(pkg, b.types, rpc, hasPatchFields(b.types))
}

// buildGated builds the IR of the unstable schema and gates every addition
// by the feature that claims it.
func buildGated(cfg Config, l *loads, stable *schemaDoc, ov *overrides) (*builtIR, error) {
	unstable, err := l.load(cfg.UnstableFile, cfg.Unstable)
	if err != nil {
		return nil, err
	}
	elems, err := diffSchemas(stable, unstable)
	if err != nil {
		return nil, err
	}
	fm, err := parseFeatureMap(cfg.FeaturesFile, cfg.Features)
	if err != nil {
		return nil, err
	}
	owners, err := claimElements(fm, elems)
	if err != nil {
		return nil, err
	}
	emit, err := emitSet(fm, cfg.EmitFeatures)
	if err != nil {
		return nil, err
	}
	types, ns, err := buildIR(unstable)
	if err != nil {
		return nil, err
	}
	if err := applyOverrides(ov, types); err != nil {
		return nil, err
	}
	var paths []gatedPath
	mg := methodGating{claims: map[methodKey]string{}, emit: emit}
	for i, e := range elems {
		if e.Kind == elemDefinition || e.Kind == elemVariant || e.Kind == elemProperty || e.Kind == elemEnumValue {
			paths = append(paths, gatedPath{Path: e.Path, Feature: owners[i], EnumValue: e.Kind == elemEnumValue})
		}
		if e.Kind == elemMethod {
			mg.claims[methodKey{Method: e.Member, Side: e.Side, Kind: e.MsgKind}] = owners[i]
		}
	}
	types, err = applyGates(types, ns, paths, fm.Cross, emit)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cfg.UnstableFile, err)
	}
	return &builtIR{doc: unstable, types: types, ns: ns, methods: mg}, nil
}

// emitSet checks the names of the features to emit.
func emitSet(fm *featureMap, names []string) (map[string]bool, error) {
	if names == nil {
		return nil, nil
	}
	set := map[string]bool{}
	for _, n := range names {
		if fm.Features[n] == nil {
			return nil, fmt.Errorf("%s: no feature %q", fm.File, n)
		}
		set[n] = true
	}
	return set, nil
}
