package corpus

import (
	"slices"
	"testing"
	"time"
)

// This file imports only the standard library: bench/ab/run.sh copies it
// into the module it builds the two versions of a package in.

// PairedRatio runs f and base b.N times each, in rounds of one run of each,
// and returns the median over the rounds of f's time divided by base's.
// Which one goes first alternates, so that neither always pays for the
// garbage collection the other's allocations started. On a shared machine
// a change of load hits both halves of a round alike: the ratio holds
// still where separate benchmarks of the two move by ±20%.
func PairedRatio(b *testing.B, f, base func()) float64 {
	ratios := make([]float64, 0, b.N)
	timed := func(run func()) time.Duration {
		t := time.Now()
		run()
		return time.Since(t)
	}
	for i := range b.N {
		var tf, tb time.Duration
		if i%2 == 0 {
			tf, tb = timed(f), timed(base)
		} else {
			tb = timed(base)
			tf = timed(f)
		}
		ratios = append(ratios, float64(tf)/float64(tb))
	}
	return median(ratios)
}

// median sorts xs and returns its middle element (the upper one of an
// even count).
func median(xs []float64) float64 {
	slices.Sort(xs)
	return xs[len(xs)/2]
}
