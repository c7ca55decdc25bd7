package mplp

// ReadySteps returns the pending steps whose dependencies are all
// completed, in step order: the steps a runtime may start now (section
// 4.1: a step runs only when all of its dependencies are completed, so a
// skipped or failed dependency keeps it waiting). A dependency on a step
// that does not exist is never completed. ReadySteps looks at step
// statuses only; a runtime also starts steps only while the plan is
// in_progress (section 5.2), which lets a plan under review be previewed.
//
// Cost, for n steps and e dependencies: time O(n + e) map operations,
// memory O(n).
func (p *Plan) ReadySteps() []*PlanStep {
	index := p.stepIndex() // the first step with an id wins
	var ready []*PlanStep
	for i := range p.Steps {
		s := &p.Steps[i]
		if s.Status == StepStatusPending && p.allCompleted(s.Dependencies, index) {
			ready = append(ready, s)
		}
	}
	return ready
}

func (p *Plan) allCompleted(deps []string, index map[string]int) bool {
	for _, d := range deps {
		if k, ok := index[d]; !ok || p.Steps[k].Status != StepStatusCompleted {
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
//
// Cost, for n steps and e dependencies: CheckInvariants' (which it runs),
// then O(e + n log n) time for the order itself (the steps ready to run
// wait in a binary heap), memory O(n + e); iterative.
func (p *Plan) ExecutionOrder() ([]string, error) {
	g := p.graph()
	if err := result(p.invariants(g, true)); err != nil {
		return nil, err
	}
	dependents := g.reversed()
	waiting := make([]int, len(p.Steps)) // unplaced dependencies per step
	free := readyHeap{p: p}
	for i := range p.Steps {
		if waiting[i] = len(g.depsOf(i)); waiting[i] == 0 {
			free.push(i)
		}
	}
	ids := make([]string, 0, len(p.Steps))
	for len(free.steps) > 0 {
		next := free.pop()
		ids = append(ids, p.Steps[next].StepID)
		for _, d := range dependents.depsOf(next) {
			if waiting[d]--; waiting[d] == 0 {
				free.push(d)
			}
		}
	}
	return ids, nil
}

// reversed returns the graph with every edge turned around: depsOf(k) of
// the result lists the steps that depend on step k, in step order (twice
// for a step that names k twice). g must have no unknown dependencies.
// O(n + e) time and memory; the result has no index.
func (g *graph) reversed() *graph {
	n := len(g.start) - 1
	r := &graph{deps: make([]int, len(g.deps)), start: make([]int, n+1)}
	for _, k := range g.deps {
		r.start[k+1]++
	}
	for k := range n {
		r.start[k+1] += r.start[k]
	}
	next := make([]int, n) // where the next dependent of each step goes
	copy(next, r.start)
	for i := range n {
		for _, k := range g.depsOf(i) {
			r.deps[next[k]] = i
			next[k]++
		}
	}
	return r
}

// readyHeap is a binary min-heap of step positions ordered by runsBefore:
// push and pop take O(log n) time.
type readyHeap struct {
	p     *Plan
	steps []int
}

func (h *readyHeap) push(i int) {
	h.steps = append(h.steps, i)
	for c := len(h.steps) - 1; c > 0; {
		parent := (c - 1) / 2
		if !h.p.runsBefore(h.steps[c], h.steps[parent]) {
			break
		}
		h.steps[c], h.steps[parent] = h.steps[parent], h.steps[c]
		c = parent
	}
}

func (h *readyHeap) pop() int {
	s := h.steps
	top, last := s[0], len(s)-1
	s[0] = s[last]
	s = s[:last]
	for c := 0; ; {
		least := c
		for _, child := range [2]int{2*c + 1, 2*c + 2} {
			if child < len(s) && h.p.runsBefore(s[child], s[least]) {
				least = child
			}
		}
		if least == c {
			break
		}
		s[c], s[least] = s[least], s[c]
		c = least
	}
	h.steps = s
	return top
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
