package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/acpgen/acpgen/schema"
)

// input is one file read for generation, with the name errors use.
type input struct {
	name string
	data []byte
}

// inputs are the stable schema, for gated output the unstable schema and
// the feature map, and the overrides (removed tags, patch fields).
type inputs struct {
	schema, unstable, features, overrides input
	// release is where the schema was published, for the package comment.
	release schema.Release
}

// readInputs reads what the flags name: the embedded ACP schemas by
// default; with -schema DIR, DIR/schema.json and, when present,
// DIR/schema.unstable.json, DIR/features.json, DIR/overrides.json and
// DIR/VERSION (the schema's release, as -init-schema writes it);
// -unstable, -features and -overrides name those files directly.
func readInputs(o options) (inputs, error) {
	var in inputs
	var err error
	switch {
	case o.schemaPath == "":
		in, err = embeddedInputs(o.protocol)
	case isDir(o.schemaPath):
		in, err = dirInputs(o.schemaPath)
	default:
		in.schema, err = readInput(o.schemaPath)
	}
	if err != nil {
		return in, err
	}
	if o.unstablePath != "" {
		if in.unstable, err = readInput(o.unstablePath); err != nil {
			return in, err
		}
	}
	if o.featuresPath != "" {
		if in.features, err = readInput(o.featuresPath); err != nil {
			return in, err
		}
	}
	if o.overridesPath != "" {
		if in.overrides, err = readInput(o.overridesPath); err != nil {
			return in, err
		}
	}
	if (in.unstable.data == nil) != (in.features.data == nil) && (o.draftPath == "" || in.unstable.data == nil) {
		return in, fmt.Errorf("an unstable schema needs a feature map and the other way round (-unstable, -features)")
	}
	return in, nil
}

func embeddedInputs(protocol string) (inputs, error) {
	var in inputs
	var err error
	if in.schema.name, in.schema.data, err = schema.ACP(protocol, false); err != nil {
		return in, err
	}
	if in.unstable.name, in.unstable.data, err = schema.ACP(protocol, true); err != nil {
		return in, err
	}
	if in.features.name, in.features.data, err = schema.Features(protocol); err != nil {
		return in, err
	}
	in.overrides.name, in.overrides.data, err = schema.Overrides(protocol)
	in.release = schema.ACPRelease()
	return in, err
}

func dirInputs(dir string) (inputs, error) {
	var in inputs
	var err error
	if in.schema, err = readInput(filepath.Join(dir, "schema.json")); err != nil {
		return in, err
	}
	if in.unstable, err = readOptional(filepath.Join(dir, "schema.unstable.json")); err != nil {
		return in, err
	}
	if in.features, err = readOptional(filepath.Join(dir, "features.json")); err != nil {
		return in, err
	}
	if in.overrides, err = readOptional(filepath.Join(dir, "overrides.json")); err != nil {
		return in, err
	}
	version, err := readOptional(filepath.Join(dir, "VERSION"))
	in.release = schema.ParseRelease(version.data)
	return in, err
}

func readInput(path string) (input, error) {
	data, err := os.ReadFile(path)
	return input{name: path, data: data}, err
}

// readOptional reads path; a missing file gives no input and no error.
func readOptional(path string) (input, error) {
	in, err := readInput(path)
	if errors.Is(err, fs.ErrNotExist) {
		return input{}, nil
	}
	return in, err
}

func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}
