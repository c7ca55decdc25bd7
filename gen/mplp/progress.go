package mplp

// Outcome applies the completion rules of the MPLP Plan Module (section
// 5.2) to p's steps: the plan is failed when any step failed, and
// completed when every step is completed or skipped. Failure wins: one
// failed step fails the plan whatever the others did. The specification
// speaks of a failed "critical" step, but a step has no way to say it is
// critical, so every step counts. ok is false when the steps settle
// nothing yet, and for a plan without steps, which breaks the invariants
// rather than being trivially complete.
//
// Outcome only reads the steps; whether the plan may move to that status
// is PlanStatus.CanTransitionTo's question (only from in_progress).
//
// Cost: O(n) time for n steps (one pass, stopping at the first failed
// step), O(1) memory.
func (p *Plan) Outcome() (status PlanStatus, ok bool) {
	if len(p.Steps) == 0 {
		return "", false
	}
	finished := true
	for _, s := range p.Steps {
		switch s.Status {
		case StepStatusFailed:
			return PlanStatusFailed, true
		case StepStatusCompleted, StepStatusSkipped:
		default:
			finished = false
		}
	}
	if finished {
		return PlanStatusCompleted, true
	}
	return "", false
}
