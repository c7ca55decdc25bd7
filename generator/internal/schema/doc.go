// Package schema loads JSON Schema documents: it checks their syntax,
// validates them against the meta-schema (on a goroutine of its own, see
// Loads), and parses them into Nodes that keep property and definition
// order and carry their JSON Pointer paths for error messages. Unknown
// keywords are errors. It knows nothing of Go or of the IR.
package schema
