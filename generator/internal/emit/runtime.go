package emit

import (
	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/templates"
)

// runtimeParts says which optional parts of the runtime a package needs.
type runtimeParts struct {
	rpc, client, patch, jsonEnums, maps bool
}

// wants reports whether a package with these parts gets runtime files of
// this need (templates.Manifest).
func (p runtimeParts) wants(need templates.Need) bool {
	switch need {
	case templates.Methods:
		return p.rpc
	case templates.ClientConn:
		return p.client
	case templates.PatchFields:
		return p.patch
	case templates.JSONEnums:
		return p.jsonEnums
	case templates.MemberMaps:
		return p.maps
	case templates.Sessions, templates.HostPermissions, templates.HostMachine:
		return false // the session subpackage (sessionPackage)
	case templates.TestKit, templates.TestKitV1, templates.TestKitV2:
		return false // the test kit subpackage (testKitPackage)
	case templates.ProxyChains:
		return false // the proxy subpackage (proxyPackage)
	case templates.MCPOverACP:
		return false // the MCP-over-ACP subpackage (mcpPackage)
	case templates.LogMiddleware:
		return false // the logging middleware's subpackage (logPackage)
	case templates.Validate, templates.SchemaTable:
		return false // validationFiles
	}
	return true
}

// runtimeFiles names the runtime files a package with these parts gets,
// in the manifest's order. Optional parts come only when needed, so that
// a schema without methods gets no method API.
func runtimeFiles(parts runtimeParts) []string {
	return manifestFiles(parts.wants)
}

// validationFiles names the validation runtime's files, which only
// packages generated with Validate get (Validation), with the run-time
// schema's interpreter when the package has a schema table.
func validationFiles(table bool) []string {
	return manifestFiles(func(need templates.Need) bool {
		return need == templates.Validate || (table && need == templates.SchemaTable)
	})
}

// manifestFiles names the manifest's files whose need is wanted.
func manifestFiles(want func(templates.Need) bool) []string {
	var names []string
	for _, f := range templates.Manifest {
		if want(f.Need) {
			names = append(names, f.Name)
		}
	}
	return names
}

// hasJSONEnums reports whether any type is a JSON enum (ir.Enum.JSON).
func hasJSONEnums(types []*ir.Decl) bool {
	for _, t := range types {
		if t.Kind == ir.KindEnum && t.Enum.JSON {
			return true
		}
	}
	return false
}

// hasMemberMaps reports whether any struct has maps of members
// (ir.StructDecl.Maps).
func hasMemberMaps(types []*ir.Decl) bool {
	for _, t := range types {
		if t.Kind == ir.KindStruct && len(t.Struct.Maps) > 0 {
			return true
		}
	}
	return false
}
