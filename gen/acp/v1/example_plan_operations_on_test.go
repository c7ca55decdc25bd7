//go:build unstable_plan_operations || unstable

package acp_test

import (
	"fmt"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// Example_gatedFields is the docs' example of fields a feature adds:
// they read and are set as fields of the owner (the embedded part that
// holds them is unexported, so a composite literal cannot name them).
func Example_gatedFields() {
	var caps acp.ClientCapabilities
	caps.Plan = &acp.PlanCapabilities{}
	out, _ := acp.Marshal(&caps)
	fmt.Println(string(out))
	caps = acp.ClientCapabilities{FS: &acp.FileSystemCapabilities{ReadTextFile: acp.Ptr(true)}}
	caps.Plan = &acp.PlanCapabilities{}
	out, _ = acp.Marshal(&caps)
	fmt.Println(string(out))
	// Output:
	// {"plan":{}}
	// {"fs":{"readTextFile":true},"plan":{}}
}
