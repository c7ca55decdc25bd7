package generator

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Small schemas for the gating error cases. Each case states the stable
// schema's definitions, the unstable schema's and the feature map; the
// documents are named stable.json, unstable.json and features.json so that
// a test can check which file an error names.

func defsSchema(defs string) []byte {
	return []byte(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {` + defs + `}}`)
}

const (
	// defConfig is the stable struct most cases add to.
	defConfig = `"Config": {"type": "object", "properties": {"name": {"type": "string"}, "mode": {"type": "string"}}, "required": ["name"]}`
	// defConfigExtra adds an optional property "extra" of a new type Extra.
	defConfigExtra = `"Config": {"type": "object", "properties": {"name": {"type": "string"}, "mode": {"type": "string"}, "extra": {"$ref": "#/$defs/Extra"}}, "required": ["name"]},
		"Extra": {"type": "object", "properties": {"on": {"type": "boolean"}}}`
	// defForkPrompt: Fork has a property of type Prompt.
	defForkPrompt = `"Fork": {"type": "object", "properties": {"parentId": {"type": "string"}, "prompt": {"$ref": "#/$defs/Prompt"}}, "required": ["parentId"]},
		"Prompt": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}`

	// defPing is a request (params beside an id), with its result and
	// the messages that carry them, and defPong a notification (params
	// alone).
	defPing = `"Ping": {"type": "object", "x-method": "ping", "x-side": "agent"},
		"PingResult": {"type": "object", "x-method": "ping", "x-side": "agent"},
		"Call": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}, "method": {"type": "string"}, "params": {"$ref": "#/$defs/Ping"}}},
		"Reply": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}, "result": {"$ref": "#/$defs/PingResult"}}},
		"Failure": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}, "error": {"$ref": "#/$defs/Fault"}}},
		"Id": {"type": "integer"},
		"Fault": {"type": "object", "properties": {"code": {"type": "integer"}}}`
	defPong = `"Pong": {"type": "object", "x-method": "pong", "x-side": "client"},
		"Note": {"type": "object", "properties": {"method": {"type": "string"}, "params": {"$ref": "#/$defs/Pong"}}}`

	// claimExtra is a feature claiming what defConfigExtra adds.
	claimExtra = `{"definitions": [{"name": "Extra"}], "properties": [{"definition": "Config", "property": "extra"}]}`
)

// defContent is an open tagged union whose catch-all excludes the tags
// given (JSON strings, comma-separated); the "markdown" variant is there
// when withMarkdown.
func defContent(withMarkdown bool, notTags ...string) string {
	variant := func(tag string) string {
		return fmt.Sprintf(`{"type": "object", "properties": {"type": {"type": "string", "const": %q}}, "required": ["type"]}`, tag)
	}
	alts := []string{variant("items")}
	if withMarkdown {
		alts = append(alts, variant("markdown"))
	}
	var not []string
	for _, tag := range notTags {
		not = append(not, variant(tag))
	}
	alts = append(alts, `{"title": "other", "type": "object", "properties": {"type": {"type": "string"}}, "required": ["type"],
		"not": {"anyOf": [`+strings.Join(not, ", ")+`]}, "additionalProperties": true}`)
	return `"Content": {"anyOf": [` + strings.Join(alts, ", ") + `]}`
}

// gateConfig is the Config of a gating case.
func gateConfig(stable, unstable, features string) Config {
	return Config{ImportPath: testImportPath,
		SchemaFile: "stable.json", Schema: defsSchema(stable),
		UnstableFile: "unstable.json", Unstable: defsSchema(unstable),
		FeaturesFile: "features.json", Features: []byte(features),
		Package: "gated",
	}
}

// TestGateErrors: every way the stable schema, the unstable schema and the
// feature map can disagree is an error that names the file at fault and
// the element, and no output.
func TestGateErrors(t *testing.T) {
	diffErr := "unstable.json: the unstable schema differs from stable.json in ways acpgen cannot put behind a build tag"
	mapErr := "features.json: the feature map does not match the schemas"
	cases := []struct {
		name string
		cfg  Config
		want []string
	}{
		{
			name: "unclaimed elements",
			cfg:  gateConfig(defConfig, defConfigExtra, `{"features": {"unstable_a": {}}}`),
			want: []string{mapErr, "unstable-only elements no feature claims",
				"definition Extra (#/$defs/Extra)", `property Config "extra" (#/$defs/Config/properties/extra)`},
		},
		{
			name: "unclaimed method",
			cfg: gateConfig(defPing, defPing+", "+defPong,
				`{"features": {"unstable_a": {"definitions": [{"name": "Pong"}, {"name": "Note"}]}}}`),
			want: []string{mapErr, "method pong notification handled by client (#/$defs/Pong)"},
		},
		{
			name: "claimed by two features",
			cfg: gateConfig(defConfig, defConfigExtra,
				`{"features": {"unstable_a": `+claimExtra+`, "unstable_b": {"properties": [{"definition": "Config", "property": "extra"}]}}}`),
			want: []string{mapErr, "elements claimed more than once",
				`property Config "extra" (#/$defs/Config/properties/extra): claimed by unstable_a and unstable_b`},
		},
		{
			name: "claim matching nothing",
			cfg: gateConfig(defConfig, defConfigExtra,
				`{"features": {"unstable_a": {"definitions": [{"name": "Extra"}], "properties": [{"definition": "Config", "property": "extra"}],
					"variants": [{"union": "Nope", "value": "x"}]}, "unstable_b": {"properties": [{"definition": "Config", "property": "mode"}]}}}`),
			want: []string{mapErr, "claims that match no unstable-only element",
				`#/features/unstable_a/variants/0 (Nope "x")`, "#/features/unstable_b/properties/0 (Config.mode)"},
		},
		{
			name: "property type changed",
			cfg: gateConfig(defConfig,
				`"Config": {"type": "object", "properties": {"name": {"type": "integer"}, "mode": {"type": "string"}}, "required": ["name"]}`,
				`{"features": {"unstable_a": {}}}`),
			want: []string{diffErr, "#/$defs/Config/properties/name/type: changed"},
		},
		{
			name: "property removed",
			cfg: gateConfig(defConfig,
				`"Config": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}`,
				`{"features": {"unstable_a": {}}}`),
			want: []string{diffErr, "#/$defs/Config/properties/mode: removed by the unstable schema"},
		},
		{
			name: "property made required",
			cfg: gateConfig(defConfig,
				`"Config": {"type": "object", "properties": {"name": {"type": "string"}, "mode": {"type": "string"}}, "required": ["name", "mode"]}`,
				`{"features": {"unstable_a": {}}}`),
			want: []string{diffErr, "#/$defs/Config/required: changed"},
		},
		{
			name: "definition removed",
			cfg:  gateConfig(defConfigExtra, defConfig, `{"features": {"unstable_a": {}}}`),
			want: []string{diffErr, "#/$defs/Extra: removed by the unstable schema", "#/$defs/Config/properties/extra: removed by the unstable schema"},
		},
		{
			name: "variant removed",
			cfg:  gateConfig(defContent(true, "items", "markdown"), defContent(false, "items", "markdown"), `{"features": {"unstable_a": {}}}`),
			want: []string{diffErr, `#/$defs/Content/anyOf/1: alternative "markdown" removed by the unstable schema`},
		},
		{
			name: "catch-all exclusion without a variant",
			cfg:  gateConfig(defContent(false, "items"), defContent(false, "items", "markdown"), `{"features": {"unstable_a": {}}}`),
			want: []string{diffErr, `#/$defs/Content/anyOf/1/not/anyOf/1: the catch-all of Content now excludes "markdown", but no new variant of Content has that tag`},
		},
		{
			name: "gated type not in crossFeatureMembers",
			cfg: gateConfig(defConfig, defConfig+", "+defForkPrompt,
				`{"features": {"unstable_a": {"definitions": [{"name": "Fork"}]}, "unstable_b": {"definitions": [{"name": "Prompt"}]}}}`),
			want: []string{"unstable.json: cannot put these behind build tags",
				"#/$defs/Fork/properties/prompt: Fork.prompt needs unstable_b for its type but is claimed by unstable_a; list it in crossFeatureMembers"},
		},
		{
			name: "stable struct gaining a property of another feature's type",
			cfg: gateConfig(defConfig,
				`"Config": {"type": "object", "properties": {"name": {"type": "string"}, "mode": {"type": "string"}, "prompt": {"$ref": "#/$defs/Prompt"}}, "required": ["name"]},
				"Prompt": {"type": "object", "properties": {"text": {"type": "string"}}}`,
				`{"features": {"unstable_a": {"properties": [{"definition": "Config", "property": "prompt"}]}, "unstable_b": {"definitions": [{"name": "Prompt"}]}}}`),
			want: []string{"unstable.json: cannot put these behind build tags",
				"#/$defs/Config/properties/prompt: Config.prompt needs unstable_b for its type but is claimed by unstable_a; list it in crossFeatureMembers"},
		},
		{
			name: "crossFeatureMembers naming an unknown feature",
			cfg: gateConfig(defConfig, defConfig+", "+defForkPrompt,
				`{"features": {"unstable_a": {"definitions": [{"name": "Fork"}]}, "unstable_b": {"definitions": [{"name": "Prompt"}]}},
				"crossFeatureMembers": [{"definition": "Fork", "property": "prompt", "ownerFeature": "unstable_a", "typeFeature": "unstable_c"}]}`),
			want: []string{`features.json: #/crossFeatureMembers/0: unknown feature "unstable_c"`},
		},
		{
			name: "feature name not a build tag",
			cfg:  gateConfig(defConfig, defConfigExtra, `{"features": {"Unstable-A": `+claimExtra+`}}`),
			want: []string{"features.json: #/features/Unstable-A: a feature name must be a Go build tag"},
		},
		{
			name: "feature named unstable",
			cfg:  gateConfig(defConfig, defConfigExtra, `{"features": {"unstable": `+claimExtra+`}}`),
			want: []string{"features.json: #/features/unstable: a feature name must be a Go build tag"},
		},
		{
			name: "emitting an unknown feature",
			cfg: func() Config {
				c := gateConfig(defConfig, defConfigExtra, `{"features": {"unstable_a": `+claimExtra+`}}`)
				c.EmitFeatures = []string{"unstable_a", "unstable_zzz"}
				return c
			}(),
			want: []string{`features.json: no feature "unstable_zzz"`},
		},
		{
			name: "unstable schema without a feature map",
			cfg:  Config{ImportPath: testImportPath, SchemaFile: "stable.json", Schema: defsSchema(defConfig), UnstableFile: "unstable.json", Unstable: defsSchema(defConfigExtra), Package: "gated"},
			want: []string{"an unstable schema and a feature map go together"},
		},
		{
			name: "feature map without an unstable schema",
			cfg:  Config{ImportPath: testImportPath, SchemaFile: "stable.json", Schema: defsSchema(defConfig), FeaturesFile: "features.json", Features: []byte(`{"features": {"unstable_a": {}}}`), Package: "gated"},
			want: []string{"an unstable schema and a feature map go together"},
		},
		{
			name: "features to emit without an unstable schema",
			cfg:  Config{ImportPath: testImportPath, SchemaFile: "stable.json", Schema: defsSchema(defConfig), EmitFeatures: []string{"unstable_a"}, Package: "gated"},
			want: []string{"features to emit were given without an unstable schema"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files, err := Generate(c.cfg)
			if err == nil {
				t.Fatalf("no error; got %d files", len(files))
			}
			if files != nil {
				t.Errorf("output returned with the error")
			}
			t.Log(err)
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error:\n%v\ndoes not contain:\n%s", err, w)
				}
			}
		})
	}
}

