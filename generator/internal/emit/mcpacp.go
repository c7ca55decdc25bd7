package emit

import "github.com/acpgen/acpgen/templates"

// mcpPackage copies the MCP-over-ACP subpackage (docs/mcp-over-acp.md),
// written against ACP v1's mcp/message and its types: only output that
// speaks v1, as acpgen describes it, gets it.
func mcpPackage(importPath string) ([]OutputFile, error) {
	return copyTemplates(templates.MCPPackage, importPath, manifestFiles(func(n templates.Need) bool {
		return n == templates.MCPOverACP
	}))
}
