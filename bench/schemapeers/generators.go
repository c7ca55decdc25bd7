package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// A generator is one JSON Schema to Go generator under comparison. Setup
// builds or installs it once into bin and says how to run it; every
// generator is driven the same way afterwards, so acpgen gets no special
// treatment.
type generator struct {
	Name  string
	Setup func(ctx context.Context, bin string) (*tool, error)
}

// A tool is a generator ready to run.
type tool struct {
	Version string
	// Command writes package pkg, generated from schema, into dir.
	Command func(ctx context.Context, schema, dir, pkg string) *exec.Cmd
	// Requires lists the module@version lines the generated code imports
	// beyond the standard library, for the throwaway module's go.mod.
	Requires []string
}

// generators is the comparison's cast, in table order.
var generators = []generator{
	{Name: "acpgen", Setup: setupAcpgen},
	{Name: "go-jsonschema", Setup: setupGoJSONSchema},
	{Name: "quicktype", Setup: setupQuicktype},
}

// setupAcpgen builds cmd/acpgen from the module this one replaces with
// ../.., so the comparison measures the checkout it sits in.
func setupAcpgen(ctx context.Context, bin string) (*tool, error) {
	exe := filepath.Join(bin, "acpgen")
	if err := goBuildTool(ctx, exe, "github.com/acpgen/acpgen/cmd/acpgen"); err != nil {
		return nil, err
	}
	out, err := exec.CommandContext(ctx, exe, "-version").CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("acpgen -version: %v: %s", err, firstLine(string(out)))
	}
	version := firstLine(string(out))
	if rev, err := exec.CommandContext(ctx, "git", "rev-parse", "--short", "HEAD").Output(); err == nil {
		version += ", commit " + strings.TrimSpace(string(rev))
	}
	return &tool{
		Version: version,
		Command: func(ctx context.Context, schema, dir, pkg string) *exec.Cmd {
			return exec.CommandContext(ctx, exe, "-schema", schema, "-out", dir, "-package", pkg)
		},
	}, nil
}

// setupGoJSONSchema builds the go-jsonschema CLI at the version this
// module's go.mod pins (omissis/go-jsonschema moved back to its original
// path, github.com/atombender/go-jsonschema, where the module proxy
// serves it). It runs with its default flags. Its output imports
// go-viper/mapstructure whenever a type keeps additional properties, so
// the throwaway module requires that at the version pinned here too.
func setupGoJSONSchema(ctx context.Context, bin string) (*tool, error) {
	exe := filepath.Join(bin, "go-jsonschema")
	if err := goBuildTool(ctx, exe, "github.com/atombender/go-jsonschema"); err != nil {
		return nil, err
	}
	version, err := moduleVersion(ctx, "github.com/atombender/go-jsonschema")
	if err != nil {
		return nil, err
	}
	ms, err := moduleVersion(ctx, "github.com/go-viper/mapstructure/v2")
	if err != nil {
		return nil, err
	}
	return &tool{
		Version: "github.com/atombender/go-jsonschema " + version,
		Command: func(ctx context.Context, schema, dir, pkg string) *exec.Cmd {
			return exec.CommandContext(ctx, exe, "-p", pkg, "-o", filepath.Join(dir, "types.go"), schema)
		},
		Requires: []string{"github.com/go-viper/mapstructure/v2 " + ms},
	}, nil
}

// setupQuicktype installs quicktype from quicktype/package-lock.json. A
// schema whose root is only a set of definitions has no top-level type,
// so quicktype is pointed at the definitions themselves (the URI
// fragment "#/$defs/" or "#/definitions/", whichever the schema has),
// which makes each definition a top-level type named after its key.
func setupQuicktype(ctx context.Context, bin string) (*tool, error) {
	node, modules, err := installQuicktype(ctx)
	if err != nil {
		return nil, err
	}
	main := filepath.Join(modules, "quicktype", "dist", "index.js")
	version, err := npmVersion(filepath.Join(modules, "quicktype"))
	if err != nil {
		return nil, err
	}
	return &tool{
		Version: "quicktype " + version,
		Command: func(ctx context.Context, schema, dir, pkg string) *exec.Cmd {
			src := schema + "#/" + definitionsKey(schema) + "/"
			return exec.CommandContext(ctx, node, main, "--lang", "go", "--src-lang", "schema",
				"--package", pkg, "-o", filepath.Join(dir, "types.go"), src)
		},
	}, nil
}

// goBuildTool builds a main package of this module's build list into exe.
func goBuildTool(ctx context.Context, exe, pkg string) error {
	out, err := exec.CommandContext(ctx, "go", "build", "-o", exe, pkg).CombinedOutput()
	if err != nil {
		return fmt.Errorf("go build %s: %v: %s", pkg, err, firstErrorLine(string(out)))
	}
	return nil
}

// moduleVersion reports the version of path in this module's build list.
func moduleVersion(ctx context.Context, path string) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "list", "-m", "-f", "{{.Version}}", path).Output()
	if err != nil {
		return "", fmt.Errorf("go list -m %s: %v", path, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// npmVersion reads the version of the package installed in dir.
func npmVersion(dir string) (string, error) {
	data, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return "", err
	}
	var pkg struct{ Version string }
	if err := json.Unmarshal(data, &pkg); err != nil {
		return "", fmt.Errorf("%s: %v", dir, err)
	}
	return pkg.Version, nil
}

// definitionsKey says where a schema keeps its named types: "$defs" (2019-09
// and later) or "definitions" (draft-07 and earlier).
func definitionsKey(schema string) string {
	data, err := os.ReadFile(schema)
	if err != nil {
		return "$defs"
	}
	var root map[string]json.RawMessage
	if json.Unmarshal(data, &root) == nil {
		if _, ok := root["$defs"]; !ok {
			if _, ok := root["definitions"]; ok {
				return "definitions"
			}
		}
	}
	return "$defs"
}
