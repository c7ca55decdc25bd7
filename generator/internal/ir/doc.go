// Package ir is the intermediate representation every stage meets in:
// the kinds a schema definition becomes (struct, newtype, enum, union),
// the value expressions of fields, the gates of unstable features, the
// validation checks and the method tables. It imports no other stage and
// knows neither schema nodes nor jennifer.
package ir
