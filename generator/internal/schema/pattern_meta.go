package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"

	"github.com/dlclark/regexp2/v2"
)

// The meta-schema validator compiles every pattern and patternProperties
// name with Go's regexp: it rejects ECMA-262 patterns RE2 cannot read
// (lookahead, backreferences) as "not valid 'regex'", although the schema
// is valid and acpgen checks them with the ECMAScript engine (pattern.go).
// The validator therefore gets a copy of the document in which each such
// pattern is replaced by one RE2 takes; the generator reads the original.
// A pattern neither engine takes stays, and fails validation where it is.

// forMetaValidation returns data with the patterns only the ECMAScript
// engine takes replaced, or data itself when it has none (or is not JSON,
// which the syntax check reports).
func forMetaValidation(data []byte) []byte {
	if !bytes.Contains(data, []byte(`"pattern`)) {
		return data
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return data
	}
	if !replaceECMAOnly(v) {
		return data
	}
	out, err := json.Marshal(v)
	if err != nil {
		return data
	}
	return out
}

// replaceECMAOnly replaces, in place, every pattern and patternProperties
// name below v that only the ECMAScript engine takes, and reports whether
// it replaced any.
func replaceECMAOnly(v any) bool {
	changed := false
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if s, ok := x.(string); ok && k == "pattern" && ecmaOnly(s) {
				v[k], changed = "", true
			}
			if m, ok := x.(map[string]any); ok && k == "patternProperties" {
				for name, sub := range m {
					if ecmaOnly(name) {
						delete(m, name)
						m[fmt.Sprintf("^(?:ECMA-262 pattern %d)$", len(m))] = sub
						changed = true
					}
				}
			}
			changed = replaceECMAOnly(x) || changed
		}
	case []any:
		for _, x := range v {
			changed = replaceECMAOnly(x) || changed
		}
	}
	return changed
}

// ecmaOnly reports whether only the ECMAScript engine compiles s.
func ecmaOnly(s string) bool {
	if _, err := regexp.Compile(s); err == nil {
		return false
	}
	_, err := regexp2.Compile(s, ECMAOptions)
	return err == nil
}
