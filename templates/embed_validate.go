package templates

import "embed"

// validation holds the runtime that generated Validate methods need. It is
// copied only into packages generated with Validate on, so packages
// without it (the ACP ones) stay exactly as they were.
//
//go:embed validate_*.go
var validation embed.FS

// ValidationFiles lists the validation runtime files to copy (tests
// excluded), in sorted order.
func ValidationFiles() []string {
	return sourceFiles(validation)
}

// ValidationSource returns the content of one validation runtime file.
func ValidationSource(name string) ([]byte, error) {
	return validation.ReadFile(name)
}
