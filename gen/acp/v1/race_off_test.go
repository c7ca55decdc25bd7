//go:build !race

package acp_test

// raceEnabled: the tests run under the race detector (race_on_test.go).
const raceEnabled = false
