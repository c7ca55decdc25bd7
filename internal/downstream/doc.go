// Package downstream holds acpgen's downstream test: a throwaway module
// outside this repository that uses acpgen the way an SDK author does
// (a go.mod tool directive, a //go:generate line, its own schema copy) and
// proves that generation, build tags and schema edits reach its program.
// The package has no code of its own; see downstream_test.go.
package downstream
