//go:build !unix

package bench

import "time"

// processCPUTime is not measured on this system.
func processCPUTime() (time.Duration, bool) { return 0, false }
