package mplp

import "sort"

// ReadySteps returns the pending steps whose dependencies are all
// completed, in step order: the steps a runtime may start now (section
// 4.1: a step runs only when all of its dependencies are completed, so a
// skipped or failed dependency keeps it waiting). A dependency on a step
// that does not exist is never completed. ReadySteps looks at step
// statuses only; a runtime also starts steps only while the plan is
// in_progress (section 5.2), which lets a plan under review be previewed.
func (p *Plan) ReadySteps() []*PlanStep {
	status := make(map[string]StepStatus, len(p.Steps))
	for i := len(p.Steps) - 1; i >= 0; i-- { // the first step with an id wins
		status[p.Steps[i].StepID] = p.Steps[i].Status
	}
	var ready []*PlanStep
	for i := range p.Steps {
		s := &p.Steps[i]
		if s.Status == StepStatusPending && allCompleted(s.Dependencies, status) {
			ready = append(ready, s)
		}
	}
	return ready
}

func allCompleted(deps []string, status map[string]StepStatus) bool {
	for _, d := range deps {
		if status[d] != StepStatusCompleted {
			return false
		}
	}
	return true
}

// ExecutionOrder returns the step ids in an order that puts every step
// after its dependencies, whatever the statuses. Among steps whose
// dependencies are all placed, the one with the lowest order_index goes
// first (steps without one after those with one), then the one listed
// first. It fails with CheckInvariants' error when the steps do not form
// a valid graph.
func (p *Plan) ExecutionOrder() ([]string, error) {
	if err := p.CheckInvariants(); err != nil {
		return nil, err
	}
	index := p.stepIndex()
	waiting := make([]int, len(p.Steps))      // unplaced dependencies per step
	dependents := make([][]int, len(p.Steps)) // steps that depend on each step
	for i, s := range p.Steps {
		waiting[i] = len(s.Dependencies)
		for _, d := range s.Dependencies {
			dependents[index[d]] = append(dependents[index[d]], i)
		}
	}
	var free, order []int
	for i := range p.Steps {
		if waiting[i] == 0 {
			free = append(free, i)
		}
	}
	for len(free) > 0 {
		sort.Slice(free, func(a, b int) bool { return p.runsBefore(free[a], free[b]) })
		next := free[0]
		free = free[1:]
		order = append(order, next)
		for _, d := range dependents[next] {
			if waiting[d]--; waiting[d] == 0 {
				free = append(free, d)
			}
		}
	}
	ids := make([]string, len(order))
	for n, i := range order {
		ids[n] = p.Steps[i].StepID
	}
	return ids, nil
}

// runsBefore is the tie-break among steps ready at the same time.
func (p *Plan) runsBefore(a, b int) bool {
	oa, ob := p.Steps[a].OrderIndex, p.Steps[b].OrderIndex
	switch {
	case oa != nil && ob != nil && *oa != *ob:
		return *oa < *ob
	case (oa == nil) != (ob == nil):
		return oa != nil
	}
	return a < b
}
