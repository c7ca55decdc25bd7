package emit

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/acpgen/acpgen/templates"
)

var packageClause = regexp.MustCompile(`(?m)^package templates$`)

// Optional parts of the runtime, by the prefix of their file names: only a
// package with methods needs the method tables and JSON-RPC envelopes,
// only one with a client connection what a client needs beyond it (the
// agent as a subprocess, a cancellable prompt), and
// only one with patch fields the Patch type.
const (
	RPCRuntimePrefix    = "wire_rpc"
	ClientRuntimePrefix = "wire_rpc_client"
	patchRuntimePrefix  = "wire_patch"
)

// runtimeParts says which optional parts of the runtime a package needs.
type runtimeParts struct {
	rpc, client, patch bool
}

// wants reports whether the runtime file name belongs in the package.
func (p runtimeParts) wants(name string) bool {
	switch {
	case strings.HasPrefix(name, ClientRuntimePrefix):
		return p.client
	case strings.HasPrefix(name, RPCRuntimePrefix):
		return p.rpc
	case strings.HasPrefix(name, patchRuntimePrefix):
		return p.patch
	}
	return true
}

// runtimeFiles copies the fixed runtime (the templates package, Go and
// its one assembly file) into the output package, replacing only the
// package clause and adding the generated-code header. Optional parts
// come only when needed, so that a schema without methods gets no method
// API.
func runtimeFiles(pkg string, parts runtimeParts) ([]OutputFile, error) {
	var names []string
	for _, name := range templates.Files() {
		if parts.wants(name) {
			names = append(names, name)
		}
	}
	return copyTemplates(pkg, names, templates.Source)
}

// copyTemplates copies the named template files, read through source.
func copyTemplates(pkg string, names []string, source func(string) ([]byte, error)) ([]OutputFile, error) {
	var out []OutputFile
	for _, name := range names {
		src, err := source(name)
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
