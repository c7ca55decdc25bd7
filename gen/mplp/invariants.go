package mplp

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Bounds on what CheckInvariants reports, so that a hostile plan (a
// million duplicates, thousands of cycles, step ids of megabytes) gets an
// error of a few hundred kilobytes at most, not one as large as the plan
// or larger.
const (
	// maxListed is how many violations of each kind (duplicate ids,
	// unknown dependencies, cycles) are listed; one more violation counts
	// the rest.
	maxListed = 100
	// maxCycleSteps is how many steps a cycle's text names; a longer cycle
	// shows its first and last steps and how many are left out.
	maxCycleSteps = 12
	// maxQuote is how many bytes of a step id a message quotes.
	maxQuote = 64
)

// CheckInvariants reports every way p breaks the plan invariants that JSON
// Schema cannot state: a plan has at least one step, step ids are unique,
// every dependency names a step of the plan, and dependencies form no
// cycle (each cycle is reported with its steps). The result is a
// *ValidationError, like Validate's, so both read the same; nil when p
// keeps every invariant.
//
// Each dependency that closes a cycle, met in a depth-first walk in step
// order, is reported once. At most 100 violations of each kind are listed,
// followed by one that counts the others; a cycle of more than 12 steps
// names its first and last ones, and a message quotes at most 64 bytes of
// a step id.
//
// Cost, for n steps and e dependencies: time O(n + e) map operations
// (each hashes one step id, so linear in the total length of the ids),
// memory O(n + e) machine words, whatever the shape of the graph; the walk
// is iterative, so the goroutine stack does not grow with the depth of
// the graph. The error itself is O(1): a few hundred kilobytes at most.
func (p *Plan) CheckInvariants() error {
	return result(p.invariants(p.graph(), true))
}

// Check is Validate and CheckInvariants together: every violation of the
// schema and of the invariants, in one *ValidationError. Its cost is
// Validate's plus CheckInvariants'.
func (p *Plan) Check() error {
	var found []Violation
	if ve, ok := p.Validate().(*ValidationError); ok {
		found = append(found, ve.Violations...)
	}
	// Validate already reports an empty step list (minItems).
	return result(append(found, p.invariants(p.graph(), false)...))
}

// graph is the dependency graph of a plan, with step ids resolved to step
// positions once, so the algorithms on it do no more map lookups.
type graph struct {
	// index maps each step id to the position of the first step with it.
	index map[string]int
	// deps holds the dependencies of every step, step after step, as step
	// positions; -1 for a dependency on an unknown step.
	deps []int
	// start[i] is where step i's dependencies begin in deps; start has one
	// more element than the plan has steps.
	start []int
}

// stepIndex maps each step id to the position of the first step with it:
// O(n) time and memory.
func (p *Plan) stepIndex() map[string]int {
	index := make(map[string]int, len(p.Steps))
	for i, s := range p.Steps {
		if _, dup := index[s.StepID]; !dup {
			index[s.StepID] = i
		}
	}
	return index
}

// graph builds p's graph: O(n + e) time and memory.
func (p *Plan) graph() *graph {
	g := &graph{index: p.stepIndex(), start: make([]int, len(p.Steps)+1)}
	e := 0
	for _, s := range p.Steps {
		e += len(s.Dependencies)
	}
	g.deps = make([]int, 0, e)
	for i, s := range p.Steps {
		for _, d := range s.Dependencies {
			k, ok := g.index[d]
			if !ok {
				k = -1
			}
			g.deps = append(g.deps, k)
		}
		g.start[i+1] = len(g.deps)
	}
	return g
}

// depsOf returns step i's resolved dependencies.
func (g *graph) depsOf(i int) []int { return g.deps[g.start[i]:g.start[i+1]] }

// invariants lists the violations, with or without the at-least-one-step
// rule.
func (p *Plan) invariants(g *graph, minSteps bool) []Violation {
	var found []Violation
	if minSteps && len(p.Steps) == 0 {
		found = append(found, Violation{Path: "$.steps", Msg: "a plan needs at least one step"})
	}
	dups := lister{kind: "duplicate step ids"}
	for i, s := range p.Steps {
		if first := g.index[s.StepID]; first != i && dups.take() {
			dups.listed = append(dups.listed, Violation{Path: stepPath(i) + ".step_id",
				Msg: fmt.Sprintf("duplicate step id %s (first at %s)", quote(s.StepID), stepPath(first))})
		}
	}
	unknown := lister{kind: "dependencies on unknown steps"}
	for i, s := range p.Steps {
		for j, k := range g.depsOf(i) {
			if k < 0 && unknown.take() {
				unknown.listed = append(unknown.listed, Violation{Path: depPath(i, j),
					Msg: "depends on unknown step " + quote(s.Dependencies[j])})
			}
		}
	}
	found = unknown.appendTo(dups.appendTo(found))
	return p.cycles(g).appendTo(found)
}

// lister keeps the first maxListed violations of one kind and counts the
// others.
type lister struct {
	kind   string
	listed []Violation
	more   int
}

// take reports whether one more violation is listed; when not, it counts
// the violation among the others, which are never built.
func (l *lister) take() bool {
	if len(l.listed) < maxListed {
		return true
	}
	l.more++
	return false
}

// appendTo appends the listed violations to found, and one on $.steps that
// counts the others, if any.
func (l *lister) appendTo(found []Violation) []Violation {
	found = append(found, l.listed...)
	if l.more > 0 {
		found = append(found, Violation{Path: "$.steps",
			Msg: fmt.Sprintf("%d more %s (only the first %d are listed)", l.more, l.kind, maxListed)})
	}
	return found
}

// cycles walks the dependency graph depth first, in step order, and
// reports each dependency that leads back to a step still being walked,
// at that dependency, with the steps of the cycle it closes. The walk
// keeps its own stack, so it is iterative: O(n + e) time, O(n) memory
// beyond g, plus O(maxCycleSteps) per listed cycle.
func (p *Plan) cycles(g *graph) *lister {
	// state[i] is 0 while step i is unseen, its position on the stack plus
	// one while it is being walked, and -1 once done.
	state := make([]int, len(p.Steps))
	var stack []walkFrame
	found := &lister{kind: "dependency cycles"}
	for root := range p.Steps {
		if state[root] != 0 {
			continue
		}
		stack = append(stack[:0], walkFrame{step: root})
		state[root] = 1
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			i, j := top.step, top.next
			deps := g.depsOf(i)
			if j == len(deps) {
				state[i] = -1
				stack = stack[:len(stack)-1]
				continue
			}
			top.next++
			switch k := deps[j]; {
			case k < 0:
			case state[k] > 0:
				if found.take() {
					found.listed = append(found.listed, Violation{Path: depPath(i, j),
						Msg: "dependency cycle: " + p.cycleText(stack[state[k]-1:])})
				}
			case state[k] == 0:
				stack = append(stack, walkFrame{step: k})
				state[k] = len(stack)
			}
		}
	}
	return found
}

