package generator

import (
	"strings"
	"testing"
)

// overridesSchema has a tagged union Event (variants "start" and "stop"),
// an untagged union Id, and a struct Info with a required, an optional and
// a default-on-null property.
var overridesSchema = defsSchema(`
	"Event": {"anyOf": [
		{"type": "object", "properties": {"kind": {"const": "start"}}, "required": ["kind"]},
		{"type": "object", "properties": {"kind": {"const": "stop"}}, "required": ["kind"]}
	]},
	"Id": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
	"Info": {"type": "object", "properties": {
		"id": {"type": "string"},
		"title": {"type": ["string", "null"]},
		"tags": {"type": ["array", "null"], "items": {"type": "string"}, "x-deserialize-default-on-null": true}
	}, "required": ["id"]}`)

// TestOverridesErrors: a broken or stale overrides file is an error naming
// the file, the entry and what is wrong, never silently ignored.
func TestOverridesErrors(t *testing.T) {
	cases := []struct {
		name, overrides, want string
	}{
		{"unknown key", `{"patchFeilds": []}`,
			`overrides.json: json: unknown field "patchFeilds"`},
		{"not JSON", `{"patchFields": [}`,
			`overrides.json: invalid character '}'`},
		{"patch without evidence", `{"patchFields": [{"property": "#/$defs/Info/properties/title"}]}`,
			`overrides.json: patchFields[0]: needs property (a schema location "#/...") and evidence`},
		{"patch listed twice", `{"patchFields": [` + patch("title") + `,` + patch("title") + `]}`,
			`overrides.json: patchFields[1]: #/$defs/Info/properties/title is listed twice`},
		{"removed tag without message", `{"removedTags": [{"union": "#/$defs/Event", "tag": "pause"}]}`,
			`overrides.json: removedTags[0]: needs union (a schema location "#/..."), tag and message`},
		{"patch matches nothing", `{"patchFields": [` + patch("subtitle") + `]}`,
			"overrides.json:\n  patchFields[0]: #/$defs/Info/properties/subtitle: matches no generated field"},
		{"patch on a required property", `{"patchFields": [` + patch("id") + `]}`,
			"patchFields[0]: #/$defs/Info/properties/id: the property is required, so it cannot be absent to mean unchanged"},
		{"patch on default-on-null", `{"patchFields": [` + patch("tags") + `]}`,
			"patchFields[0]: #/$defs/Info/properties/tags: the property is x-deserialize-default-on-null, so null cannot mean clear"},
		{"removed tag of no union", `{"removedTags": [{"union": "#/$defs/Info", "tag": "x", "message": "m"}]}`,
			"removedTags[0]: #/$defs/Info: matches no generated union"},
		{"removed tag of an untagged union", `{"removedTags": [{"union": "#/$defs/Id", "tag": "x", "message": "m"}]}`,
			"removedTags[0]: #/$defs/Id: the union is untagged, so it has no tag values to remove"},
		{"removed tag that is a variant", `{"removedTags": [{"union": "#/$defs/Event", "tag": "stop", "message": "m"}]}`,
			`removedTags[0]: #/$defs/Event: tag "stop" is a variant of the union (#/$defs/Event/anyOf/1), not a removed one`},
		{"every stale entry reported", `{"patchFields": [` + patch("a") + `,` + patch("b") + `]}`,
			"patchFields[0]: #/$defs/Info/properties/a: matches no generated field\n  patchFields[1]: #/$defs/Info/properties/b: matches no generated field"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Generate(Config{ImportPath: testImportPath, SchemaFile: "s.json", Schema: overridesSchema, Package: "p",
				OverridesFile: "overrides.json", Overrides: []byte(c.overrides)})
			if err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error:\n%v\nwant it to contain:\n%s", err, c.want)
			}
		})
	}
}

// TestOverridesOnUnstableOnly: an entry about an element only the unstable
// schema has matches even when its feature is not emitted, and is an error
// when no unstable schema is given.
func TestOverridesOnUnstableOnly(t *testing.T) {
	stable := defsSchema(defConfig)
	unstable := defsSchema(defConfigExtra)
	features := []byte(`{"features": {"unstable_extra": ` + claimExtra + `}}`)
	ov := []byte(`{"patchFields": [{"property": "#/$defs/Extra/properties/on", "evidence": "null clears it"}]}`)
	cfg := Config{ImportPath: testImportPath, SchemaFile: "stable.json", Schema: stable, Package: "p",
		UnstableFile: "unstable.json", Unstable: unstable, FeaturesFile: "features.json", Features: features,
		OverridesFile: "overrides.json", Overrides: ov, EmitFeatures: []string{}}
	if _, err := Generate(cfg); err != nil {
		t.Fatalf("with the unstable schema, features not emitted: %v", err)
	}
	cfg.Unstable, cfg.Features, cfg.EmitFeatures = nil, nil, nil
	_, err := Generate(cfg)
	if err == nil || !strings.Contains(err.Error(), "#/$defs/Extra/properties/on: matches no generated field") {
		t.Errorf("stable schema alone: %v", err)
	}
}

// TestPatchRuntimeOnlyWhenNeeded: wire_patch.go is copied only into
// packages with patch fields.
func TestPatchRuntimeOnlyWhenNeeded(t *testing.T) {
	for _, withPatch := range []bool{false, true} {
		cfg := Config{ImportPath: testImportPath, SchemaFile: "s.json", Schema: overridesSchema, Package: "p"}
		if withPatch {
			cfg.OverridesFile, cfg.Overrides = "overrides.json", []byte(`{"patchFields": [`+patch("title")+`]}`)
		}
		files, err := Generate(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"internal/wire/patch.go", "public_patch.go"} {
			has := false
			for _, f := range files {
				has = has || f.Name == name
			}
			if has != withPatch {
				t.Errorf("with patch fields %v: %s copied = %v", withPatch, name, has)
			}
		}
	}
}

// patch is a patchFields entry for a property of Info.
func patch(prop string) string {
	return `{"property": "#/$defs/Info/properties/` + prop + `", "evidence": "null clears it"}`
}
