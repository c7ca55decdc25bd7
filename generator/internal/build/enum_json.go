package build

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// defineJSONEnum builds an `enum` list that is not all strings
// (`["a", 1, true, null, [1, 2]]`, or numbers only): a closed type over
// string holding the member's JSON text. Members a `type` beside the list
// excludes can never be valid, so they are left out. Two members that are
// the same JSON value (1 and 1.0, {"a":1,"b":2} and {"b":2,"a":1}) are
// an error, as two equal strings are.
func (b *builder) defineJSONEnum(t *ir.Decl, n *schema.Node) error {
	at := n.Path + "/enum"
	e := &ir.Enum{Base: "string", JSON: true}
	seen := map[string]int{}
	for i, raw := range n.Enum {
		path := fmt.Sprintf("%s/%d", at, i)
		text, key, label, err := jsonMember(raw)
		if err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		if !typeAdmits(n.Types, text, key) {
			continue
		}
		if prev, dup := seen[key]; dup {
			return fmt.Errorf("%s: value %s is listed twice (at %s/%d too)", path, schema.Excerpt(text), at, prev)
		}
		seen[key] = i
		e.Values = append(e.Values, ir.EnumValue{Go: b.ns.Claim(naming.Join(t.Name, naming.GoName(label)), path), String: text, Key: key})
	}
	if len(e.Values) == 0 {
		return fmt.Errorf("%s: no value of the enum has a type the schema allows (type %v)", at, n.Types)
	}
	t.Kind, t.Enum = ir.KindEnum, e
	return nil
}

// jsonMember reads one member of a JSON enum: its compact JSON text, the
// key decoding matches it by (see ir.EnumValue.Key and the runtime's
// wireEnumKey, which computes the same keys) and the words its constant
// is named by.
func jsonMember(raw json.RawMessage) (text, key, label string, err error) {
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return "", "", "", err
	}
	text = buf.String()
	switch c := text[0]; {
	case c == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", "", "", err
		}
		return text, "s" + s, s, nil
	case c == '{' || c == '[':
		d := json.NewDecoder(bytes.NewReader(raw))
		d.UseNumber()
		var v any
		if err := d.Decode(&v); err != nil {
			return "", "", "", err
		}
		k, ok := canonicalJSON(v)
		if !ok {
			return "", "", "", fmt.Errorf("a number in %s is out of range", schema.Excerpt(text))
		}
		label := "object"
		if c == '[' {
			label = "array"
		}
		return text, "j" + k, label, nil
	case c == 't' || c == 'f' || c == 'n':
		return text, text, text, nil
	}
	k, ok := numberKey(text)
	if !ok {
		return "", "", "", fmt.Errorf("number %s is out of range", schema.Excerpt(text))
	}
	return text, "n" + k, numberLabel(text), nil
}

// typeAdmits reports whether a member whose JSON text and key are given
// has a type in types (none: every member).
func typeAdmits(types []string, text, key string) bool {
	if len(types) == 0 {
		return true
	}
	kind := "number"
	switch text[0] {
	case '"':
		kind = "string"
	case 't', 'f':
		kind = "boolean"
	case 'n':
		kind = "null"
	case '{':
		kind = "object"
	case '[':
		kind = "array"
	}
	for _, t := range types {
		if t == kind || t == "integer" && kind == "number" && isIntegerKey(key) {
			return true
		}
	}
	return false
}

// isIntegerKey reports whether a number's key (n, digits, e, exponent) is
// an integer: its exponent is not negative.
func isIntegerKey(key string) bool {
	return !strings.Contains(key, "e-")
}

// numberKey spells a JSON number so that equal numbers are spelled alike:
// its sign, its digits without leading or trailing zeros, "e" and the
// exponent that makes them the number (1, 1.0 and 10e-1 are all 1e0; 0
// and -0 are 0). It does the arithmetic on the text, so a number of any
// size takes time in its length only; false when the exponent is beyond
// ±10^15.
func numberKey(text string) (string, bool) {
	neg := strings.HasPrefix(text, "-")
	text = strings.TrimPrefix(text, "-")
	mant, exp, _ := strings.Cut(strings.ToLower(text), "e")
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := strings.TrimLeft(intPart+frac, "0")
	if digits == "" {
		return "0", true
	}
	e := int64(0)
	if exp != "" {
		var err error
		if e, err = strconv.ParseInt(strings.TrimPrefix(exp, "+"), 10, 64); err != nil || e > 1e15 || e < -1e15 {
			return "", false
		}
	}
	trimmed := strings.TrimRight(digits, "0")
	e += int64(len(digits)-len(trimmed)) - int64(len(frac))
	sign := ""
	if neg {
		sign = "-"
	}
	return sign + trimmed + "e" + strconv.FormatInt(e, 10), true
}

// numberLabel is the words a number's constant is named by: its text with
// its signs and point spelled out (-1.5 is "minus 1 point 5").
func numberLabel(text string) string {
	r := strings.NewReplacer("-", " minus ", "+", " ", ".", " point ", "e", " e ", "E", " e ")
	return strings.TrimSpace(r.Replace(text))
}

// canonicalJSON spells a value decoded with UseNumber so that JSON-equal
// values are spelled alike, as the runtime's wireCanonicalJSON does:
// members sorted by name, strings quoted by strconv, numbers as numberKey
// spells them; false for a number out of its range.
func canonicalJSON(v any) (string, bool) {
	var parts []string
	open, end := "[", "]"
	switch v := v.(type) {
	case json.Number:
		return numberKey(string(v))
	case string:
		return strconv.Quote(v), true
	case bool:
		return strconv.FormatBool(v), true
	case nil:
		return "null", true
	case []any:
		for _, item := range v {
			s, ok := canonicalJSON(item)
			if !ok {
				return "", false
			}
			parts = append(parts, s)
		}
	case map[string]any:
		open, end = "{", "}"
		for _, name := range slices.Sorted(maps.Keys(v)) {
			s, ok := canonicalJSON(v[name])
			if !ok {
				return "", false
			}
			parts = append(parts, strconv.Quote(name)+":"+s)
		}
	}
	return open + strings.Join(parts, ",") + end, true
}
