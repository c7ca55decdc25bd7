// Command schemapeers generates Go from the same real-world JSON Schemas
// with acpgen, go-jsonschema and quicktype, builds each package in a
// throwaway module, round-trips MCP 2026-07-28's example messages through
// each, and prints the counts as Markdown (docs/schema-peers.md holds a
// run). It is a module of its own so that go-jsonschema and its
// dependencies never enter acpgen's go.mod. Run it from this folder:
//
//	go run .            # all generators
//	go run . -only go-jsonschema
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
)

func main() {
	only := flag.String("only", "", "run this generator only")
	keep := flag.Bool("keep", false, "keep the throwaway modules and print where they are")
	flag.Parse()
	work, err := os.MkdirTemp("", "schemapeers-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if *keep {
		fmt.Fprintln(os.Stderr, "throwaway modules in", work)
	} else {
		defer os.RemoveAll(work)
	}
	var results []result
	for _, g := range generators {
		if *only == "" || *only == g.Name {
			fmt.Fprintln(os.Stderr, "running", g.Name)
			results = append(results, run(context.Background(), g, work))
		}
	}
	if len(results) == 0 {
		fmt.Fprintln(os.Stderr, "no generator named", *only)
		os.Exit(2)
	}
	report(os.Stdout, results)
}
