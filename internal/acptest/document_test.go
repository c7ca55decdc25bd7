package acptest

import "testing"

func TestPointerToPath(t *testing.T) {
	for ptr, want := range map[string]string{
		"":                     "$",
		"/plan_id":             "$.plan_id",
		"/steps/2/title":       "$.steps[2].title",
		"/a~1b/0/dependencies": "$.a/b[0].dependencies",
	} {
		if got := pointerToPath(ptr); got != want {
			t.Errorf("%q: got %q, want %q", ptr, got, want)
		}
	}
	if FailedPaths(nil) != nil {
		t.Error("FailedPaths(nil) is not nil")
	}
}
