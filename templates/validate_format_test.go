package templates

import "testing"

// checkFormat runs a format predicate over values it must accept and
// values it must reject.
func checkFormat(t *testing.T, is func(string) bool, good, bad []string) {
	t.Helper()
	for _, s := range good {
		if !is(s) {
			t.Errorf("%q rejected", s)
		}
	}
	for _, s := range bad {
		if is(s) {
			t.Errorf("%q accepted", s)
		}
	}
}

func TestFormatUUID(t *testing.T) {
	checkFormat(t, validIsUUID,
		[]string{"550e8400-e29b-41d4-a716-446655440000", "00000000-0000-0000-0000-000000000000", "550E8400-E29B-71D4-A716-446655440000"},
		[]string{"", "s1", "plan-550e8400-e29b-41d4-a716-446655440001", "550e8400e29b41d4a716446655440000",
			"550e8400-e29b-41d4-a716-44665544000g", "550e8400-e29b-41d4-a716_446655440000", "{550e8400-e29b-41d4-a716-446655440000}"})
}

func TestFormatDateTime(t *testing.T) {
	checkFormat(t, validIsDateTime,
		[]string{"2025-01-31T12:30:00Z", "2024-02-29T00:00:00.123456789+05:30", "1998-12-31t23:59:60z",
			"1998-12-31T15:59:60-08:00", "2025-06-01T10:00:00-00:00"},
		[]string{"", "2025-01-31", "2025-01-31T12:30:00", "2023-02-29T00:00:00Z", "2025-13-01T00:00:00Z",
			"2025-01-31T24:00:00Z", "2025-01-31T12:60:00Z", "2025-01-31T12:30:61Z", "1998-12-31T22:59:60Z",
			"2025-01-31T12:30:00,5Z", "2025-01-31T12:30:00.Z", "2025-01-31 12:30:00Z", "2025-01-31T12:30:00+0530",
			"2025-01-31T12:30:00+24:00", "20250-01-31T12:30:00Z", "2025-1-31T12:30:00Z", "2025-01-31T12:30:00Zjunk"})
}

func TestFormatURI(t *testing.T) {
	checkFormat(t, validIsURI,
		[]string{"https://example.com/a?b=c#d", "urn:isbn:0451450523", "file:///tmp/x", "mailto:a@b.example",
			"http://[::1]:8080/", "http://example.com/%20space", "a+b-c.d:x"},
		[]string{"", "example.com/path", "/relative", "1http://x", "http://exa mple.com", "http://example.com/%2",
			"http://example.com/%zz", "http://example.com/é", ":nothing", "http://[::1/"})
}
