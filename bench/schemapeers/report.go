package main

import (
	"fmt"
	"io"
	"strings"
)

// report prints the results as Markdown: the counts, then each schema's
// cell with the first error of the step that failed, then the round-trip
// failures with their reasons (identical reasons counted once).
func report(w io.Writer, results []result) {
	fmt.Fprintf(w, "| generator | version | generates (of %d) | builds | vet clean | round-trips (of %d) | if undeclared names held raw JSON |\n", len(inputs), len(results[0].Instances))
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for _, r := range results {
		gen, built, vetted := r.counts()
		fmt.Fprintf(w, "| %s | %s | %d | %d | %d | %d | %s |\n", r.Generator, orDash(r.Version), gen, built, vetted, passed(r.Instances), r.declaredCell())
	}
	fmt.Fprintln(w)
	reportSchemas(w, results)
	for _, r := range results {
		fmt.Fprintln(w)
		reportInstances(w, r.Generator+": ", r.Instances)
		if len(r.Declaring) > 0 {
			fmt.Fprintln(w)
			reportInstances(w, fmt.Sprintf("%s, with %s declared as raw JSON: ", r.Generator, strings.Join(r.Declared, ", ")), r.Declaring)
		}
	}
}

// declaredCell is the "what if it built" count, or why there is none.
func (r result) declaredCell() string {
	switch {
	case len(r.Declaring) > 0:
		return fmt.Sprintf("%d (%d names declared)", passed(r.Declaring), len(r.Declared))
	case r.DeclareNote != "":
		return "– (" + note(r.DeclareNote) + ")"
	}
	return "–"
}

// reportSchemas prints one row per input, one cell per generator.
func reportSchemas(w io.Writer, results []result) {
	fmt.Fprint(w, "| schema |")
	for _, r := range results {
		fmt.Fprintf(w, " %s |", r.Generator)
	}
	fmt.Fprint(w, "\n|---|")
	fmt.Fprintln(w, strings.Repeat("---|", len(results)))
	for i, in := range inputs {
		fmt.Fprintf(w, "| %s |", in.ID)
		for _, r := range results {
			fmt.Fprintf(w, " %s |", cell(r.Schemas[i]))
		}
		fmt.Fprintln(w)
	}
}

// cell says how far one input got with one generator.
func cell(s schemaResult) string {
	switch {
	case !s.Generated:
		return "does not generate: " + note(s.Note)
	case !s.Built:
		return "generates, does not build: " + note(s.Note)
	case !s.Vetted:
		return "builds; vet: " + note(s.VetNote)
	}
	return "builds, vet clean"
}

// reportInstances lists one generator's round-trip failures.
func reportInstances(w io.Writer, title string, list []instanceResult) {
	failed := len(list) - passed(list)
	fmt.Fprintf(w, "%s%d of %d examples round-trip", title, passed(list), len(list))
	if failed == 0 {
		fmt.Fprintln(w, ".")
		return
	}
	fmt.Fprintln(w, "; the others:")
	fmt.Fprintln(w)
	seen := map[string]int{}
	var order []string
	for _, in := range list {
		if in.OK {
			continue
		}
		if seen[in.Note]++; seen[in.Note] == 1 {
			order = append(order, in.Note)
		}
	}
	for _, n := range order {
		fmt.Fprintf(w, "- %s (%s)\n", note(n), examplesWith(list, n))
	}
}

// examplesWith names the failed examples with the note n: all of them if
// few, else the count and the first.
func examplesWith(list []instanceResult, n string) string {
	var names []string
	for _, in := range list {
		if !in.OK && in.Note == n {
			names = append(names, in.Type+"/"+in.File)
		}
	}
	if len(names) <= 3 {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%d examples: %s, …", len(names), strings.Join(names[:2], ", "))
}

// counts are how many inputs generated, built and vetted clean.
func (r result) counts() (gen, built, vetted int) {
	for _, s := range r.Schemas {
		gen += b2i(s.Generated)
		built += b2i(s.Built)
		vetted += b2i(s.Vetted)
	}
	return gen, built, vetted
}

// passed is how many examples came back equal.
func passed(list []instanceResult) int {
	n := 0
	for _, in := range list {
		n += b2i(in.OK)
	}
	return n
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// note fits an error line into a table cell.
func note(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	if len(s) > 200 {
		s = s[:197] + "..."
	}
	return "`" + strings.ReplaceAll(s, "`", "'") + "`"
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}
