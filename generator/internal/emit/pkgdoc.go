package emit

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// PackageInfo is what the package comment says about where a package
// comes from.
type PackageInfo struct {
	// Name is the Go package name.
	Name string
	// ImportPath is the package's import path, by which it imports the
	// runtime packages under its directory; empty when it has none.
	ImportPath string
	// Schema names the schema as acpgen was given it ("acp/v1/schema.json").
	Schema string
	// Unstable names the unstable schema, when there is one.
	Unstable string
	// Release is the schema's published release and integrity hash, when
	// known ("@agentclientprotocol/sdk 2.4.0 (sha512-…)").
	Release string
	// Generator is acpgen's version.
	Generator string
	// Validate says the types have Validate methods.
	Validate bool
	// ProtocolVersion is the version the package speaks, 0 when none.
	ProtocolVersion int64
	// Described says the package comes from acpgen's description of the
	// protocol (the schema with its overrides, as -protocol generates it):
	// the test kit is written against that API (a v2 message's content is
	// a patch only there), so only such a package gets it.
	Described bool
}

// packageDoc renders package_doc.go (not doc.go, the usual name of a
// hand-written package comment, which go doc shows first): the package comment, naming the schema, its
// release, acpgen's version and the build tags of the features in the
// package, and gives in full the descriptions of the members many types
// share (commons), whose fields have only their first sentence. features
// are sorted.
func packageDoc(info PackageInfo, types []*ir.Decl, rpc *ir.RPC, features []string, commons []commonDoc) (OutputFile, error) {
	f := NewFile(info.Name)
	f.HeaderComment(GeneratedHeader)
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	line("Package %s holds the Go types of a JSON Schema, with their JSON", info.Name)
	line("encoding and decoding.")
	switch {
	case rpc != nil && rpc.Surface != nil:
		line("It also has the protocol's method tables and message envelopes, a")
		line("handler interface for each side and a JSON-RPC 2.0 connection.")
	case rpc != nil:
		line("It also has the protocol's method tables and message envelopes.")
	}
	if info.Validate {
		line("Every type but a union's variants has a Validate method that checks")
		line("the constraints the schema states.")
	}
	line("It imports the standard library only.")
	line("")
	line("# Source")
	line("")
	line("  - Schema: %s", info.Schema)
	if info.Unstable != "" {
		line("  - Unstable features from: %s", info.Unstable)
	}
	if info.Release != "" {
		line("  - Release: %s", info.Release)
	}
	if info.ProtocolVersion != 0 {
		line("  - Protocol version: %d (CurrentProtocolVersion)", info.ProtocolVersion)
	}
	line("  - Generator: acpgen %s (github.com/acpgen/acpgen)", info.Generator)
	line("")
	line("To change the package, change the schema or acpgen's flags and")
	line("generate again; edits to the generated files are lost.")
	if len(features) > 0 {
		line("")
		line("# Build tags")
		line("")
		line("Built without tags, the package is the stable schema alone. Each feature")
		line("below adds what it lists when built with its tag (go build -tags %s);", features[0])
		line("the tag unstable turns on every one. Code that uses a feature needs its")
		line("tag too: give its file //go:build %s || unstable.", features[0])
		if rpc != nil {
			line("Built without its tag, a feature's method is unknown, and the")
			line("UnknownMethodError (the -32601 error data, on a connection) names the tag.")
		}
		line("")
		line("go doc shows the untagged build only: it takes no -tags, and")
		line("GOFLAGS=-tags does not reach it. The list below is the index of what")
		line("the tags add. A name's documentation is in the files whose names hold")
		line("its tag (%s.go).", features[0])
		if rpc != nil && rpc.Surface != nil {
			line("A handler interface's methods of the features are in its file ending")
			line("_unstable.go.")
		}
		line("gopls (an editor's language server) shows them when started with")
		line("GOFLAGS=-tags=unstable, or given -tags=unstable in its buildFlags.")
		line("")
		adds := featureAdditions(types, rpc, features)
		for _, feat := range features {
			for _, l := range featureLines(feat, adds[feat]) {
				line("%s", l)
			}
		}
	}
	for _, c := range commons {
		line("")
		line("# Member %s", c.Member)
		line("")
		line("Most types have the member %s (field %s), whose comment there is", c.Member, c.Go)
		line("its first sentence. In full:")
		line("")
		line("%s", goDoc(strings.TrimSpace(c.Full)))
	}
	for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		f.PackageComment(l) // one line each: jennifer writes a multi-line comment as /* */
	}
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return OutputFile{}, fmt.Errorf("rendering package_doc.go: %v", err)
	}
	return OutputFile{Name: "package_doc.go", Content: buf.Bytes()}, nil
}

// features lists every feature some file of the set is gated on.
func (fs *fileSet) features() []string {
	var out []string
	for _, g := range fs.gates {
		for _, feat := range g {
			if !slices.Contains(out, feat) {
				out = append(out, feat)
			}
		}
	}
	slices.Sort(out)
	return out
}