// walkFrame is a step on the stack of the walk in cycles, with the
// position of the next dependency to follow.
type walkFrame struct{ step, next int }

// cycleText names the steps of a cycle, from the frames of the walk's
// stack that form it, back to the first: "s1 -> s5 -> s3 -> s1", each step
// depending on the next. A cycle of more than maxCycleSteps steps names
// the first and last ones and counts the others.
func (p *Plan) cycleText(cycle []walkFrame) string {
	const tail = maxCycleSteps / 2
	var b strings.Builder
	name := func(f walkFrame) {
		b.WriteString(clip(p.Steps[f.step].StepID))
		b.WriteString(" -> ")
	}
	if len(cycle) <= maxCycleSteps {
		for _, f := range cycle {
			name(f)
		}
	} else {
		for _, f := range cycle[:maxCycleSteps-tail] {
			name(f)
		}
		b.WriteString("… " + strconv.Itoa(len(cycle)-maxCycleSteps) + " more steps … -> ")
		for _, f := range cycle[len(cycle)-tail:] {
			name(f)
		}
	}
	b.WriteString(clip(p.Steps[cycle[0].step].StepID))
	return b.String()
}

// clip returns s, or its first maxQuote bytes (cut at a character
// boundary) and "…" when it is longer.
func clip(s string) string {
	head, cut := excerpt(s)
	return head + ellipsis(cut)
}

// quote is s in Go quotes, clipped as clip does ("…" after the quotes).
func quote(s string) string {
	head, cut := excerpt(s)
	return strconv.Quote(head) + ellipsis(cut)
}

func ellipsis(cut bool) string {
	if cut {
		return "…"
	}
	return ""
}

// excerpt returns the first maxQuote bytes of s, fewer to end at a
// character boundary, and whether that leaves something out.
func excerpt(s string) (head string, cut bool) {
	if len(s) <= maxQuote {
		return s, false
	}
	n := maxQuote
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n], true
}

func stepPath(i int) string   { return fmt.Sprintf("$.steps[%d]", i) }
func depPath(i, j int) string { return fmt.Sprintf("$.steps[%d].dependencies[%d]", i, j) }

// result wraps violations as a *ValidationError, nil when there are none.
func result(found []Violation) error {
	if len(found) == 0 {
		return nil
	}
	return &ValidationError{Violations: found}
}
