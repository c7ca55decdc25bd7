package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/acpgen/acpgen/schema"
)

// schemaDirFiles are the files of a schema directory (-schema DIR), in the
// order -init-schema writes them.
var schemaDirFiles = []string{"schema.json", "schema.unstable.json", "features.json", "overrides.json", "VERSION"}

// initSchema starts a schema directory from the embedded files of a
// protocol version, for a user who wants to generate from a copy of their
// own. It writes nothing when one of the files is already there, so that
// edits are never overwritten.
func initSchema(dir, protocol string) error {
	var contents [][]byte
	for _, get := range []func() (string, []byte, error){
		func() (string, []byte, error) { return schema.ACP(protocol, false) },
		func() (string, []byte, error) { return schema.ACP(protocol, true) },
		func() (string, []byte, error) { return schema.Features(protocol) },
		func() (string, []byte, error) { return schema.Overrides(protocol) },
		func() (string, []byte, error) { return "acp/VERSION", schema.ACPVersionFile(), nil },
	} {
		_, data, err := get()
		if err != nil {
			return err
		}
		contents = append(contents, data)
	}
	for _, name := range schemaDirFiles {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return fmt.Errorf("-init-schema: %s already exists; nothing written", filepath.Join(dir, name))
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i, name := range schemaDirFiles {
		if err := os.WriteFile(filepath.Join(dir, name), contents[i], 0o644); err != nil {
			return err
		}
	}
	return nil
}
