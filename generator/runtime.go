package generator

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/acpgen/acpgen/templates"
)

var packageClause = regexp.MustCompile(`(?m)^package templates$`)

// rpcRuntimePrefix starts the names of the runtime files that only a
// package with methods needs (method tables, JSON-RPC envelopes).
const rpcRuntimePrefix = "wire_rpc"

// runtimeFiles copies the fixed runtime (the templates package) into the
// output package, replacing only the package clause and adding the
// generated-code header. The JSON-RPC part comes only with rpc, so that a
// schema without methods gets no method API.
func runtimeFiles(pkg string, rpc bool) ([]OutputFile, error) {
	var names []string
	for _, name := range templates.Files() {
		if rpc || !strings.HasPrefix(name, rpcRuntimePrefix) {
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
		if !packageClause.Match(src) {
			return nil, fmt.Errorf("template %s has no package clause", name)
		}
		body := packageClause.ReplaceAll(src, []byte("package "+pkg))
		var buf bytes.Buffer
		buf.WriteString("// " + generatedHeader + "\n\n")
		buf.Write(body)
		out = append(out, OutputFile{Name: name, Content: buf.Bytes()})
	}
	return out, nil
}