// TestGateCasesValid is the control of TestGateErrors: the same schemas,
// with the feature map fixed, generate, so each error case fails for the
// reason it names.
func TestGateCasesValid(t *testing.T) {
	cases := []struct {
		name string
		cfg  Config
	}{
		{"claimed addition", gateConfig(defConfig, defConfigExtra, `{"features": {"unstable_a": `+claimExtra+`}}`)},
		{"claimed method", gateConfig(defPing, defPing+", "+defPong,
			`{"features": {"unstable_a": {"definitions": [{"name": "Pong"}, {"name": "Note"}],
				"methods": [{"method": "pong", "kind": "notification", "handledBy": "client"}]}}}`)},
		{"variant with its exclusion", gateConfig(defContent(false, "items"), defContent(true, "items", "markdown"),
			`{"features": {"unstable_a": {"variants": [{"union": "Content", "value": "markdown"}]}}}`)},
		{"cross-feature member listed", gateConfig(defConfig, defConfig+", "+defForkPrompt,
			`{"features": {"unstable_a": {"definitions": [{"name": "Fork"}]}, "unstable_b": {"definitions": [{"name": "Prompt"}]}},
			"crossFeatureMembers": [{"definition": "Fork", "property": "prompt", "ownerFeature": "unstable_a", "typeFeature": "unstable_b"}]}`)},
		{"stable union with markdown", Config{ImportPath: testImportPath, SchemaFile: "stable.json", Schema: defsSchema(defContent(true, "items", "markdown")), Package: "gated"}},
		{"stable struct with extra", Config{ImportPath: testImportPath, SchemaFile: "stable.json", Schema: defsSchema(defConfigExtra), Package: "gated"}},
	}
	for _, c := range cases {
		if _, err := Generate(c.cfg); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// TestEmitFeatures: Config.EmitFeatures leaves the other features out, as
// if the unstable schema did not have their additions.
func TestEmitFeatures(t *testing.T) {
	t.Run("alpha only", func(t *testing.T) {
		dir := filepath.Join("testdata", "gated-definition-and-field")
		cfg := caseConfig(t, dir, "golden")
		cfg.EmitFeatures = []string{"unstable_alpha"}
		got := generateMap(t, cfg)
		if names := generatedNames(got); names != "package_doc.go types.go types_jsonv2.go unstable_alpha.go unstable_alpha_jsonv2.go unstable_alpha_off.go" {
			t.Errorf("files: %s", names)
		}
		for name, content := range got {
			for _, id := range []string{"Beta", "beta"} {
				if bytes.Contains(content, []byte(id)) {
					t.Errorf("%s mentions %s, whose feature is not emitted", name, id)
				}
			}
		}
		// The same stable schema, with an unstable schema and a feature map
		// that have only alpha.
		without := caseConfig(t, dir, "golden")
		without.UnstableFile, without.Unstable = readCaseFile(t, dir, "without-beta/schema.unstable.json")
		without.FeaturesFile, without.Features = readCaseFile(t, dir, "without-beta/features.json")
		want := generateMap(t, without)
		if generatedNames(want) != generatedNames(got) {
			t.Fatalf("files: %s without beta, %s with beta not emitted", generatedNames(want), generatedNames(got))
		}
		for name := range want {
			// package_doc.go names the unstable schema file, which differs.
			if name != "package_doc.go" && !bytes.Equal(want[name], got[name]) {
				t.Errorf("%s differs from the output without beta in the schema", name)
			}
		}
	})
	t.Run("cross-feature part needs both", func(t *testing.T) {
		cfg := caseConfig(t, filepath.Join("testdata", "gated-cross-feature"), "golden")
		cfg.EmitFeatures = []string{"unstable_fork"}
		got := generateMap(t, cfg)
		if names := generatedNames(got); names != "package_doc.go types.go types_jsonv2.go unstable_fork.go unstable_fork_jsonv2.go unstable_fork_off.go" {
			t.Errorf("files: %s", names)
		}
		for name, content := range got {
			if bytes.Contains(content, []byte("Prompt")) {
				t.Errorf("%s mentions Prompt, whose feature is not emitted", name)
			}
		}
	})
	t.Run("none", func(t *testing.T) {
		dir := filepath.Join("testdata", "gated-tagged-variants")
		cfg := caseConfig(t, dir, "golden")
		cfg.EmitFeatures = []string{}
		got := generateMap(t, cfg)
		stable := generateMap(t, Config{ImportPath: testImportPath, SchemaFile: cfg.SchemaFile, Schema: cfg.Schema, Package: "golden"})
		if generatedNames(got) != "package_doc.go types.go types_jsonv2.go" || !bytes.Equal(got["types.go"], stable["types.go"]) {
			t.Errorf("emitting no feature gives %s, not the stable schema's output", generatedNames(got))
		}
	})
}

// generateMap generates cfg and returns the non-runtime files by name.
func generateMap(t *testing.T, cfg Config) map[string][]byte {
	t.Helper()
	files, err := Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		if !isRuntimeFile(f.Name) {
			out[f.Name] = f.Content
		}
	}
	return out
}

func generatedNames(files map[string][]byte) string {
	var names []string
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}

func readCaseFile(t *testing.T, dir, name string) (string, []byte) {
	t.Helper()
	path := filepath.Join(dir, name)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, data
}

// TestUnstableSchemaOwnError: an unstable schema whose messages acpgen
// cannot read fails with that reason and its own file, not as a difference
// from the stable schema.
func TestUnstableSchemaOwnError(t *testing.T) {
	badID := strings.Replace(defPing, `"Failure": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}`,
		`"Failure": {"type": "object", "properties": {"id": {"type": "object"}`, 1)
	_, err := Generate(gateConfig(defPing, badID, `{"features": {"unstable_a": {}}}`))
	want := "unstable.json: #/$defs/Failure/properties/id: expected a reference to the id type"
	if err == nil || !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "differs") {
		t.Errorf("got %v\nwant %s…", err, want)
	}
}
