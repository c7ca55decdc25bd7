package gate

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/schema"
)

// A feature map says which unstable feature gates each element that only
// the unstable schema has: the JSON Schema cannot say it. The file is the
// project's (schema/acp/features.v*.json for ACP); only the keys read here
// matter to acpgen, the rest (evidence, basis, descriptions) is for people.
type FeatureMap struct {
	File     string
	Features map[string]*featureClaims
	Cross    []crossMember
}

// featureClaims are the elements one feature claims.
type featureClaims struct {
	Description string        `json:"description"`
	Definitions []claimDef    `json:"definitions"`
	Variants    []claimMember `json:"variants"`
	Properties  []claimMember `json:"properties"`
	EnumValues  []claimMember `json:"enumValues"`
	Methods     []claimMethod `json:"methods"`
	Defaults    []claimMember `json:"defaults"`
}

type claimDef struct {
	Name string `json:"name"`
}

// claimMember names a member of a definition (or of a union inside one,
// "AgentResponse.result", or of the root, "<root>"): a variant by tag value
// or payload name, a property, an enum value or a default's path.
type claimMember struct {
	Definition string `json:"definition"`
	Union      string `json:"union"`
	Value      string `json:"value"`
	Property   string `json:"property"`
	Path       string `json:"path"`
}

type claimMethod struct {
	Method    string `json:"method"`
	Kind      string `json:"kind"`
	HandledBy string `json:"handledBy"`
}

// crossMember is a property of a definition gated by one feature whose type
// belongs to another: the generated field needs both.
type crossMember struct {
	Definition   string `json:"definition"`
	Property     string `json:"property"`
	OwnerFeature string `json:"ownerFeature"`
	TypeFeature  string `json:"typeFeature"`
	Ref          string `json:"ref,omitempty"` // the type, for people
}

// ParseFeatureMap reads a feature map file.
func ParseFeatureMap(file string, data []byte) (*FeatureMap, error) {
	var raw struct {
		Features map[string]*featureClaims `json:"features"`
		Cross    []crossMember             `json:"crossFeatureMembers"`
	}
	if err := schema.CheckJSONSyntax(data); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if len(raw.Features) == 0 {
		return nil, fmt.Errorf("%s: no \"features\" object", file)
	}
	for _, name := range slices.Sorted(maps.Keys(raw.Features)) {
		if !validFeatureName(name) {
			return nil, fmt.Errorf("%s: #/features/%s: a feature name must be a Go build tag of lower-case letters, digits and single underscores, not \"unstable\", \"types\" or \"wire…\", and not ending in _off, _test or a GOOS/GOARCH", file, name)
		}
		if raw.Features[name] == nil {
			return nil, fmt.Errorf("%s: #/features/%s: expected an object", file, name)
		}
	}
	for i, c := range raw.Cross {
		for _, f := range []string{c.OwnerFeature, c.TypeFeature} {
			if raw.Features[f] == nil {
				return nil, fmt.Errorf("%s: #/crossFeatureMembers/%d: unknown feature %q", file, i, f)
			}
		}
	}
	return &FeatureMap{File: file, Features: raw.Features, Cross: raw.Cross}, nil
}

// validFeatureName accepts names usable as a build tag that acpgen can
// also put in file names: no "__" (it joins features in names), no "_off"
// or platform or "_test" ending (the go command would read the file name
// as a constraint), and nothing that clashes with the fixed file names.
func validFeatureName(name string) bool {
	if name == "" || name == "unstable" || name == "types" || strings.HasPrefix(name, "wire") {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	words := strings.Split(name, "_")
	last := words[len(words)-1]
	return name[0] >= 'a' && name[0] <= 'z' && !strings.Contains(name, "__") &&
		last != "off" && last != "test" && !goPlatformWords[last]
}

// goPlatformWords are the GOOS and GOARCH values the go command matches in
// file name suffixes.
var goPlatformWords = map[string]bool{
	"aix": true, "android": true, "darwin": true, "dragonfly": true, "freebsd": true, "hurd": true,
	"illumos": true, "ios": true, "js": true, "linux": true, "nacl": true, "netbsd": true,
	"openbsd": true, "plan9": true, "solaris": true, "wasip1": true, "windows": true, "zos": true,
	"386": true, "amd64": true, "amd64p32": true, "arm": true, "armbe": true, "arm64": true,
	"arm64be": true, "loong64": true, "mips": true, "mipsle": true, "mips64": true, "mips64le": true,
	"mips64p32": true, "mips64p32le": true, "ppc": true, "ppc64": true, "ppc64le": true,
	"riscv": true, "riscv64": true, "s390": true, "s390x": true, "sparc": true, "sparc64": true,
	"wasm": true,
}
