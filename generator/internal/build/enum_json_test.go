package build

import "testing"

// TestNumberKey: the generator spells members' keys as the runtime's
// wireNumberKey spells values (templates/wire/enum_json_test.go has the
// same table), so that JSON-equal numbers match.
func TestNumberKey(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"1", "1e0"}, {"1.0", "1e0"}, {"10e-1", "1e0"}, {"1E0", "1e0"}, {"0.1e1", "1e0"},
		{"0", "0"}, {"-0", "0"}, {"0.000", "0"}, {"-0e5", "0"},
		{"100", "1e2"}, {"1e2", "1e2"}, {"1E+2", "1e2"},
		{"-1.5", "-15e-1"}, {"0.0075", "75e-4"}, {"007.50", "75e-1"},
		{"123456789012345678901234567890", "12345678901234567890123456789e1"},
	} {
		got, ok := numberKey(c.in)
		if !ok || got != c.want {
			t.Errorf("%s: %q %v, want %q", c.in, got, ok, c.want)
		}
	}
	for _, huge := range []string{"1e1000000000000000000", "1e-9999999999999999", "1e1000000000000001"} {
		if _, ok := numberKey(huge); ok {
			t.Errorf("%s: in range", huge)
		}
	}
	for text, want := range map[string]bool{"n1e0": true, "n15e-1": false, "n0": true, "n-3e2": true} {
		if isIntegerKey(text) != want {
			t.Errorf("isIntegerKey(%s) = %v", text, !want)
		}
	}
}
