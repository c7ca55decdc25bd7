package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// importPath is the output's import path: the -import-path flag when
// given, else the module path of the nearest go.mod at or above dir and
// dir's place under it. The error names both ways to give it; run only
// reports it when the output needs an import path
// (generator.ErrNoImportPath).
func importPath(flagValue, dir string) (string, error) {
	if flagValue != "" {
		return flagValue, nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	root, module, err := findModule(abs)
	if err != nil {
		return "", fmt.Errorf("%v: the output's import path is needed; run acpgen with -out inside a module (a go.mod above it) or give -import-path", err)
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return "", err
	}
	if rel == "." {
		return module, nil
	}
	return path.Join(module, filepath.ToSlash(rel)), nil
}

// errNoModule says no go.mod was found above a directory.
var errNoModule = errors.New("no go.mod")

// findModule walks up from dir (which need not exist yet) to the first
// directory holding a go.mod and returns that directory and the module
// path the file declares.
func findModule(dir string) (root, module string, err error) {
	for d := dir; ; d = filepath.Dir(d) {
		data, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil {
			module, err := moduleDirective(data)
			if err != nil {
				return "", "", fmt.Errorf("%s: %v", filepath.Join(d, "go.mod"), err)
			}
			return d, module, nil
		}
		if !errors.Is(err, os.ErrNotExist) {
			return "", "", err
		}
		if filepath.Dir(d) == d {
			return "", "", fmt.Errorf("%w above %s", errNoModule, dir)
		}
	}
}

// moduleDirective reads the module path of a go.mod file, bare or
// quoted, with or without a trailing comment.
func moduleDirective(gomod []byte) (string, error) {
	sc := bufio.NewScanner(bytes.NewReader(gomod))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		rest, ok := strings.CutPrefix(line, "module")
		if !ok || rest == "" || (rest[0] != ' ' && rest[0] != '\t' && rest[0] != '"') {
			continue
		}
		rest = strings.TrimSpace(rest)
		if i := strings.Index(rest, "//"); i >= 0 {
			rest = strings.TrimSpace(rest[:i])
		}
		if strings.HasPrefix(rest, `"`) || strings.HasPrefix(rest, "`") {
			return strconv.Unquote(rest)
		}
		if rest != "" {
			return rest, nil
		}
	}
	return "", errors.New("no module directive")
}
