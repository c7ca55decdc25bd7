package plan_test

import (
	"encoding/json"
	"fmt"

	"github.com/acpgen/acpgen/gen/acp/plan"
	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
	acp2 "github.com/acpgen/acpgen/gen/acp/v2"
)

// A v2 agent's plan sent on to a v1 client: v1 has no cancelled status, so
// the strict conversion refuses; Lenient maps it and keeps the original in
// the entry's _meta.
func ExampleToV1() {
	var u acp2.SessionUpdate
	_ = json.Unmarshal([]byte(`{"sessionUpdate":"plan_update","plan":{"type":"items","planId":"plan-1","entries":[
		{"content":"Analyze","priority":"high","status":"completed"},
		{"content":"Migrate","priority":"low","status":"cancelled"}]}}`), &u)

	_, err := plan.ToV1(u, plan.ToV1Options{})
	fmt.Println(err)

	v1, err := plan.ToV1(u, plan.Lenient)
	if err != nil {
		panic(err)
	}
	out, _ := acp1.Marshal(&v1)
	fmt.Println(string(out))

	// Back in v2 the status is restored; the id is not (v1's plan has none).
	v2, _ := plan.ToV2(v1)
	out, _ = acp2.Marshal(&v2)
	fmt.Println(string(out))
	// Output:
	// plan: v1 cannot express plan "plan-1": entry 1 status "cancelled" (set ToV1Options.Status and Priority, e.g. plan.Lenient, to map them)
	// {"sessionUpdate":"plan","entries":[{"content":"Analyze","priority":"high","status":"completed"},{"content":"Migrate","priority":"low","status":"completed","_meta":{"acpgen/v2Status":"cancelled"}}]}
	// {"sessionUpdate":"plan_update","plan":{"type":"items","planId":"main","entries":[{"content":"Analyze","priority":"high","status":"completed"},{"content":"Migrate","priority":"low","status":"cancelled"}]}}
}

// A client follows a session's plans, whichever protocol version the
// updates come in: v1's plan is the plan "main".
func ExampleState() {
	var s plan.State
	var v1 acp1.SessionUpdate
	_ = json.Unmarshal([]byte(`{"sessionUpdate":"plan","entries":[
		{"content":"Analyze the codebase","priority":"high","status":"completed"},
		{"content":"Fix circular dependency","priority":"high","status":"in_progress"},
		{"content":"Write unit tests","priority":"medium","status":"pending"}]}`), &v1)
	s.ApplyV1(v1)

	var v2 acp2.SessionUpdate
	_ = json.Unmarshal([]byte(`{"sessionUpdate":"plan_update","plan":{"type":"items","planId":"release","entries":[
		{"content":"Tag","priority":"high","status":"completed"},
		{"content":"Announce","priority":"low","status":"cancelled"}]}}`), &v2)
	s.ApplyV2(v2)

	for _, p := range s.Plans() {
		pr, _ := p.Progress()
		fmt.Printf("%s: %d of %d done", p.ID, pr.Done(), pr.Total)
		if pr.Current >= 0 {
			fmt.Printf(", working on %q", p.Entries()[pr.Current].Content)
		}
		fmt.Println()
	}
	// Output:
	// main: 1 of 3 done, working on "Fix circular dependency"
	// release: 2 of 2 done
}
