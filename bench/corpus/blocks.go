package corpus

import (
	"runtime"
	"time"
)

// PairedRatio (paired.go) times one pass over a stream against one pass of
// the other implementation, and its median drops the rounds a garbage
// collection ran in: what it measures is the decoding itself, without the
// collector's work. The collector's work is proportional to what each
// implementation allocates, and on a machine with a spare core most of it
// runs there, out of the wall-clock time. PairedBlocks measures the whole
// cost instead: each half of a round runs long enough for several
// collections, and both the elapsed time and the process's CPU time
// (every thread, the collector's workers included: what a server with
// busy cores pays) are compared.

// BlockRatios are the medians over the rounds of PairedBlocks of f's time
// divided by base's: elapsed (Wall) and the process's CPU time (CPU).
type BlockRatios struct{ Wall, CPU float64 }

// PairedBlocks runs rounds rounds; in each, f and then base (the order
// alternating) are each called the same number of times, as many as the
// slower of the two needs to last half without a collection (blockReps),
// each half after a collection that leaves it none of the other's garbage.
// It returns the median ratios, and false when the process's CPU time
// cannot be read (CPU is then 0).
func PairedBlocks(rounds int, half time.Duration, f, base func()) (BlockRatios, bool) {
	reps := blockReps(half, f, base)
	var wall, cpu []float64
	cpuOK := true
	for i := range rounds {
		var tf, tb blockTimes
		if i%2 == 0 {
			tf, tb = timeBlock(f, reps), timeBlock(base, reps)
		} else {
			tb = timeBlock(base, reps)
			tf = timeBlock(f, reps)
		}
		wall = append(wall, float64(tf.wall)/float64(tb.wall))
		if tf.cpu > 0 && tb.cpu > 0 {
			cpu = append(cpu, float64(tf.cpu)/float64(tb.cpu))
		} else {
			cpuOK = false
		}
	}
	r := BlockRatios{Wall: median(wall)}
	if cpuOK {
		r.CPU = median(cpu)
	}
	return r, cpuOK
}

// blockReps is how many calls of the slower of f and base last half,
// from the fastest of three calls of each (the first are cold).
func blockReps(half time.Duration, f, base func()) int {
	one := max(fastest(f), fastest(base), time.Microsecond)
	return max(1, int(half/one))
}

func fastest(run func()) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range 3 {
		t := time.Now()
		run()
		best = min(best, time.Since(t))
	}
	return best
}

type blockTimes struct{ wall, cpu time.Duration }

// timeBlock collects garbage, then times reps calls of run.
func timeBlock(run func(), reps int) blockTimes {
	runtime.GC()
	w0, c0 := time.Now(), processCPU()
	for range reps {
		run()
	}
	t := blockTimes{wall: time.Since(w0)}
	if c0 > 0 {
		t.cpu = processCPU() - c0
	}
	return t
}
