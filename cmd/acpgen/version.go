package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// modulePath is acpgen's module, looked up in the build information: a
// user reporting a problem with generated code needs to say which acpgen
// wrote it, and with `go tool` or `go run ...@version` there is no checkout
// to ask.
const modulePath = "github.com/acpgen/acpgen"

// printVersion writes "acpgen <version>" for the running binary.
func printVersion(w io.Writer) error {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		_, err := fmt.Fprintln(w, "acpgen (unknown: built without module information)")
		return err
	}
	_, err := fmt.Fprintln(w, "acpgen", moduleVersion(bi))
	return err
}

// moduleVersion finds acpgen's version in bi. Built as the main module
// (from a checkout, or by `go install`/`go run ...@version`) it is the main
// module's version: a release tag, a pseudo-version from the checkout's
// VCS stamp, or "(devel)". Built as a tool of another module it is that
// module's requirement, with the replacement when a replace directive
// points elsewhere.
func moduleVersion(bi *debug.BuildInfo) string {
	if bi.Main.Path == modulePath {
		return orDevel(bi.Main.Version)
	}
	for _, d := range bi.Deps {
		if d.Path != modulePath {
			continue
		}
		if r := d.Replace; r != nil {
			return d.Version + " => " + r.Path + " " + orDevel(r.Version)
		}
		return d.Version
	}
	return "(devel)"
}

// orDevel names an empty version the way the go command does.
func orDevel(v string) string {
	if v == "" {
		return "(devel)"
	}
	return v
}
