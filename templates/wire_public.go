package templates

// wireAppender is implemented by (pointers to) every generated type.
type wireAppender interface {
	appendJSON([]byte) ([]byte, error)
}

// Marshal returns the JSON encoding of v, a pointer to a type of this
// package: the same JSON as json.Marshal (which additionally escapes <, >
// and & in strings), without encoding/json's second pass, which
// re-validates and compacts whatever MarshalJSON returns and is most of
// json.Marshal's time for these types.
func Marshal(v wireAppender) ([]byte, error) {
	return wireMarshal(v.appendJSON)
}

// AppendJSON appends the JSON encoding of v, a pointer to a type of this
// package, to dst: with a reused dst, encoding does not allocate.
func AppendJSON(dst []byte, v wireAppender) ([]byte, error) {
	return v.appendJSON(dst)
}
