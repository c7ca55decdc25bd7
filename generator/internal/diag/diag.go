// Package diag is the error list generation returns: every construct it
// cannot handle, each with its schema path and what to do about it, so
// that a schema written elsewhere is fixed (or its gaps listed) in one
// run instead of one error per run.
package diag

import (
	"fmt"
	"strings"
)

// Problem is one construct generation cannot handle.
type Problem struct {
	Path    string // the JSON Pointer of the schema, "#/…"
	Message string // what is wrong
	Hint    string // what to write instead; may be empty
}

// At is the Problem at path.
func At(path, hint, format string, args ...any) *Problem {
	return &Problem{Path: path, Message: fmt.Sprintf(format, args...), Hint: hint}
}

func (p *Problem) Error() string {
	if p.Hint == "" {
		return p.Path + ": " + p.Message
	}
	return p.Path + ": " + p.Message + "; " + p.Hint
}

// Max bounds a list: past it, problems are counted, not kept. A schema
// written for another generator can have hundreds of the same problem,
// and the first fifty say what needs doing.
const Max = 50

// Errors is the problems of one run, in the order the stages found them,
// one per line. It unwraps to its entries (errors.Is and As see each).
type Errors struct {
	Errs []error
	More int // problems past Max, counted only
}

func (e *Errors) Error() string {
	lines := make([]string, 0, len(e.Errs)+1)
	for _, err := range e.Errs {
		lines = append(lines, err.Error())
	}
	if e.More > 0 {
		lines = append(lines, fmt.Sprintf("… and %d more", e.More))
	}
	return strings.Join(lines, "\n")
}

func (e *Errors) Unwrap() []error { return e.Errs }

// List collects problems. The zero value is empty and ready.
type List struct {
	errs []error
	more int
}

// Add appends err (nothing when nil); a list's entries are added one by
// one, so lists never nest.
func (l *List) Add(err error) {
	list, isList := err.(*Errors)
	switch {
	case err == nil:
	case isList:
		for _, e := range list.Errs {
			l.Add(e)
		}
		l.more += list.More
	case len(l.errs) >= Max:
		l.more++
	default:
		l.errs = append(l.errs, err)
	}
}

// Len is how many problems were added.
func (l *List) Len() int { return len(l.errs) + l.more }

// Err is the list as an error: nil when empty, the one error itself when
// it holds one (so single errors read and compare as before), else
// *Errors.
func (l *List) Err() error {
	switch {
	case l.Len() == 0:
		return nil
	case len(l.errs) == 1 && l.more == 0:
		return l.errs[0]
	}
	return &Errors{Errs: l.errs, More: l.more}
}

// Map applies f to every entry of err (to err itself when it is not a
// list), keeping the count of the dropped: a stage prefixing its file
// name prefixes each line.
func Map(err error, f func(error) error) error {
	list, ok := err.(*Errors)
	if !ok {
		return f(err)
	}
	out := &Errors{Errs: make([]error, len(list.Errs)), More: list.More}
	for i, e := range list.Errs {
		out.Errs[i] = f(e)
	}
	return out
}
