// Package methods reads the schema's JSON-RPC message objects and the
// x-method/x-side annotations into the IR's method tables: one table per
// side, each method with its params, result and gate, plus the extension
// and envelope types. It runs after gating, on the final types.
package methods
