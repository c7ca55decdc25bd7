package acptest

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// ValidateDocument checks the JSON text data against the schema's root,
// for schemas whose root is the document (such as schema/mplp), with
// formats asserted.
func (s *Schema) ValidateDocument(data []byte) error {
	s.mu.Lock()
	root, err := s.compiler.Compile(s.url)
	s.mu.Unlock()
	if err != nil {
		return err
	}
	v, err := decodeNumbers(data)
	if err != nil {
		return fmt.Errorf("invalid JSON: %w", err)
	}
	return root.Validate(v)
}

// FailedPaths lists the instance locations of the most specific causes of
// a validation error, in the JSONPath-like form of acpgen's errors
// (`$.steps[2].title`), so that tests can compare them with what a
// generated Validate reports. Any other error gives nil.
func FailedPaths(err error) []string {
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return nil
	}
	var out []string
	var walk func(v *jsonschema.ValidationError)
	walk = func(v *jsonschema.ValidationError) {
		if len(v.Causes) == 0 {
			out = append(out, pointerToPath(v.InstanceLocation))
			return
		}
		for _, c := range v.Causes {
			walk(c)
		}
	}
	walk(ve)
	return out
}

// pointerToPath turns a JSON Pointer ("/steps/2/title") into "$.steps[2].title".
// Numeric tokens are taken as array indexes, which holds for the documents
// these tests use.
func pointerToPath(ptr string) string {
	var b strings.Builder
	b.WriteString("$")
	if ptr == "" {
		return b.String()
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		if _, err := strconv.Atoi(tok); err == nil {
			b.WriteString("[" + tok + "]")
		} else {
			b.WriteString("." + tok)
		}
	}
	return b.String()
}
