package mplp

import (
	"fmt"
	"strings"
)

// CheckInvariants reports every way p breaks the plan invariants that JSON
// Schema cannot state: a plan has at least one step, step ids are unique,
// every dependency names a step of the plan, and dependencies form no
// cycle (each cycle is reported with its steps). The result is a
// *ValidationError, like Validate's, so both read the same; nil when p
// keeps every invariant.
func (p *Plan) CheckInvariants() error {
	return result(p.invariants(true))
}

// Check is Validate and CheckInvariants together: every violation of the
// schema and of the invariants, in one *ValidationError.
func (p *Plan) Check() error {
	var found []Violation
	if ve, ok := p.Validate().(*ValidationError); ok {
		found = append(found, ve.Violations...)
	}
	// Validate already reports an empty step list (minItems).
	return result(append(found, p.invariants(false)...))
}

// invariants lists the violations, with or without the at-least-one-step
// rule.
func (p *Plan) invariants(minSteps bool) []Violation {
	var found []Violation
	if minSteps && len(p.Steps) == 0 {
		found = append(found, Violation{Path: "$.steps", Msg: "a plan needs at least one step"})
	}
	index := p.stepIndex()
	for i, s := range p.Steps {
		if first := index[s.StepID]; first != i {
			found = append(found, Violation{Path: stepPath(i) + ".step_id",
				Msg: fmt.Sprintf("duplicate step id %q (first at %s)", s.StepID, stepPath(first))})
		}
	}
	for i, s := range p.Steps {
		for j, dep := range s.Dependencies {
			if _, ok := index[dep]; !ok {
				found = append(found, Violation{Path: depPath(i, j), Msg: fmt.Sprintf("depends on unknown step %q", dep)})
			}
		}
	}
	return append(found, p.cycles(index)...)
}

// stepIndex maps each step id to the position of the first step with it.
func (p *Plan) stepIndex() map[string]int {
	index := make(map[string]int, len(p.Steps))
	for i, s := range p.Steps {
		if _, dup := index[s.StepID]; !dup {
			index[s.StepID] = i
		}
	}
	return index
}

// cycles walks the dependency graph depth first, in step order, and
// reports each dependency that leads back to a step still being walked,
// at that dependency, with the steps of the cycle it closes.
func (p *Plan) cycles(index map[string]int) []Violation {
	const (
		unseen = iota
		walking
		done
	)
	state := make([]int, len(p.Steps))
	var stack []int
	var found []Violation
	var walk func(i int)
	walk = func(i int) {
		state[i] = walking
		stack = append(stack, i)
		for j, dep := range p.Steps[i].Dependencies {
			k, ok := index[dep]
			switch {
			case !ok:
			case state[k] == walking:
				found = append(found, Violation{Path: depPath(i, j), Msg: "dependency cycle: " + p.cycleText(stack, k)})
			case state[k] == unseen:
				walk(k)
			}
		}
		stack = stack[:len(stack)-1]
		state[i] = done
	}
	for i := range p.Steps {
		if state[i] == unseen {
			walk(i)
		}
	}
	return found
}

// cycleText names the steps of the cycle that starts at step k on the
// stack and returns to it: "s1 -> s5 -> s3 -> s1", each step depending on
// the next.
func (p *Plan) cycleText(stack []int, k int) string {
	var ids []string
	for n := len(stack) - 1; n >= 0; n-- {
		if stack[n] == k {
			for _, i := range stack[n:] {
				ids = append(ids, p.Steps[i].StepID)
			}
			break
		}
	}
	return strings.Join(append(ids, p.Steps[k].StepID), " -> ")
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
