// Command downstream is the program of acpgen's downstream test, as written
// before the schema edit: it decodes session/update params with the package
// acpgen generated into ./acp and prints what each update became.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"example.com/downstream/acp"
)

// messages: an update gated by unstable_plan_operations, an update and a
// plan entry priority that the test's schema edit adds, and v1's plan
// update, which the overrides make v2 reject.
var messages = []string{
	`{"sessionId":"s","update":{"sessionUpdate":"plan_removed","planId":"p"}}`,
	`{"sessionId":"s","update":{"sessionUpdate":"plan_archived","planId":"p"}}`,
	`{"sessionId":"s","update":{"sessionUpdate":"plan_update","plan":{"type":"items","planId":"p","entries":[{"content":"ship","priority":"urgent","status":"pending"}]}}}`,
	`{"sessionId":"s","update":{"sessionUpdate":"plan","entries":[]}}`,
}

func main() {
	for _, m := range messages {
		var n acp.UpdateSessionNotification
		if err := json.Unmarshal([]byte(m), &n); err != nil {
			if strings.Contains(err.Error(), `sessionUpdate "plan" is not accepted`) {
				fmt.Println("rejected v1 plan") // overrides.json removes the tag
				continue
			}
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Println(describe(n.Update))
	}
}

// describe names the update's Go type and what distinguishes it.
func describe(u acp.SessionUpdate) string {
	switch v := u.Value.(type) {
	case *acp.SessionUpdatePlanUpdate:
		items, ok := v.Plan.Value.(*acp.PlanUpdateContentItems)
		if !ok || len(items.Entries) == 0 {
			return fmt.Sprintf("%T without entries", v)
		}
		p := items.Entries[0].Priority
		return fmt.Sprintf("%T priority=%s known=%t", v, p, p.IsKnown())
	case *acp.SessionUpdateOther:
		return fmt.Sprintf("%T %s", v, v.SessionUpdate)
	default:
		return fmt.Sprintf("%T", v)
	}
}
