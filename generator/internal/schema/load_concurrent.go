package schema

import (
	"fmt"
	"sync"
)

// Loads is the schemas one Generate call has loaded, in load order.
//
// Checking a schema against the meta-schema and resolving its references
// (validateSchema) is the slowest stage of generation: the validator
// compiles every subschema, and its dynamic-anchor lookup is quadratic in
// their number. Nothing but its error depends on it, so it runs on its own
// goroutine while the schema is parsed, built and emitted, and Finish puts
// its error ahead of any other. Output and errors are exactly those of
// validating first.
type Loads struct {
	// Files reaches the documents references name beyond the loaded
	// ones.
	Files   Files
	pending []func() error
}

// Load checks data's syntax, starts its validation and parses it.
func (l *Loads) Load(file string, data []byte) (*Doc, error) {
	if err := checkDepth(data); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if err := CheckJSONSyntax(data); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	l.pending = append(l.pending, validateAsync(file, data, &l.Files))
	return parseSchema(file, data, &l.Files)
}

// Finish waits for every validation load started and returns the error
// of the first that failed, in load order. That error replaces whatever
// the rest of the pipeline returned.
func (l *Loads) Finish() error {
	for _, wait := range l.pending {
		if err := wait(); err != nil {
			return err
		}
	}
	return nil
}

// validateAsync runs validateSchema on a goroutine; the function it
// returns waits for the result. A panic in the validator becomes an
// error, since Generate's caller could not recover it on another
// goroutine.
func validateAsync(file string, data []byte, files *Files) func() error {
	done := make(chan error, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Errorf("%s: invalid schema: the validator panicked: %v", file, r)
			}
		}()
		done <- validateSchema(file, data, files)
	}()
	return sync.OnceValue(func() error { return <-done })
}
