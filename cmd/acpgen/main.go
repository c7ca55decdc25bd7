// Command acpgen generates Go types from the ACP JSON Schema (or any schema
// built from the same constructs).
//
//	acpgen [-protocol v1|v2] [-schema file|dir] [-unstable file] [-features file]
//	       [-overrides file] [-emit-features all|none|a,b] [-out dir] [-package name] [-import-path path]
//	       [-protocol-version N] [-validate]
//	       [-unknown-members keep|drop] [-check]
//	acpgen -draft-features out.json [-schema file|dir] [-unstable file] [-features file]
//	acpgen -version
//	acpgen [-protocol v1|v2] -init-schema dir
//
// Without -schema it uses the ACP schemas embedded in acpgen for -protocol:
// the stable surface in untagged files, every unstable feature's additions
// behind its build tag. With -validate the generated types also get a
// Validate method (stable schemas only). With -check it writes nothing: it exits 1 and
// prints a unified diff when the files in -out differ from what it would
// generate. With -init-schema it writes the embedded schema files of
// -protocol into a directory, for a user to keep and generate from with
// -schema.
// With -draft-features it writes a feature map for the stable and
// unstable schemas instead, starting from -features (or none), and lists
// on stderr what it kept, dropped, proposed and could not attribute.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/acpgen/acpgen/generator"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "acpgen:", err)
		os.Exit(1)
	}
}

// options are the command-line flags.
type options struct {
	version                                          bool
	initSchema                                       string
	protocol, schemaPath, unstablePath, featuresPath string
	overridesPath, emitFeatures, out, pkg            string
	importPath                                       string
	unknownMembers                                   string
	draftPath, rootType                              string
	check, validate                                  bool
	protocolVersion                                  int64
	refMap                                           refMap
}

// refMap is the repeatable -ref-map URL=FILE flag.
type refMap map[string]string

func (m refMap) String() string { return "" }

func (m refMap) Set(v string) error {
	url, file, ok := strings.Cut(v, "=")
	if !ok || url == "" || file == "" {
		return fmt.Errorf("want URL=FILE, got %q", v)
	}
	m[url] = file
	return nil
}

func parseFlags(args []string) (options, error) {
	o := options{refMap: refMap{}}
	fs := flag.NewFlagSet("acpgen", flag.ContinueOnError)
	fs.BoolVar(&o.version, "version", false, "print acpgen's version and the embedded ACP schemas' release and integrity, and exit")
	fs.StringVar(&o.initSchema, "init-schema", "", "write the embedded schema files of -protocol into this directory, as -schema DIR reads them, and exit")
	fs.StringVar(&o.protocol, "protocol", "v1", "ACP protocol version of the embedded schema: v1 or v2")
	fs.StringVar(&o.schemaPath, "schema", "", "schema file, or a directory holding schema.json and optionally schema.unstable.json, features.json, overrides.json and VERSION (default: the embedded ACP schemas)")
	fs.StringVar(&o.unstablePath, "unstable", "", "unstable schema file (the stable schema plus every unstable feature); needs -features")
	fs.StringVar(&o.featuresPath, "features", "", "feature map file: which feature gates each unstable-only element")
	fs.StringVar(&o.overridesPath, "overrides", "", "overrides file: tag values unions reject and properties with patch meaning")
	fs.StringVar(&o.emitFeatures, "emit-features", "all", "unstable features to generate: all, none, or a comma-separated list")
	fs.StringVar(&o.out, "out", ".", "output directory")
	fs.StringVar(&o.pkg, "package", "acp", "Go package name of the output")
	fs.StringVar(&o.importPath, "import-path", "", "import path of the output package, by which it imports its own internal packages (default: the module path of the go.mod above -out and the directory's place under it)")
	fs.Int64Var(&o.protocolVersion, "protocol-version", 0, "protocol version the package speaks, as CurrentProtocolVersion (default: the schema directory's name, v1 → 1)")
	fs.BoolVar(&o.validate, "validate", false, "also generate Validate methods checking the schema's constraints (stable schemas only)")
	fs.StringVar(&o.unknownMembers, "unknown-members", "keep", "members a type does not declare: keep (in its Unknown field, encoded back) or drop (ignored, as the reference implementation does)")
	fs.StringVar(&o.rootType, "root-type", "", "Go name of the schema root's type, when the root describes a value or a $ref points to it (default: its title, else the schema file's name)")
	fs.Var(o.refMap, "ref-map", "URL=FILE: read $refs to URLs starting with URL from FILE (a file, or a directory ending in /), as acpgen fetches nothing; repeatable")
	fs.BoolVar(&o.check, "check", false, "write nothing; exit 1 with a diff when -out is stale")
	fs.StringVar(&o.draftPath, "draft-features", "", "write a draft feature map for the schemas to this file (from -features, or from none) instead of generating")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	return o, nil
}

func run(args []string, stdout io.Writer) error {
	var pathErr error
	o, err := parseFlags(args)
	if err != nil {
		return err
	}
	if o.version {
		return printVersion(stdout)
	}
	if o.initSchema != "" {
		return initSchema(o.initSchema, o.protocol)
	}
	if o.draftPath != "" {
		return draftMap(o, stdout)
	}
	cfg, err := configFor(o)
	if err != nil {
		return err
	}
	// Only an output with packages of its own needs its import path; the
	// error finding it is reported when it does.
	cfg.ImportPath, pathErr = importPath(o.importPath, o.out)
	files, err := generator.Generate(cfg)
	if errors.Is(err, generator.ErrNoImportPath) && pathErr != nil {
		return pathErr
	}
	if err != nil {
		return err
	}
	if o.check {
		return checkOutput(o.out, files, stdout)
	}
	return writeOutput(o.out, files)
}

// configFor reads the inputs the flags name into a generator.Config.
func configFor(o options) (generator.Config, error) {
	cfg := generator.Config{Package: o.pkg, Validate: o.validate, ProtocolVersion: o.protocolVersion, RootType: o.rootType,
		ReadFile: os.ReadFile, RefMap: o.refMap}
	switch o.unknownMembers {
	case "keep":
	case "drop":
		cfg.DropUnknownMembers = true
	default:
		return cfg, fmt.Errorf("-unknown-members %q: want keep or drop", o.unknownMembers)
	}
	in, err := readInputs(o)
	if err != nil {
		return cfg, err
	}
	cfg.SchemaFile, cfg.Schema = in.schema.name, in.schema.data
	cfg.OverridesFile, cfg.Overrides = in.overrides.name, in.overrides.data
	cfg.Release = in.release.String()
	if in.unstable.data == nil && in.features.data == nil {
		if o.emitFeatures != "all" && o.emitFeatures != "none" {
			return cfg, fmt.Errorf("-emit-features %s needs an unstable schema and a feature map", o.emitFeatures)
		}
		return cfg, nil
	}
	cfg.UnstableFile, cfg.Unstable = in.unstable.name, in.unstable.data
	cfg.FeaturesFile, cfg.Features = in.features.name, in.features.data
	switch o.emitFeatures {
	case "all":
	case "none":
		cfg.EmitFeatures = []string{}
	default:
		cfg.EmitFeatures = splitList(o.emitFeatures)
	}
	return cfg, nil
}

func splitList(s string) []string {
	out := []string{}
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	return out
}
