package generator

import (
	"fmt"
	"go/token"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// Config says what to generate.
type Config struct {
	// SchemaFile names the schema in error messages (e.g. "v1/schema.json").
	SchemaFile string
	// Schema is the (stable) schema document.
	Schema []byte
	// Release, when not empty, is the schema's published release (and its
	// integrity hash), which the package comment names: "@agentclientprotocol/sdk
	// 2.4.0 (sha512-…)".
	Release string
	// Package is the Go package name of the output.
	Package string
	// ImportPath is the import path of the output package ("example.com/
	// m/acp"). The output imports the runtime's packages under its own
	// internal directory by it (templates.Manifest), so it is needed as
	// soon as the output has any; ErrNoImportPath says it was missing.
	// The acpgen command derives it from the go.mod above -out.
	ImportPath string
	// Validate adds a Validate method, checking the constraints the schema
	// states, to every generated type but union variants, which their
	// union checks. Off by default: ACP decodes
	// leniently and its packages stay as they are. Not available together
	// with unstable features yet: with an unstable schema, EmitFeatures
	// must be empty.
	Validate bool

	// DropUnknownMembers makes decoding ignore the members an object type
	// does not declare, as the reference implementation does, instead of
	// keeping them in the type's Unknown field and encoding them back (the
	// default; see docs/adr/0009-unknown-members.md). Objects whose schema
	// sets additionalProperties true then keep undeclared members in an
	// Extra map, and catch-all variants keep their raw object.
	DropUnknownMembers bool

	// Unstable is the same protocol's unstable schema: the stable one plus
	// every unstable feature. With it, the output also holds each feature's
	// additions behind the feature's build tag. It needs Features.
	UnstableFile string
	Unstable     []byte
	// Features is the feature map saying which feature claims each element
	// only the unstable schema has.
	FeaturesFile string
	Features     []byte
	// Overrides, when not nil, is the overrides file: tag
	// values unions reject, and properties with patch meaning.
	OverridesFile string
	Overrides     []byte

	// EmitFeatures, when not nil, limits the output to these features; the
	// others are left out as if the unstable schema did not have them.
	EmitFeatures []string

	// ReadFile reads the other files the schema's $refs name (relative
	// ones against the file holding the $ref, so SchemaFile should be the
	// schema's path); nil: a $ref to another file is an error. Generate
	// does no other I/O.
	ReadFile func(name string) ([]byte, error)
	// RefMap maps URL prefixes to local files or directories, for $refs
	// to remote schemas, which acpgen never fetches:
	// {"https://example.com/schemas/": "vendor/schemas/"}.
	RefMap map[string]string

	// RootType names the Go type of the schema's root, when the root
	// describes a value (it has a type) or a $ref points to it. Empty:
	// the root's title, else the schema file's name.
	RootType string

	// ProtocolVersion is the protocol version the package speaks, emitted
	// as CurrentProtocolVersion in a package with methods. 0 takes it from
	// the schema's location: ACP publishes each version's schema in a
	// directory named after it ("v1/schema.json"). Neither: no constant.
	ProtocolVersion int64
}

// protocolVersion is ProtocolVersion, or the version the schema's
// directory names, or 0.
func (cfg *Config) protocolVersion() int64 {
	if cfg.ProtocolVersion != 0 {
		return cfg.ProtocolVersion
	}
	dir := path.Base(path.Dir(filepath.ToSlash(cfg.SchemaFile)))
	digits, ok := strings.CutPrefix(dir, "v")
	if !ok {
		return 0
	}
	v, err := strconv.ParseInt(digits, 10, 32)
	if err != nil || v <= 0 {
		return 0
	}
	return v
}

// check rejects configurations that cannot work, before anything is read.
func (cfg *Config) check() error {
	if !token.IsIdentifier(cfg.Package) {
		return fmt.Errorf("package name %q is not a Go identifier", cfg.Package)
	}
	if err := checkImportPath(cfg.ImportPath); err != nil {
		return err
	}
	if (cfg.Unstable == nil) != (cfg.Features == nil) {
		return fmt.Errorf("an unstable schema and a feature map go together: give both or neither")
	}
	if cfg.Unstable == nil && cfg.EmitFeatures != nil {
		return fmt.Errorf("features to emit were given without an unstable schema")
	}
	if cfg.ProtocolVersion < 0 {
		return fmt.Errorf("protocol version %d is negative", cfg.ProtocolVersion)
	}
	if cfg.Unstable != nil && cfg.Validate && (cfg.EmitFeatures == nil || len(cfg.EmitFeatures) > 0) {
		return fmt.Errorf("validation is not supported together with unstable features yet: generate the stable surface alone (emit no features)")
	}
	return nil
}
