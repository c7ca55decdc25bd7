package emit

import (
	"bytes"
	"fmt"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/templates"
)

// proxySide is the side that handles the proxy chain methods
// (proxy/initialize and proxy/successor, which the proxy subpackage
// speaks), or nil when the schema has no such side.
func proxySide(rpc *ir.RPC) *ir.RPCSide {
	if rpc == nil {
		return nil
	}
	for _, s := range rpc.Sides {
		var initialize, successor bool
		for _, m := range s.Methods {
			initialize = initialize || m.Name == "proxy/initialize"
			successor = successor || m.Name == "proxy/successor"
		}
		if initialize && successor {
			return s
		}
	}
	return nil
}

// proxyPackage copies the proxy subpackage, each file built under the
// proxy side's gate (the feature's tag here) or always when it has none.
func proxyPackage(importPath string, gate ir.Gate) ([]OutputFile, error) {
	files, err := copyTemplates(templates.ProxyPackage, importPath, manifestFiles(func(n templates.Need) bool {
		return n == templates.ProxyChains
	}))
	if err != nil {
		return nil, err
	}
	tag := []byte(templates.ProxyTag + "\n\n")
	constraint := []byte(nil)
	if len(gate) > 0 {
		constraint = []byte(onConstraint(gate) + "\n\n")
	}
	for i := range files {
		if files[i].Name == templates.ProxyPackage+"/doc.go" {
			continue
		}
		if !bytes.Contains(files[i].Content, tag) {
			return nil, fmt.Errorf("template %s: no %q line", files[i].Name, templates.ProxyTag)
		}
		files[i].Content = bytes.Replace(files[i].Content, tag, constraint, 1)
	}
	return files, nil
}
