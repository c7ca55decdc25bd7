package session

import (
	"bytes"
	"os"
	"testing"
)

// TestV1TableIsGenerated: the v1 table this runtime is compiled against
// here is the one acpgen generates into gen/acp/v1/session.
func TestV1TableIsGenerated(t *testing.T) {
	here, err := os.ReadFile("zz_v1_table.go")
	if err != nil {
		t.Fatal(err)
	}
	gen, err := os.ReadFile("../../gen/acp/v1/session/fold_table.go")
	if err != nil {
		t.Fatal(err)
	}
	_, here, _ = bytes.Cut(here, []byte("\n\npackage "))
	_, gen, _ = bytes.Cut(gen, []byte("\n\npackage "))
	if !bytes.Equal(here, gen) {
		t.Fatal("templates/session/zz_v1_table.go differs from gen/acp/v1/session/fold_table.go: copy the generated file (keeping this file's comment)")
	}
}
