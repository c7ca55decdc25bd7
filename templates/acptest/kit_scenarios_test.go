package acptest

import (
	"os"
	"strings"
	"testing"
)

// The package doc lists every scenario (it is where users read them), and
// the available commands the agent sends are the same list.
func TestDocListsEveryScenario(t *testing.T) {
	doc, err := os.ReadFile(docFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scenarios {
		if !strings.Contains(string(doc), "//\t"+s.name+" ") {
			t.Errorf("%s does not list the scenario %q", docFile, s.name)
		}
	}
}
