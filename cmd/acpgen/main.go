// Command acpgen generates Go types from the ACP JSON Schema (or any schema
// built from the same constructs).
//
//	acpgen [-protocol v1|v2] [-schema file] [-out dir] [-package name] [-validate] [-check]
//
// Without -schema it uses the ACP schema embedded in acpgen for -protocol.
// With -validate the generated types also get a Validate method.
// With -check it writes nothing: it exits 1 and prints a unified diff when
// the files in -out differ from what it would generate.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/acpgen/acpgen/generator"
	"github.com/acpgen/acpgen/schema"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "acpgen:", err)
		os.Exit(1)
	}
}

// options are the command-line flags.
type options struct {
	protocol, schemaPath, out, pkg string
	check, validate                bool
}

func parseFlags(args []string) (options, error) {
	var o options
	fs := flag.NewFlagSet("acpgen", flag.ContinueOnError)
	fs.StringVar(&o.protocol, "protocol", "v1", "ACP protocol version of the embedded schema: v1 or v2")
	fs.StringVar(&o.schemaPath, "schema", "", "schema file, or a directory holding schema.json (default: the embedded ACP schema)")
	fs.StringVar(&o.out, "out", ".", "output directory")
	fs.StringVar(&o.pkg, "package", "acp", "Go package name of the output")
	fs.BoolVar(&o.check, "check", false, "write nothing; exit 1 with a diff when -out is stale")
	fs.BoolVar(&o.validate, "validate", false, "add Validate methods that check the schema's constraints")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	return o, nil
}

func run(args []string, stdout io.Writer) error {
	o, err := parseFlags(args)
	if err != nil {
		return err
	}
	name, data, err := readSchema(o)
	if err != nil {
		return err
	}
	files, err := generator.Generate(generator.Config{SchemaFile: name, Schema: data, Package: o.pkg, Validate: o.validate})
	if err != nil {
		return err
	}
	if o.check {
		return checkOutput(o.out, files, stdout)
	}
	return writeOutput(o.out, files)
}

// readSchema reads -schema, or the embedded schema for -protocol.
func readSchema(o options) (string, []byte, error) {
	if o.schemaPath == "" {
		return schema.ACP(o.protocol, false)
	}
	path := o.schemaPath
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		path = path + "/schema.json"
	}
	data, err := os.ReadFile(path)
	return path, data, err
}
