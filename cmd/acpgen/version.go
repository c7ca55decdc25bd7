package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/acpgen/acpgen/generator"
	"github.com/acpgen/acpgen/schema"
)

// modulePath is acpgen's module path; -version names the module only when
// the binary was built from another one (a renamed fork). A user reporting
// a problem with generated code needs to say which acpgen wrote it, and
// with `go tool` or `go run ...@version` there is no checkout to ask.
const modulePath = "github.com/acpgen/acpgen"

// printVersion writes "acpgen <version>" for the running binary, then the
// release of the embedded ACP schemas.
func printVersion(w io.Writer) error {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		if _, err := fmt.Fprintln(w, "acpgen (unknown: built without module information), source", generator.Version); err != nil {
			return err
		}
		return printSchemaRelease(w)
	}
	if _, err := fmt.Fprintln(w, "acpgen", moduleVersion(bi)); err != nil {
		return err
	}
	return printSchemaRelease(w)
}

// moduleVersion describes the module of the running command, which the
// go command records as the main module however acpgen was built: from a
// checkout it is "(devel)" (or a pseudo-version when the build was stamped
// from VCS), by `go run ...@version` or `go install` the release, and as
// another module's `go tool` the version that module requires, followed by
// the replacement when a replace directive points elsewhere. When the
// source is a directory (a checkout, or a replace pointing at one) the go
// command knows no release, so generator.Version, the release that source
// belongs to, is added.
func moduleVersion(bi *debug.BuildInfo) string {
	m := bi.Main
	v := m.Version
	fromDir := v == "" || v == "(devel)"
	if fromDir {
		v = "(devel)"
	}
	if m.Path != modulePath {
		v = m.Path + " " + v
	}
	if r := m.Replace; r != nil {
		v += " => " + r.Path
		fromDir = r.Version == "" || r.Version == "(devel)"
		if !fromDir {
			v += " " + r.Version
		}
	}
	if fromDir {
		v += ", source " + generator.Version
	}
	return v
}

// printSchemaRelease writes the line naming the embedded ACP schemas'
// release and integrity hash.
func printSchemaRelease(w io.Writer) error {
	_, err := fmt.Fprintf(w, "embedded ACP schemas (%s): %s\n", strings.Join(schema.Protocols, ", "), schema.ACPRelease())
	return err
}
