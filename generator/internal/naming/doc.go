// Package naming is where every Go name comes from: schema words to
// identifiers with Go's initialisms, and the Namespace that hands out
// package-level and field names, resolving collisions deterministically.
package naming
