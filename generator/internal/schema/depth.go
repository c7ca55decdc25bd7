package schema

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxDepth bounds how deeply a schema document may nest JSON objects and
// arrays (the ACP schemas nest 11 deep). Loading checks it first, in one
// pass over the bytes, before the validator or the parser (both
// recursive, the validator's cost growing faster than the schema) see the
// document; every later stage therefore recurses at most MaxDepth levels,
// and builds names and paths at most MaxDepth segments long, so time and
// memory stay linear in the schema's size.
const MaxDepth = 128

// checkDepth returns an error naming the JSON Pointer of the first value
// nested deeper than MaxDepth. It runs before the syntax check (whose
// own depth limit would give no path), so on malformed input it returns
// nil, leaving the error to CheckJSONSyntax, and never panics. It reads
// each byte once and keeps one path segment per open level.
func checkDepth(data []byte) error {
	var stack []level
	expectKey := false // the next string in the current object is a key
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '"':
			end := i + 1
			for end < len(data) && data[end] != '"' {
				if data[end] == '\\' {
					end++
				}
				end++
			}
			if end >= len(data) {
				return nil
			}
			if expectKey && len(stack) > 0 {
				key, err := decodeKey(data[i : end+1])
				if err != nil {
					return nil
				}
				stack[len(stack)-1].key = key
				expectKey = false
			}
			i = end
		case '{', '[':
			if len(stack) == MaxDepth {
				return fmt.Errorf("%s: the schema nests deeper than %d levels", depthPath(stack), MaxDepth)
			}
			stack = append(stack, level{object: c == '{'})
			expectKey = c == '{'
		case '}', ']':
			if len(stack) == 0 {
				return nil
			}
			stack = stack[:len(stack)-1]
		case ',':
			if len(stack) == 0 {
				return nil
			}
			if top := &stack[len(stack)-1]; top.object {
				expectKey = true
			} else {
				top.index++
			}
		}
	}
	return nil
}

// level is one open object or array.
type level struct {
	object bool
	key    string // the member being read, in an object
	index  int    // the element being read, in an array
}

// depthPath is the JSON Pointer of the innermost open value, abridged:
// the first and last 8 segments, each at most 64 bytes.
func depthPath(stack []level) string {
	var b strings.Builder
	b.WriteString("#")
	for i, l := range stack {
		if i == 8 && len(stack) > 16 {
			fmt.Fprintf(&b, "/…(%d more)…", len(stack)-16)
		}
		if i >= 8 && i < len(stack)-8 {
			continue
		}
		b.WriteString("/")
		if !l.object {
			b.WriteString(strconv.Itoa(l.index))
			continue
		}
		seg := EscapePointer(l.key)
		if len(seg) > 64 {
			cut := 64
			for cut > 0 && !utf8.RuneStart(seg[cut]) {
				cut--
			}
			seg = seg[:cut] + "…"
		}
		b.WriteString(seg)
	}
	return b.String()
}
