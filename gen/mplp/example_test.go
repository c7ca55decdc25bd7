package mplp_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/acpgen/acpgen/gen/mplp"
)

// The MPLP snippet of docs/mplp.md, compiled and run.
func Example() {
	doc := []byte(`{
	  "meta": {"protocolVersion": "1.0.0"},
	  "plan_id": "plan-1",
	  "context_id": "8f14e45f-ceea-4e7a-9c2b-6d1a3f0b5e21",
	  "title": "",
	  "objective": "Fix the login bug",
	  "status": "draft",
	  "steps": [
	    {"step_id": "s1", "description": "Read the logs", "status": "pending", "dependencies": ["s2"]},
	    {"step_id": "s2", "description": "Patch it", "status": "pending", "dependencies": ["s1"]}
	  ]
	}`)
	var p mplp.Plan
	if err := json.Unmarshal(doc, &p); err != nil { // shape, required members, enums
		fmt.Println(err)
		return
	}
	var ve *mplp.ValidationError
	if errors.As(p.Check(), &ve) { // Validate, then the plan invariants
		for _, v := range ve.Violations {
			fmt.Println(v)
		}
	}
	fmt.Println(p.Status.CanTransitionTo(mplp.PlanStatusApproved))
	// Output:
	// $.plan_id: "plan-1" is not a uuid (8-4-4-4-12 hex digits)
	// $.title: too short: 0 characters, minLength is 1
	// $.steps[0].step_id: "s1" is not a uuid (8-4-4-4-12 hex digits)
	// $.steps[0].dependencies[0]: "s2" is not a uuid (8-4-4-4-12 hex digits)
	// $.steps[1].step_id: "s2" is not a uuid (8-4-4-4-12 hex digits)
	// $.steps[1].dependencies[0]: "s1" is not a uuid (8-4-4-4-12 hex digits)
	// $.steps[1].dependencies[0]: dependency cycle: s1 -> s2 -> s1
	// false
}
