package wire

import (
	"fmt"
	"strconv"
)

// DecodeError reports why a JSON value could not be decoded and where:
// Path is a JSONPath-like location relative to the value passed to
// UnmarshalJSON, e.g. `$.update.content[2].text` or `$["odd key"]`; Msg is
// what is wrong. Error() renders "<path>: <msg>" (path "$" for the root).
type DecodeError struct {
	Path string
	Msg  string
	// syntax marks malformed JSON (as opposed to well-formed JSON that
	// does not fit the type), which is reported first.
	syntax bool
	// outer are the path segments added on the way out (see wirePrefix),
	// not yet in Path.
	outer wireOuterPath
}

// Error renders "<path>: <msg>"; an empty Path counts as the root so that
// hand-built errors still read well.
func (e *DecodeError) Error() string {
	return RenderError(e.fullPath(), e.Msg)
}

// fullPath is Path with the segments not yet written into it (see
// FinishPath), for code that reads an error before it leaves the
// package.
func (e *DecodeError) fullPath() string { return e.outer.join(e.Path) }

// EncodeError reports why a value could not be encoded (a union with no
// variant set, a NaN float), with the same path form as DecodeError.
type EncodeError struct {
	Path string
	Msg  string
	// outer: as for DecodeError.
	outer wireOuterPath
}

// Error renders "<path>: <msg>" exactly like DecodeError.
func (e *EncodeError) Error() string {
	return RenderError(e.outer.join(e.Path), e.Msg)
}

// wireIsSyntax reports whether err is a syntax error of the input.
func wireIsSyntax(err error) bool {
	e, ok := err.(*DecodeError)
	return ok && e.syntax
}

// RenderError is shared by both error types so they cannot drift apart.
func RenderError(path, msg string) string {
	if path == "" {
		path = "$"
	}
	return path + ": " + msg
}

// The error constructors (Errorf, EncodeErrorf, Missing and
// wireNotImplemented, called from generated code; wireErrEOF, wireErrDepth
// and wireSyntaxError, called from the runtime's scanners) are not
// inlined: they run only on failure, and a copy at each of their call
// sites would only cost compile time and size.

// Errorf returns a *DecodeError at the root ("$") with a formatted message.
//
//go:noinline
func Errorf(format string, args ...any) error {
	return &DecodeError{Path: "$", Msg: fmt.Sprintf(format, args...)}
}

// EncodeErrorf returns an *EncodeError at the root.
//
//go:noinline
func EncodeErrorf(format string, args ...any) error {
	return &EncodeError{Path: "$", Msg: fmt.Sprintf(format, args...)}
}

// Missing returns the decode error for a missing required property:
// Msg `missing required property "name"` at the root.
//
//go:noinline
func Missing(name string) error {
	return &DecodeError{Path: "$", Msg: "missing required property " + string(AppendQuoted(nil, name))}
}

// AtKey prefixes the path of err with the object member key: "$.a"
// becomes "$.key.a"; keys that are not plain identifiers render as
// ["key"] with JSON quoting. A *DecodeError or *EncodeError is updated in
// place (errors travel up a single call chain, so nobody else holds them)
// which keeps the cost to the one allocation of the new path; any other
// error becomes a *DecodeError carrying its text.
func AtKey(err error, key string) error {
	if err == nil {
		return nil
	}
	// A stack buffer keeps the segment off the heap: the concatenation in
	// wirePrefix copies it into the single new path string.
	var tmp [64]byte
	seg := tmp[:0]
	if IsIdent(key) {
		seg = append(seg, '.')
		seg = append(seg, key...)
	} else {
		seg = append(seg, '[')
		seg = AppendQuoted(seg, key)
		seg = append(seg, ']')
	}
	return wirePrefix(err, seg)
}

// AtIndex prefixes the path with an array index: "$.a" -> "$[3].a".
func AtIndex(err error, index int) error {
	if err == nil {
		return nil
	}
	var tmp [24]byte
	seg := append(tmp[:0], '[')
	seg = strconv.AppendInt(seg, int64(index), 10)
	seg = append(seg, ']')
	return wirePrefix(err, seg)
}

// wirePrefix inserts seg right after the leading "$" of err's path. The
// segment is only noted (wireOuterPath); the path is written out once,
// when the error leaves the package (FinishPath), so that an error
// from deep inside a value costs time linear in its depth, not the square.
func wirePrefix(err error, seg []byte) error {
	switch e := err.(type) {
	case *DecodeError:
		e.outer.add(seg)
		return e
	case *EncodeError:
		e.outer.add(seg)
		return e
	default:
		return &DecodeError{Path: "$" + string(seg), Msg: err.Error()}
	}
}

// wireOuterPath holds the segments added to an error's path on its way
// out, innermost first, each with its bytes reversed: the whole buffer
// read backwards is then the segments in path order.
type wireOuterPath []byte

// add notes seg, which goes in front of those noted so far.
func (o *wireOuterPath) add(seg []byte) {
	for i := len(seg) - 1; i >= 0; i-- {
		*o = append(*o, seg[i])
	}
}

// join returns path with the noted segments in front of it.
func (o wireOuterPath) join(path string) string {
	if len(o) == 0 {
		return path
	}
	rest := wirePathRest(path)
	b := make([]byte, 0, 1+len(o)+len(rest))
	b = append(b, '$')
	for i := len(o) - 1; i >= 0; i-- {
		b = append(b, o[i])
	}
	return string(append(b, rest...))
}

// FinishPath writes the noted segments of err's path into its Path,
// where users read it: every decode and encode entry point returns its
// error through here.
func FinishPath(err error) error {
	switch e := err.(type) {
	case *DecodeError:
		e.Path, e.outer = e.outer.join(e.Path), nil
	case *EncodeError:
		e.Path, e.outer = e.outer.join(e.Path), nil
	}
	return err
}

// wirePathRest strips the root marker so a new segment can go in front;
// an empty path is the root.
func wirePathRest(path string) string {
	if len(path) > 0 && path[0] == '$' {
		return path[1:]
	}
	return path
}

// IsIdent reports whether key can be written as .key in a path, that
// is it matches [A-Za-z_][A-Za-z0-9_]*.
func IsIdent(key string) bool {
	if key == "" {
		return false
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		letter := c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z')
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// FullPath is e's path with the segments not yet written into it, for the
// engine, which reads an error before it leaves the generated package; a
// function, not a method, so that DecodeError's methods stay its API.
func FullPath(e *DecodeError) string { return e.fullPath() }
