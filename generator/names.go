package generator

import "github.com/acpgen/acpgen/generator/internal/naming"

// TypeName is the Go name Generate gives the schema definition def: def
// with its initialisms in capitals (SessionId is SessionID, McpServerHttp
// MCPServerHTTP). Tests that read a schema on their own use it to name
// the generated types.
func TypeName(def string) string { return naming.TypeName(def) }
