package build

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
)

// Overrides say what the JSON Schema cannot (contract rules 4 and 7): tag
// values a union must reject outright, and properties with patch meaning
// (absent = unchanged, null = clear, a value = replace), which need three
// states in Go. The file is the project's (schema/acp/overrides.v*.json for
// ACP). Every entry must match something the generator builds; one that
// matches nothing is an error, so the list cannot rot silently when the
// schema changes.
type Overrides struct {
	File        string          `json:"-"`
	Comment     json.RawMessage `json:"$comment"` // for people
	RemovedTags []removedTag    `json:"removedTags"`
	PatchFields []patchOverride `json:"patchFields"`
}

// removedTag names a tagged union by its schema location and a tag value it
// rejects with Message.
type removedTag struct {
	Union   string `json:"union"`
	Tag     string `json:"tag"`
	Message string `json:"message"`
}

// patchOverride names a property by its schema location; Evidence is the
// schema text that gives it patch meaning (for people; required so that
// every entry says why it is there).
type patchOverride struct {
	Property string `json:"property"`
	Evidence string `json:"evidence"`
}

// ParseOverrides reads an overrides file strictly: unknown keys are errors,
// so a misspelt key cannot turn an override off.
func ParseOverrides(file string, data []byte) (*Overrides, error) {
	ov := &Overrides{File: file}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(ov); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if err := ov.checkEntries(); err != nil {
		return nil, err
	}
	return ov, nil
}

// checkEntries rejects incomplete and repeated entries.
func (ov *Overrides) checkEntries() error {
	seen := map[string]bool{}
	for i, r := range ov.RemovedTags {
		at := fmt.Sprintf("%s: removedTags[%d]", ov.File, i)
		if !strings.HasPrefix(r.Union, "#/") || r.Tag == "" || r.Message == "" {
			return fmt.Errorf("%s: needs union (a schema location \"#/...\"), tag and message", at)
		}
		if key := r.Union + "\x00" + r.Tag; seen[key] {
			return fmt.Errorf("%s: tag %q of %s is listed twice", at, r.Tag, r.Union)
		} else {
			seen[key] = true
		}
	}
	for i, p := range ov.PatchFields {
		at := fmt.Sprintf("%s: patchFields[%d]", ov.File, i)
		if !strings.HasPrefix(p.Property, "#/") || p.Evidence == "" {
			return fmt.Errorf("%s: needs property (a schema location \"#/...\") and evidence", at)
		}
		if seen[p.Property] {
			return fmt.Errorf("%s: %s is listed twice", at, p.Property)
		}
		seen[p.Property] = true
	}
	return nil
}

// ApplyOverrides marks the patch fields and the unions' removed tags in the
// IR. It runs on the whole IR, before gating, so an entry about an unstable
// element matches whether or not its feature is emitted.
func ApplyOverrides(ov *Overrides, types []*ir.Decl) error {
	if ov == nil {
		return nil
	}
	var errs []string
	fields := fieldsByPath(types)
	for i, p := range ov.PatchFields {
		if err := markPatch(fields[p.Property]); err != nil {
			errs = append(errs, fmt.Sprintf("patchFields[%d]: %s: %v", i, p.Property, err))
		}
	}
	unions := unionsByPath(types)
	for i, r := range ov.RemovedTags {
		if err := removeTag(unions[r.Union], r); err != nil {
			errs = append(errs, fmt.Sprintf("removedTags[%d]: %s: %v", i, r.Union, err))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s:\n  %s", ov.File, strings.Join(errs, "\n  "))
	}
	return nil
}

// markPatch gives the fields generated from one property patch meaning.
func markPatch(fds []*ir.Field) error {
	if len(fds) == 0 {
		return fmt.Errorf("matches no generated field")
	}
	for _, fd := range fds {
		switch {
		case fd.Required:
			return fmt.Errorf("the property is required, so it cannot be absent to mean unchanged")
		case fd.DefaultOnNull:
			return fmt.Errorf("the property is x-deserialize-default-on-null, so null cannot mean clear")
		}
		fd.Patch = true
	}
	return nil
}

// removeTag records a removed tag on a tagged union whose variants do not
// use it.
func removeTag(u *ir.UnionDecl, r removedTag) error {
	switch {
	case u == nil:
		return fmt.Errorf("matches no generated union")
	case u.Tag == "":
		return fmt.Errorf("the union is untagged, so it has no tag values to remove")
	}
	for _, v := range u.Variants {
		if v.Tag == r.Tag {
			return fmt.Errorf("tag %q is a variant of the union (%s), not a removed one", r.Tag, v.Path)
		}
	}
	for i := range u.Removed {
		if u.Removed[i].Tag == r.Tag { // excluded by the schema too: the override says why
			u.Removed[i].Message = r.Message
			return nil
		}
	}
	u.Removed = append(u.Removed, ir.RemovedTag{Tag: r.Tag, Message: r.Message})
	return nil
}

// fieldsByPath indexes every struct and variant field by the schema
// location of its property. One property can give several fields (an
// inline variant and a struct built from the same schema).
func fieldsByPath(types []*ir.Decl) map[string][]*ir.Field {
	out := map[string][]*ir.Field{}
	for _, t := range types {
		for _, fd := range ir.Fields(t) {
			out[fd.Path] = append(out[fd.Path], fd)
		}
	}
	return out
}

// unionsByPath indexes unions by the schema location of their definition.
func unionsByPath(types []*ir.Decl) map[string]*ir.UnionDecl {
	out := map[string]*ir.UnionDecl{}
	for _, t := range types {
		for _, u := range ir.Unions(t) {
			out[t.Path] = u
		}
	}
	return out
}
