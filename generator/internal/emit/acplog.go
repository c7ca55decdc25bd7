package emit

import "github.com/acpgen/acpgen/templates"

// logPackage copies the logging middleware's subpackage acplog, written
// against the generated package's exported middleware API alone: every
// output with methods gets it. It is a package of its own so that the
// generated package does not import log/slog (ADR 0024).
func logPackage(importPath string) ([]OutputFile, error) {
	return copyTemplates(templates.LogPackage, importPath, manifestFiles(func(n templates.Need) bool {
		return n == templates.LogMiddleware
	}))
}
