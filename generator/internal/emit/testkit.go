package emit

import (
	"bytes"

	"github.com/acpgen/acpgen/templates"
)

// testKitPackage copies the test kit subpackage (ADR 0022): its files for
// every version and those of the protocol version the output speaks,
// without the build constraint that picks a version's files here.
func testKitPackage(importPath string, version int64) ([]OutputFile, error) {
	own := map[int64]templates.Need{1: templates.TestKitV1, 2: templates.TestKitV2}[version]
	files, err := copyTemplates(templates.TestKitPackage, importPath, manifestFiles(func(n templates.Need) bool {
		return n == templates.TestKit || n == own
	}))
	if err != nil {
		return nil, err
	}
	for i := range files {
		files[i].Content = dropVersionConstraint(files[i].Content)
	}
	return files, nil
}

// versionConstraints are the lines that compile one version's test kit
// files here, with the blank line after them.
var versionConstraints = [][]byte{
	[]byte("//go:build !" + templates.TestKitV2Tag + "\n\n"),
	[]byte("//go:build " + templates.TestKitV2Tag + "\n\n"),
}

// dropVersionConstraint removes a test kit file's version constraint.
func dropVersionConstraint(src []byte) []byte {
	for _, c := range versionConstraints {
		src = bytes.Replace(src, c, nil, 1)
	}
	return src
}
