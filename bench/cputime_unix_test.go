//go:build unix

package bench

import (
	"syscall"
	"time"
)

// processCPUTime is the user plus system CPU time the process has used so
// far, from getrusage.
func processCPUTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
