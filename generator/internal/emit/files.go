package emit

import (
	"bytes"
	"fmt"
	"maps"
	"slices"

	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// fileSet is the Go files of one generated package, one per build
// constraint: types.go for the stable surface, "<features>.go" for what a
// set of features adds, and "<features>_off.go" for the empty stand-ins
// that stable code refers to when those features are off.
type fileSet struct {
	pkg   string
	files map[string]*File
	gates []ir.Gate // every gate a file was asked for, for the package comment
}

func newFileSet(pkg string) *fileSet {
	return &fileSet{pkg: pkg, files: map[string]*File{}}
}

// on is the file of code that exists when gate is on.
func (fs *fileSet) on(gate ir.Gate) *File {
	fs.gates = append(fs.gates, gate)
	if len(gate) == 0 {
		return fs.file("types.go", "")
	}
	return fs.file(gate.Key()+".go", onConstraint(gate))
}

// off is the file of code that exists when base is on and extra is off:
// "<extra>_off.go", or "<base>__without__<extra>.go".
func (fs *fileSet) off(base, extra ir.Gate) *File {
	fs.gates = append(fs.gates, base, extra)
	name := extra.Key() + "_off.go"
	if len(base) > 0 {
		name = base.Key() + "__without__" + extra.Key() + ".go"
	}
	return fs.file(name, offConstraint(base, extra))
}

// anyOn is the file of code that exists when one of features is on, and
// noneOn the file of code that exists when none is: "<name>_unstable.go"
// and "<name>_stable.go".
func (fs *fileSet) anyOn(name string, features []string) *File {
	return fs.file(name+"_unstable.go", anyOnConstraint(features))
}

func (fs *fileSet) noneOn(name string, features []string) *File {
	return fs.file(name+"_stable.go", noneOnConstraint(features))
}

func (fs *fileSet) file(name, constraint string) *File {
	if f := fs.files[name]; f != nil {
		return f
	}
	f := newCodecFile(fs.pkg)
	f.HeaderComment(GeneratedHeader)
	if constraint != "" {
		f.HeaderComment(constraint)
	}
	fs.files[name] = f
	return f
}

// render formats every file, in name order. jennifer gofmts each file as
// it renders it, which is most of the emit stage; the files are
// independent, so they are rendered on up to GOMAXPROCS goroutines.
func (fs *fileSet) render() ([]OutputFile, error) {
	names := slices.Sorted(maps.Keys(fs.files))
	out := make([]OutputFile, len(names))
	errs := make([]error, len(names))
	forEachConcurrently(len(names), func(i int) {
		var buf bytes.Buffer
		if err := fs.files[names[i]].Render(&buf); err != nil {
			errs[i] = fmt.Errorf("rendering %s: %v", names[i], err)
		}
		out[i] = OutputFile{Name: names[i], Content: buf.Bytes()}
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// OutputFile is one generated file: a name relative to the output directory and
// its gofmt'd content.
type OutputFile struct {
	Name    string
	Content []byte
}
