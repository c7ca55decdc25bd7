package emit

import (
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
)

// gateExpr is the build constraint that turns g on.
func gateExpr(g ir.Gate) string {
	var terms []string
	for _, f := range g {
		terms = append(terms, f+" || unstable")
	}
	if len(terms) == 1 {
		return terms[0]
	}
	return "(" + strings.Join(terms, ") && (") + ")"
}

// onConstraint is the //go:build line of code that exists when g is on.
func onConstraint(g ir.Gate) string { return "//go:build " + gateExpr(g) }

// offConstraint is the //go:build line of code that exists when base is
// on and extra is not.
func offConstraint(base, extra ir.Gate) string {
	off := "!(" + gateExpr(extra) + ")"
	if len(base) == 0 {
		return "//go:build " + off
	}
	return "//go:build " + wrapExpr(base) + " && " + off
}

func wrapExpr(g ir.Gate) string {
	if len(g) == 1 {
		return "(" + gateExpr(g) + ")"
	}
	return gateExpr(g)
}

// anyOnConstraint is the //go:build line of code that exists when one of
// features (or unstable) is on, and noneOnConstraint its negation.
func anyOnConstraint(features []string) string {
	return "//go:build " + strings.Join(append(append([]string(nil), features...), "unstable"), " || ")
}

func noneOnConstraint(features []string) string {
	var terms []string
	for _, f := range append(append([]string(nil), features...), "unstable") {
		terms = append(terms, "!"+f)
	}
	return "//go:build " + strings.Join(terms, " && ")
}
