package generator

import (
	"strings"
	"testing"
)

// TestValidationErrorWins checks that validating alongside the pipeline
// (loads) reports what validating first did: a schema's validation error
// wins over its parse and build errors and over anything that fails after
// it was loaded, and the first schema's over the second's.
func TestValidationErrorWins(t *testing.T) {
	const (
		metaInvalid = `{"$defs": {"A": {"type": 5}}}`
		valid       = `{"$defs": {"A": {"type": "string"}}}`
		truncated   = `{"$defs": {`
	)
	cases := []struct {
		name             string
		stable, unstable string
		want             string
	}{
		{"parse error too", metaInvalid, "", "s.json: invalid schema: #/$defs/A/type"},
		{"second schema truncated", metaInvalid, truncated, "s.json: invalid schema: #/$defs/A/type"},
		{"second schema invalid", valid, metaInvalid, "u.json: invalid schema: #/$defs/A/type"},
		{"both invalid", metaInvalid, metaInvalid, "s.json: invalid schema: #/$defs/A/type"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := Config{ImportPath: testImportPath, SchemaFile: "s.json", Schema: []byte(c.stable), Package: "p"}
			if c.unstable != "" {
				cfg.UnstableFile, cfg.Unstable = "u.json", []byte(c.unstable)
				cfg.FeaturesFile, cfg.Features = "f.json", []byte(`{}`)
			}
			files, err := Generate(cfg)
			if err == nil || files != nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Fatalf("got %d files, error %v; want an error starting %q", len(files), err, c.want)
			}
		})
	}
}
