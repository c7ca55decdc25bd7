// Package schema loads JSON Schema documents: it checks their syntax,
// validates them against the meta-schema (on a goroutine of its own, see
// Loads), and parses them into Nodes that keep property and definition
// order and carry their JSON Pointer paths for error messages. What it
// knows of each keyword is one row of the keyword table (keywords.go);
// unknown keywords are errors. It knows nothing of Go or of the IR.
package schema
