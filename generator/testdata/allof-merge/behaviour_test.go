package golden

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestAllOfMerged: an allOf of references is one struct with every
// part's members; a part that fixes a member with a const narrows it
// (the code is a fixed member); unknown members are kept.
func TestAllOfMerged(t *testing.T) {
	const doc = `{"_meta":{"a":1},"taskId":"t1","status":"working","extra":true}`
	var r CancelTaskResult
	if err := json.Unmarshal([]byte(doc), &r); err != nil {
		t.Fatal(err)
	}
	if r.TaskID != "t1" || r.Status != "working" || string(r.Meta) != `{"a":1}` {
		t.Fatalf("decoded %+v", r)
	}
	out, err := json.Marshal(r)
	if err != nil || string(out) != doc {
		t.Fatalf("encoded %s, %v", out, err)
	}
	if err := json.Unmarshal([]byte(`{"status":"working"}`), &r); err == nil || !strings.Contains(err.Error(), "taskId") {
		t.Errorf("missing required member of the second part: %v", err)
	}
	var n NotedTask
	const ndoc = `{"taskId":"t","status":"s","note":"n"}`
	if err := json.Unmarshal([]byte(ndoc), &n); err != nil || n.Note == nil || *n.Note != "n" || n.TaskID != "t" {
		t.Fatalf("beside $ref: %+v, %v", n, err)
	}
	var e MismatchError
	const edoc = `{"error":{"code":-32020,"message":"m","data":[1]}}`
	if err := json.Unmarshal([]byte(edoc), &e); err != nil {
		t.Fatal(err)
	}
	if e.Error.Code() != -32020 || e.Error.Message != "m" {
		t.Fatalf("decoded %+v", e)
	}
	out, err = json.Marshal(e)
	if err != nil || string(out) != edoc {
		t.Fatalf("encoded %s, %v", out, err)
	}
	if err := json.Unmarshal([]byte(`{"error":{"code":-32000,"message":"m"}}`), &e); err == nil || !strings.Contains(err.Error(), "-32020") {
		t.Errorf("other code: %v", err)
	}
}
