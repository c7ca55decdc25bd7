// Package helpers decides which everyday values of the protocol get a
// function that builds them in one call (a text content block, a message
// chunk, a permission outcome), which notifications get a sender bound
// to one session, and which unions get a method reading one variant (the
// option a permission outcome selected). What those values are is a table
// of wire names (table.go); a helper exists only when the final, gated
// types have every union, variant and member it names, so each schema
// release gets the helpers it allows and no generated code special-cases
// a type.
package helpers
