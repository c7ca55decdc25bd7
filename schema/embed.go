// Package schema holds the vendored ACP JSON Schemas (see acp/README.md),
// embedded so that acpgen generates from them when no schema is given.
package schema

import (
	"embed"
	"fmt"
	"strings"
)

//go:embed acp/v1/schema.json acp/v1/schema.unstable.json acp/v2/schema.json acp/v2/schema.unstable.json
//go:embed acp/features.v1.json acp/features.v2.json acp/overrides.v1.json acp/overrides.v2.json
//go:embed acp/VERSION
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

// Release says where the embedded ACP schemas come from: the npm package,
// its version and the registry's integrity hash that schema/fetch.sh
// checked, as recorded in acp/VERSION.
type Release struct {
	Package, Version, Integrity string
}

// String is "<package> <version> (<integrity>)", or "" when nothing is
// known.
func (r Release) String() string {
	if r.Package == "" && r.Version == "" {
		return ""
	}
	s := strings.TrimSpace(r.Package + " " + r.Version)
	if r.Integrity != "" {
		s += " (" + r.Integrity + ")"
	}
	return s
}

// ACPRelease is the release of the embedded ACP schemas (both protocol
// versions come from the same package).
func ACPRelease() Release { return ParseRelease(ACPVersionFile()) }

// ACPVersionFile is the embedded acp/VERSION file, which acpgen
// -init-schema copies into a new schema directory.
func ACPVersionFile() []byte {
	data, _ := acp.ReadFile("acp/VERSION") // embedded above
	return data
}

// ParseRelease reads a VERSION file: lines "key: value" with the keys
// package, version and integrity; other lines are ignored.
func ParseRelease(data []byte) Release {
	var r Release
	for _, line := range strings.Split(string(data), "\n") {
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		value = strings.TrimSpace(value)
		switch strings.TrimSpace(key) {
		case "package":
			r.Package = value
		case "version":
			r.Version = value
		case "integrity":
			r.Integrity = value
		}
	}
	return r
}
