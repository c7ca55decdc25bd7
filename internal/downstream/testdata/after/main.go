// Command downstream is the program of acpgen's downstream test, as written
// after the schema edit: it names the enum constant and the union variant
// the edit added, so it compiles only if they were generated.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"example.com/downstream/acp"
)

// messages are the same as before the edit.
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
	case *acp.SessionUpdatePlanArchived:
		return fmt.Sprintf("%T plan=%s", v, v.PlanID)
	case *acp.SessionUpdatePlanUpdate:
		items, ok := v.Plan.Value.(*acp.PlanUpdateContentItems)
		if !ok || len(items.Entries) == 0 {
			return fmt.Sprintf("%T without entries", v)
		}
		p := items.Entries[0].Priority
		return fmt.Sprintf("%T priority=%s known=%t urgent=%t", v, p, p.IsKnown(), p == acp.PlanEntryPriorityUrgent)
	case *acp.SessionUpdateOther:
		return fmt.Sprintf("%T %s", v, v.SessionUpdate)
	default:
		return fmt.Sprintf("%T", v)
	}
}
