package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// undefinedName matches the compiler's complaint about a name the
// package uses but never declares.
var undefinedName = regexp.MustCompile(`undefined: ([A-Za-z_][A-Za-z0-9_]*)$`)

// declareUndefined is the "what if it built" step, for a package whose
// only build errors are names it uses but never declares: it declares
// each as a struct embedding json.RawMessage in an extra file and builds
// again: it takes any JSON value and encodes it back as it came, has the
// UnmarshalJSON method generated code may call on it, and is a local type
// generated code may add methods to. It returns
// the names so declared, or why it could not make the package build.
// The table reports round trips through such a package in a column of
// their own, apart from the real count.
func declareUndefined(ctx context.Context, mod, pkg string) ([]string, error) {
	out, err := goCmd(ctx, mod, "build", "-gcflags=-e", "./"+pkg).CombinedOutput()
	if err == nil {
		return nil, fmt.Errorf("package builds")
	}
	names, other := undefinedNames(string(out))
	if other != "" {
		return nil, fmt.Errorf("other build errors: %s", trimPaths(other, mod))
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no undefined names")
	}
	src := "package " + pkg + "\n\nimport \"encoding/json\"\n\n// Declared by bench/schemapeers: names the package uses but never declares.\n"
	for _, n := range names {
		src += "type " + n + " struct{ json.RawMessage }\n"
	}
	if err := os.WriteFile(filepath.Join(mod, pkg, "zz_undeclared.go"), []byte(src), 0o644); err != nil {
		return nil, err
	}
	if note := runStep(ctx, goCmd(ctx, mod, "build", "./"+pkg)); note != "" {
		return nil, fmt.Errorf("still does not build: %s", trimPaths(note, mod))
	}
	return names, nil
}

// undefinedNames collects the undefined names of a build's output, sorted
// and without repeats, and the first error line that is about something
// else.
func undefinedNames(out string) (names []string, other string) {
	seen := map[string]bool{}
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m := undefinedName.FindStringSubmatch(line)
		if m == nil {
			if other == "" {
				other = line
			}
			continue
		}
		if !seen[m[1]] {
			seen[m[1]] = true
			names = append(names, m[1])
		}
	}
	sort.Strings(names)
	return names, other
}
