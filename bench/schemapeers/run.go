package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// An input is one schema every generator is given.
type input struct {
	ID     string // as the table shows it
	Schema string // path from this module's root, under inputsDir
	Pkg    string // Go package name and folder in the throwaway module
}

// inputs are the schemas compared, in table order. The last one is the
// one whose examples round-trip.
var inputs = []input{
	{"MCP 2024-11-05", inputsDir + "/mcp/2024-11-05/schema.json", "mcp20241105"},
	{"MCP 2025-03-26", inputsDir + "/mcp/2025-03-26/schema.json", "mcp20250326"},
	{"MCP 2025-06-18", inputsDir + "/mcp/2025-06-18/schema.json", "mcp20250618"},
	{"MCP 2025-11-25", inputsDir + "/mcp/2025-11-25/schema.json", "mcp20251125"},
	{"A2A 0.3.0", inputsDir + "/a2a/0.3.0/a2a.json", "a2a030"},
	{"MCP 2026-07-28", inputsDir + "/mcp/2026-07-28/schema.json", "mcp20260728"},
}

// inputsDir holds the schemas and examples, one copy in the repository
// shared with the generator's own tests of these schemas.
const inputsDir = "../../generator/testdata/realworld"

// examplesDir holds the instances of the last input, one folder per type.
const examplesDir = inputsDir + "/mcp/2026-07-28/examples"

// stepTimeout bounds each command, so one generator that hangs costs a
// row of failures and not the run.
const stepTimeout = 3 * time.Minute

// A result is one generator's row: what it did with each input and each
// example.
type result struct {
	Generator string
	Version   string
	Setup     error // the generator could not be built or installed
	Schemas   []schemaResult
	Instances []instanceResult

	// Declared and Declaring are the "what if it built" round trips: when
	// the package of the last input generated but does not build only for
	// names it never declares, Declared lists them and Declaring holds
	// the round trips once each is declared as raw JSON (a struct
	// embedding json.RawMessage). DeclareNote says why that was not tried
	// or did not work.
	Declared    []string
	Declaring   []instanceResult
	DeclareNote string
}

// A schemaResult says how far one input got: generated, then built, then
// vetted; Note holds the first error line of the step that failed.
type schemaResult struct {
	Input                    input
	Generated, Built, Vetted bool
	Note, VetNote            string
}

// An instanceResult is one example's round trip.
type instanceResult struct {
	Type, File string
	OK         bool
	Note       string
}

// run measures one generator in a throwaway module under work.
func run(ctx context.Context, g generator, work string) result {
	r := result{Generator: g.Name}
	mod := filepath.Join(work, g.Name)
	t, err := setup(ctx, g, work)
	if err == nil {
		err = writeModule(mod, t.Requires)
	}
	if err != nil {
		r.Setup = err
		for _, in := range inputs {
			r.Schemas = append(r.Schemas, schemaResult{Input: in, Note: "not run: " + firstLine(err.Error())})
		}
		r.Instances = failAll("not run: generator unavailable")
		return r
	}
	r.Version = t.Version
	for _, in := range inputs {
		r.Schemas = append(r.Schemas, generate(ctx, t, mod, in))
	}
	last := r.Schemas[len(r.Schemas)-1]
	r.Instances = roundTrips(ctx, mod, last)
	if last.Generated && !last.Built {
		r.declaring(ctx, mod, last)
	}
	return r
}

// declaring fills in the "what if it built" round trips.
func (r *result) declaring(ctx context.Context, mod string, s schemaResult) {
	ctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	names, err := declareUndefined(ctx, mod, s.Input.Pkg)
	if err != nil {
		r.DeclareNote = err.Error()
		return
	}
	r.Declared = names
	s.Built = true
	r.Declaring = roundTrips(ctx, mod, s)
}

// setup builds or installs g into work/bin within stepTimeout.
func setup(ctx context.Context, g generator, work string) (*tool, error) {
	ctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	bin := filepath.Join(work, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return nil, err
	}
	return g.Setup(ctx, bin)
}

// writeModule starts the throwaway module the generated packages are
// built in. Its go.sum is this module's, which holds every requirement a
// generator's output may need, so the build runs without the network.
func writeModule(dir string, requires []string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	gomod := "module schemapeers.gen\n\ngo 1.25.0\n"
	for _, req := range requires {
		gomod += "\nrequire " + req + "\n"
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		return err
	}
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
}

// generate runs the generator on one input, then builds and vets the
// package if it has one, all within stepTimeout.
func generate(ctx context.Context, t *tool, mod string, in input) schemaResult {
	ctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	s := generateSteps(ctx, t, mod, in)
	s.Note, s.VetNote = trimPaths(s.Note, mod), trimPaths(s.VetNote, mod)
	return s
}

// generateSteps does generate's steps, stopping at the first that fails.
func generateSteps(ctx context.Context, t *tool, mod string, in input) schemaResult {
	s := schemaResult{Input: in}
	dir := filepath.Join(mod, in.Pkg)
	schema, err := filepath.Abs(in.Schema)
	if err == nil {
		err = os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		s.Note = err.Error()
		return s
	}
	if s.Note = runStep(ctx, t.Command(ctx, schema, dir, in.Pkg)); s.Note != "" {
		return s
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.go")); len(files) == 0 {
		s.Note = "exited 0 but wrote no Go file"
		return s
	}
	s.Generated = true
	if s.Note = runStep(ctx, goCmd(ctx, mod, "build", "./"+in.Pkg)); s.Note != "" {
		return s
	}
	s.Built = true
	s.VetNote = runStep(ctx, goCmd(ctx, mod, "vet", "./"+in.Pkg))
	s.Vetted = s.VetNote == ""
	return s
}

// goCmd runs the go command in the throwaway module, outside any
// workspace.
func goCmd(ctx context.Context, mod string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOWORK=off")
	return cmd
}

// runStep runs cmd, made with ctx, and returns "" on success or the
// first line of its output that reads as an error.
func runStep(ctx context.Context, cmd *exec.Cmd) string {
	out, err := cmd.CombinedOutput()
	if err == nil {
		return ""
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Sprintf("timed out after %v", stepTimeout)
	}
	if line := firstErrorLine(string(out)); line != "" {
		return line
	}
	return err.Error()
}

// firstErrorLine picks the line of a command's output that says what went
// wrong: the first one that is neither blank, nor a warning, nor the go
// command's "# package" header.
func firstErrorLine(out string) string {
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || strings.Contains(strings.ToLower(line), "warning") {
			continue
		}
		return line
	}
	return firstLine(out)
}

// trimPaths makes a note independent of where the run took place: paths
// into the throwaway module and into this module lose their prefix.
func trimPaths(note, mod string) string {
	note = strings.ReplaceAll(note, mod+string(filepath.Separator), "")
	if wd, err := os.Getwd(); err == nil {
		note = strings.ReplaceAll(note, wd+string(filepath.Separator), "")
	}
	return note
}

// firstLine is s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}
