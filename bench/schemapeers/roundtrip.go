package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// An example is one instance file of examplesDir.
type example struct{ Type, File string }

// examples lists examplesDir's instances, sorted by folder then file.
func examples() ([]example, error) {
	files, err := filepath.Glob(filepath.Join(examplesDir, "*", "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var list []example
	for _, f := range files {
		list = append(list, example{Type: filepath.Base(filepath.Dir(f)), File: filepath.Base(f)})
	}
	return list, nil
}

// failAll fails every example for one reason.
func failAll(reason string) []instanceResult {
	list, err := examples()
	if err != nil {
		return []instanceResult{{Note: err.Error()}}
	}
	out := make([]instanceResult, len(list))
	for i, e := range list {
		out[i] = instanceResult{Type: e.Type, File: e.File, Note: reason}
	}
	return out
}

// roundTrips decodes every example into the type its folder names, in the
// package s generated, encodes it back and compares the two as JSON
// values. One driver program per generator does all of them, so the
// package compiles once.
func roundTrips(ctx context.Context, mod string, s schemaResult) []instanceResult {
	if !s.Built {
		return failAll("package " + s.Input.Pkg + " not built")
	}
	ctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	names, err := typeNames(filepath.Join(mod, s.Input.Pkg))
	if err != nil {
		return failAll(err.Error())
	}
	list, err := examples()
	if err != nil {
		return failAll(err.Error())
	}
	chosen := map[string]string{}
	for _, e := range list {
		if name, ok := matchType(e.Type, names); ok {
			chosen[e.Type] = name
		}
	}
	outputs, crashed, err := runDriver(ctx, mod, s.Input.Pkg, chosen)
	if err != nil {
		return failAll(trimPaths(err.Error(), mod))
	}
	results := make([]instanceResult, len(list))
	for i, e := range list {
		results[i] = judge(e, chosen, outputs, crashed)
	}
	return results
}

// judge says whether one example round-tripped.
func judge(e example, chosen map[string]string, outputs map[example]driverLine, crashed string) instanceResult {
	r := instanceResult{Type: e.Type, File: e.File}
	if _, ok := chosen[e.Type]; !ok {
		r.Note = "no type named " + e.Type
		return r
	}
	line, ok := outputs[e]
	switch {
	case !ok:
		r.Note = "driver printed nothing for it; " + crashed
	case line.Err != "":
		r.Note = line.Err
	default:
		orig, err := os.ReadFile(filepath.Join(examplesDir, e.Type, e.File))
		if err != nil {
			r.Note = err.Error()
			break
		}
		r.Note = diffJSON(orig, line.Out)
		r.OK = r.Note == ""
	}
	return r
}

// typeNames lists the exported, non-generic types a package declares.
func typeNames(dir string) ([]string, error) {
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		names = append(names, fileTypeNames(file)...)
	}
	sort.Strings(names)
	return names, nil
}

// fileTypeNames lists the exported, non-generic types one file declares.
func fileTypeNames(file *ast.File) []string {
	var names []string
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.TYPE {
			continue
		}
		for _, spec := range gen.Specs {
			ts := spec.(*ast.TypeSpec)
			if ts.Name.IsExported() && ts.TypeParams == nil {
				names = append(names, ts.Name.Name)
			}
		}
	}
	return names
}

// matchType is the documented naming rule: the type named exactly like
// the example's folder (the schema's definition name), or else the one
// whose name equals it once case and underscores are ignored (so
// JSONRPCRequest finds JsonrpcRequest); names must be sorted, and the
// first such match wins.
func matchType(folder string, names []string) (string, bool) {
	i := sort.SearchStrings(names, folder)
	if i < len(names) && names[i] == folder {
		return folder, true
	}
	want := fold(folder)
	for _, n := range names {
		if fold(n) == want {
			return n, true
		}
	}
	return "", false
}

// fold is a name with case and underscores dropped.
func fold(name string) string {
	return strings.ToLower(strings.ReplaceAll(name, "_", ""))
}

// A driverLine is what the driver prints for one example.
type driverLine struct {
	Type, File string
	Out        json.RawMessage
	Err        string
}

// runDriver builds and runs the driver program for package pkg, with
// chosen mapping example folders to type names, and collects its lines.
// crashed says why the driver stopped early, if it did.
func runDriver(ctx context.Context, mod, pkg string, chosen map[string]string) (lines map[example]driverLine, crashed string, err error) {
	dir := filepath.Join(mod, "driver")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), driverSource(pkg, chosen), 0o644); err != nil {
		return nil, "", err
	}
	exe := filepath.Join(mod, "driver.exe")
	if note := runStep(ctx, goCmd(ctx, mod, "build", "-o", exe, "./driver")); note != "" {
		return nil, "", fmt.Errorf("driver does not build: %s", note)
	}
	examples, err := filepath.Abs(examplesDir)
	if err != nil {
		return nil, "", err
	}
	out, err := exec.CommandContext(ctx, exe, examples).Output()
	lines, perr := parseDriver(out)
	if err != nil {
		// A crash no recover catches (a stack overflow) ends the driver:
		// the examples it had not reached fail with its exit status.
		return lines, "driver exited: " + err.Error(), perr
	}
	return lines, "", perr
}

// parseDriver reads the driver's JSON lines.
func parseDriver(out []byte) (map[example]driverLine, error) {
	lines := map[example]driverLine{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var l driverLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return nil, fmt.Errorf("driver output: %v", err)
		}
		lines[example{l.Type, l.File}] = l
	}
	return lines, sc.Err()
}

// driverSource writes the driver: a table from example folder to a
// round trip through the chosen type with encoding/json (which calls the
// type's own MarshalJSON and UnmarshalJSON where it has them), and a
// loop over the examples that prints one JSON line each.
func driverSource(pkg string, chosen map[string]string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "// Command driver round-trips the examples through package %s.\n", pkg)
	fmt.Fprintf(&b, "package main\n\nimport (\n\t\"encoding/json\"\n\t\"fmt\"\n\t\"os\"\n\t\"path/filepath\"\n\n\tp \"schemapeers.gen/%s\"\n)\n\n", pkg)
	b.WriteString("var types = map[string]func([]byte) ([]byte, error){\n")
	folders := make([]string, 0, len(chosen))
	for f := range chosen {
		folders = append(folders, f)
	}
	sort.Strings(folders)
	for _, f := range folders {
		fmt.Fprintf(&b, "\t%q: roundTrip[p.%s],\n", f, chosen[f])
	}
	b.WriteString("}\n")
	b.WriteString(driverBody)
	return []byte(b.String())
}

// driverBody is the driver's fixed part.
const driverBody = `
func roundTrip[T any](data []byte) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("decode: %v", err)
	}
	out, err = json.Marshal(&v)
	if err != nil {
		return nil, fmt.Errorf("encode: %v", err)
	}
	return out, nil
}

type line struct {
	Type, File string
	Out        json.RawMessage ` + "`json:\",omitempty\"`" + `
	Err        string          ` + "`json:\",omitempty\"`" + `
}

func main() {
	enc := json.NewEncoder(os.Stdout)
	for typ, rt := range types {
		files, _ := filepath.Glob(filepath.Join(os.Args[1], typ, "*.json"))
		for _, f := range files {
			l := line{Type: typ, File: filepath.Base(f)}
			data, err := os.ReadFile(f)
			if err == nil {
				l.Out, err = rt(data)
			}
			if err != nil {
				l.Err = err.Error()
			}
			if err := enc.Encode(l); err != nil {
				panic(err)
			}
		}
	}
}
`
