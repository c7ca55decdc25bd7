package templates

import (
	"strconv"
	"strings"

	"github.com/acpgen/acpgen/templates/wire"
)

// ValidationError lists every constraint of the schema a value breaks, in
// the order Validate meets them (schema property order, then item order).
// Validate returns all of them at once, unlike decoding, which stops at the
// first problem, because someone fixing a document wants the whole list.
type ValidationError struct {
	Violations []Violation
}

// Violation is one broken constraint: Path locates the value in the same
// JSONPath-like form as DecodeError (`$.steps[2].title`), Msg says what is
// wrong.
type Violation struct {
	Path string
	Msg  string
}

// Error renders "<path>: <msg>".
func (v Violation) Error() string {
	return wire.RenderError(v.Path, v.Msg)
}

// Error renders the single violation, or "<n> violations: " followed by
// all of them separated by "; ".
func (e *ValidationError) Error() string {
	if len(e.Violations) == 1 {
		return e.Violations[0].Error()
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(len(e.Violations)))
	b.WriteString(" violations: ")
	for i, v := range e.Violations {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(v.Error())
	}
	return b.String()
}

// Unwrap returns each violation as an error, for errors.Is and errors.As.
func (e *ValidationError) Unwrap() []error {
	out := make([]error, len(e.Violations))
	for i, v := range e.Violations {
		out[i] = v
	}
	return out
}
