//go:build race

package acp_test

// raceEnabled: the tests run under the race detector, whose sync.Pool
// drops some of what is put back, so allocation counts do not hold.
const raceEnabled = true
