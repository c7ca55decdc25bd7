// Package schema holds the vendored ACP JSON Schemas (see acp/README.md),
// embedded so that acpgen generates from them when no schema is given.
package schema

import (
	"embed"
	"fmt"
)

//go:embed acp/v1/schema.json acp/v1/schema.unstable.json acp/v2/schema.json acp/v2/schema.unstable.json
//go:embed acp/features.v1.json acp/features.v2.json acp/overrides.v1.json acp/overrides.v2.json
var acp embed.FS

// Protocols are the ACP protocol versions vendored here.
var Protocols = []string{"v1", "v2"}

// ACP returns the embedded schema of a protocol version ("v1" or "v2"),
// stable or unstable, and the name it is known by in error messages.
func ACP(protocol string, unstable bool) (name string, data []byte, err error) {
	file := "schema.json"
	if unstable {
		file = "schema.unstable.json"
	}
	name = "acp/" + protocol + "/" + file
	data, err = acp.ReadFile(name)
	if err != nil {
		return "", nil, fmt.Errorf("no embedded ACP schema for protocol %q (have v1, v2)", protocol)
	}
	return name, data, nil
}

// Features returns the project's feature map for a protocol version: which
// unstable feature gates each element that only schema.unstable.json has.
func Features(protocol string) (name string, data []byte, err error) {
	return projectFile("features", "feature map", protocol)
}

// Overrides returns the project's overrides for a protocol version: tag
// values a union rejects and properties with patch meaning, which the
// schema cannot say.
func Overrides(protocol string) (name string, data []byte, err error) {
	return projectFile("overrides", "overrides", protocol)
}

// projectFile reads acp/<kind>.<protocol>.json; what names it in errors.
func projectFile(kind, what, protocol string) (name string, data []byte, err error) {
	name = "acp/" + kind + "." + protocol + ".json"
	data, err = acp.ReadFile(name)
	if err != nil {
		return "", nil, fmt.Errorf("no embedded ACP %s for protocol %q (have v1, v2)", what, protocol)
	}
	return name, data, nil
}
