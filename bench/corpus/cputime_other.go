//go:build !unix

package corpus

import "time"

// processCPU is not read on this system: PairedBlocks then reports only
// elapsed time.
func processCPU() time.Duration { return 0 }
