package mplp

// The status transition tables of the MPLP Plan Module (section 3.3), with
// what triggers each change. Staying in the same status is not a
// transition, and a status outside the enum has no transitions.

// planTransitions lists, for each plan status, the statuses it may change to.
var planTransitions = map[PlanStatus][]PlanStatus{
	PlanStatusDraft: {
		PlanStatusProposed,  // the agent submits the plan
		PlanStatusCancelled, // the user abandons it
	},
	PlanStatusProposed: {
		PlanStatusApproved, // confirmed (approved = true)
		PlanStatusDraft,    // sent back (approved = false)
	},
	PlanStatusApproved: {
		PlanStatusInProgress, // the runtime starts it
	},
	PlanStatusInProgress: {
		PlanStatusCompleted, // every step completed
		PlanStatusFailed,    // a critical step failed
		PlanStatusCancelled, // the user asks to stop
	},
}

// stepTransitions lists, for each step status, the statuses it may change to.
var stepTransitions = map[StepStatus][]StepStatus{
	StepStatusPending: {
		StepStatusInProgress, // every dependency completed
		StepStatusBlocked,    // a dependency failed
		StepStatusSkipped,    // conditional logic left it out
	},
	StepStatusInProgress: {
		StepStatusCompleted, // it succeeded
		StepStatusFailed,    // it failed
	},
	StepStatusBlocked: {
		StepStatusPending, // the failed dependency was retried successfully
	},
}

// CanTransitionTo reports whether a plan in status s may move to next.
// completed, cancelled and failed are final.
// O(1) time and memory: one lookup in a fixed table of a few entries.
func (s PlanStatus) CanTransitionTo(next PlanStatus) bool {
	return contains(planTransitions[s], next)
}

// CanTransitionTo reports whether a step in status s may move to next.
// completed, skipped and failed are final.
// O(1) time and memory: one lookup in a fixed table of a few entries.
func (s StepStatus) CanTransitionTo(next StepStatus) bool {
	return contains(stepTransitions[s], next)
}

func contains[T comparable](list []T, x T) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}
