//go:build unstable_plan_operations || unstable

package acp_test

import (
	"fmt"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// Example_gatedFields is the docs' example of fields a feature adds:
// they read as fields of the owner, and a composite literal names the
// embedded part that holds them.
func Example_gatedFields() {
	var caps acp.ClientCapabilities
	caps.Plan = &acp.PlanCapabilities{}
	out, _ := acp.Marshal(&caps)
	fmt.Println(string(out))
	caps = acp.ClientCapabilities{ClientCapabilitiesPlanOperations: acp.ClientCapabilitiesPlanOperations{Plan: &acp.PlanCapabilities{}}}
	out, _ = acp.Marshal(&caps)
	fmt.Println(string(out))
	// Output:
	// {"plan":{}}
	// {"plan":{}}
}
