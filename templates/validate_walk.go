package templates

import (
	"fmt"
	"strconv"

	"github.com/acpgen/acpgen/templates/wire"
)

// validator collects violations while generated validate methods walk
// a value. It keeps the JSONPath of the value being checked, extended and
// cut back as the walk enters and leaves members and items, so checks that
// pass cost no path building at all.
type validator struct {
	path  []byte
	marks []int
	found []Violation
}

// validatable is implemented by every generated type (and union
// variant) that has something to check, so a union can check whichever
// variant it holds without a type switch.
type validatable interface {
	validate(v *validator)
}

// enterKey descends into the object member key; the path segment is
// written as in decode errors (.key, or ["odd key"]).
func (v *validator) enterKey(key string) {
	v.marks = append(v.marks, len(v.path))
	if wire.IsIdent(key) {
		v.path = append(append(v.path, '.'), key...)
		return
	}
	v.path = append(wire.AppendQuoted(append(v.path, '['), key), ']')
}

// enterIndex descends into the array item i.
func (v *validator) enterIndex(i int) {
	v.marks = append(v.marks, len(v.path))
	v.path = append(strconv.AppendInt(append(v.path, '['), int64(i), 10), ']')
}

// leave returns to the enclosing value.
func (v *validator) leave() {
	last := len(v.marks) - 1
	v.path = v.path[:v.marks[last]]
	v.marks = v.marks[:last]
}

// failf records a violation at the current path.
func (v *validator) failf(format string, args ...any) {
	v.found = append(v.found, Violation{Path: "$" + string(v.path), Msg: fmt.Sprintf(format, args...)})
}

// result is nil when nothing failed, else a *ValidationError with every
// violation.
func (v *validator) result() error {
	if len(v.found) == 0 {
		return nil
	}
	return &ValidationError{Violations: v.found}
}

// validRun runs the checks of one value and returns the result: the body
// of every generated Validate method that has something to check.
func validRun(x validatable) error {
	var v validator
	x.validate(&v)
	return v.result()
}
