package generator

import "strings"

// Gate is the set of unstable features a piece of generated code needs,
// sorted; nil means stable. Feature f is on when built with tag f or with
// the umbrella tag unstable.
type Gate []string

func (g Gate) union(o Gate) Gate {
	if len(o) == 0 {
		return g
	}
	set := map[string]bool{}
	for _, f := range append(append([]string(nil), g...), o...) {
		set[f] = true
	}
	return Gate(sortedKeys(set))
}

// minus is what g needs beyond o.
func (g Gate) minus(o Gate) Gate {
	var out Gate
	for _, f := range g {
		if !contains(o, f) {
			out = append(out, f)
		}
	}
	return out
}

func (g Gate) equal(o Gate) bool { return g.key() == o.key() }

// key names the gate in file names: "unstable_a__unstable_b".
func (g Gate) key() string { return strings.Join(g, "__") }

// expr is the build constraint that turns g on.
func (g Gate) expr() string {
	var terms []string
	for _, f := range g {
		terms = append(terms, f+" || unstable")
	}
	if len(terms) == 1 {
		return terms[0]
	}
	return "(" + strings.Join(terms, ") && (") + ")"
}

// suffix names Go identifiers for g: "PlanOperations".
func (g Gate) suffix() string {
	var b strings.Builder
	for _, f := range g {
		b.WriteString(goName(strings.TrimPrefix(f, "unstable_")))
	}
	return b.String()
}

// onConstraint is the //go:build line of code that exists when g is on.
func onConstraint(g Gate) string { return "//go:build " + g.expr() }

// offConstraint is the //go:build line of code that exists when base is
// on and extra is not.
func offConstraint(base, extra Gate) string {
	off := "!(" + extra.expr() + ")"
	if len(base) == 0 {
		return "//go:build " + off
	}
	return "//go:build " + wrapExpr(base) + " && " + off
}

func wrapExpr(g Gate) string {
	if len(g) == 1 {
		return "(" + g.expr() + ")"
	}
	return g.expr()
}
