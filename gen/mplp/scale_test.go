package mplp_test

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/acpgen/acpgen/gen/mplp"
)

// The plan helpers on hostile plans: long chains, wide graphs, thousands of
// cycles, huge step ids. The tests fail if an algorithm recurses, grows
// faster than its input or echoes its input in full; the benchmarks show
// the growth (ns/step stays flat from 1e3 to 1e5 steps).

// shape is a way to build a plan from step ids. The steps' dependencies
// share the ids slice where they can, so building a million steps stays
// cheap.
type shape struct {
	name   string
	build  func(ids []string) *mplp.Plan
	cyclic bool // CheckInvariants reports cycles
}

var (
	acyclic   = []shape{{"chain", chainPlan, false}, {"wide", widePlan, false}}
	allShapes = append(acyclic[:len(acyclic):len(acyclic)], shape{"backedges", backEdgePlan, true})
)

// names returns n step ids: s0, s1, ... or, with uuids, UUIDs.
func names(n int, uuids bool) []string {
	ids := make([]string, n)
	for i := range ids {
		if uuids {
			ids[i] = fmt.Sprintf("00000000-0000-4000-8000-%012d", i)
		} else {
			ids[i] = "s" + strconv.Itoa(i)
		}
	}
	return ids
}

// steps returns a plan with a pending step for each id, without
// dependencies.
func steps(ids []string) *mplp.Plan {
	p := &mplp.Plan{Steps: make([]mplp.PlanStep, len(ids))}
	for i, id := range ids {
		p.Steps[i] = mplp.PlanStep{StepID: id, Status: mplp.StepStatusPending}
	}
	return p
}

// chainPlan: step i depends on step i+1, so a depth-first walk from the
// first step goes n steps deep, and the execution order is the steps
// backwards.
func chainPlan(ids []string) *mplp.Plan {
	p := steps(ids)
	for i := 0; i+1 < len(ids); i++ {
		p.Steps[i].Dependencies = ids[i+1 : i+2 : i+2]
	}
	return p
}

// widePlan: a first step, then n-2 steps that depend on it only and are
// all ready at once, then a last step that depends on all of them.
func widePlan(ids []string) *mplp.Plan {
	p := steps(ids)
	n := len(ids)
	for i := 1; i+1 < n; i++ {
		p.Steps[i].Dependencies = ids[:1:1]
	}
	p.Steps[n-1].Dependencies = ids[1 : n-1 : n-1]
	return p
}

// backEdgePlan: chainPlan, and every step after the first also depends on
// the first, so each of these n-1 dependencies closes a cycle (of n-i
// steps for step i) during the walk.
func backEdgePlan(ids []string) *mplp.Plan {
	p := chainPlan(ids)
	for i := 1; i < len(ids); i++ {
		p.Steps[i].Dependencies = append(p.Steps[i].Dependencies[:len(p.Steps[i].Dependencies):len(p.Steps[i].Dependencies)], ids[0])
	}
	return p
}

// within runs f and fails the test if it takes longer than limit (f keeps
// running in the background then, but the test does not wait for it). f
// must not use t: the test may be over when it returns.
func within(t *testing.T, limit time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(limit):
		t.Fatalf("still running after %v: the cost grows faster than the input", limit)
	}
}

// smallStack limits goroutine stacks to 16 MB for the rest of the test, so
// a walk that recurses once per step of a million-step chain crashes (with
// "goroutine stack exceeds limit") instead of quietly using gigabytes.
func smallStack(t *testing.T) {
	old := debug.SetMaxStack(16 << 20)
	t.Cleanup(func() { debug.SetMaxStack(old) })
}

// TestMillionSteps: CheckInvariants and ExecutionOrder on plans of a
// million steps, a chain and a wide graph, finish in seconds on a small
// stack; closing the chain into one cycle of a million steps gives one
// short violation.
func TestMillionSteps(t *testing.T) {
	const n = 1_000_000
	smallStack(t)
	for _, shape := range acyclic {
		t.Run(shape.name, func(t *testing.T) {
			ids := names(n, false)
			p := shape.build(ids)
			var got []string
			var invErr, orderErr error
			within(t, time.Minute, func() {
				invErr = p.CheckInvariants()
				got, orderErr = p.ExecutionOrder()
			})
			if invErr != nil || orderErr != nil {
				t.Fatalf("CheckInvariants: %.200v\nExecutionOrder: %.200v", invErr, orderErr)
			}
			want := ids
			if shape.name == "chain" {
				want = make([]string, n)
				for i, id := range ids {
					want[n-1-i] = id
				}
			}
			if len(got) != n || strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("ExecutionOrder: %d ids, starting %.100q", len(got), got[:min(len(got), 5)])
			}
		})
	}
	t.Run("one long cycle", func(t *testing.T) {
		ids := names(n, false)
		p := chainPlan(ids)
		p.Steps[n-1].Dependencies = ids[:1:1]
		var invErr, orderErr error
		within(t, time.Minute, func() {
			invErr = p.CheckInvariants()
			_, orderErr = p.ExecutionOrder()
		})
		want := []string{`$.steps[999999].dependencies[0]: dependency cycle: ` +
			`s0 -> s1 -> s2 -> s3 -> s4 -> s5 -> … 999988 more steps … -> ` +
			`s999994 -> s999995 -> s999996 -> s999997 -> s999998 -> s999999 -> s0`}
		sameList(t, "CheckInvariants", violations(t, invErr), want)
		sameList(t, "ExecutionOrder", violations(t, orderErr), want)
	})
}

// TestManyBackEdges: a chain of 5,000 steps where every step also depends
// on the first, so that 4,999 dependencies close a cycle, most of them of
// thousands of steps. The first 100 cycles are listed and the others
// counted, the error stays short and the check allocates a few megabytes
// (quoting every cycle in full would take gigabytes).
func TestManyBackEdges(t *testing.T) {
	const n = 5000
	p := backEdgePlan(names(n, true)) // ids of UUID length, as real plans have
	var err error
	allocated := allocatedBy(func() { err = p.CheckInvariants() })
	if allocated > 32<<20 {
		t.Errorf("CheckInvariants allocated %d MB", allocated>>20)
	}
	got := violations(t, err)
	if len(got) != 101 {
		t.Fatalf("%d violations, want 100 listed and one that counts the rest", len(got))
	}
	for _, v := range got[:100] {
		if !strings.Contains(v, ": dependency cycle: ") || len(v) > 1000 {
			t.Errorf("not a short cycle: %.300s", v)
		}
	}
	if want := "$.steps: 4899 more dependency cycles (only the first 100 are listed)"; got[100] != want {
		t.Errorf("last violation:\ngot  %s\nwant %s", got[100], want)
	}
	if !strings.HasPrefix(got[0], "$.steps[4999].dependencies[0]: dependency cycle: 00000000-0000-4000-8000-000000000000 -> ") ||
		!strings.Contains(got[0], " -> … 4988 more steps … -> ") {
		t.Errorf("first violation: %s", got[0])
	}
	if size := len(err.Error()); size > 100_000 {
		t.Errorf("error of %d bytes", size)
	}
}

// allocatedBy returns how many bytes f allocates.
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestReportsAreBounded: thousands of duplicates and unknown dependencies
// are listed up to 100 each and counted beyond; a step id of a megabyte is
// quoted as its first 64 bytes, in every kind of message.
func TestReportsAreBounded(t *testing.T) {
	t.Run("many of each", func(t *testing.T) {
		p := &mplp.Plan{}
		for i := range 3000 {
			self := "c" + strconv.Itoa(i)
			p.Steps = append(p.Steps, mplp.PlanStep{StepID: "same", Dependencies: []string{"missing"}},
				mplp.PlanStep{StepID: self, Dependencies: []string{self}})
		}
		got := violations(t, p.CheckInvariants())
		if len(got) != 303 {
			t.Fatalf("%d violations, want 3 times 100 listed and one count each", len(got))
		}
		sameList(t, "counts", []string{got[100], got[201], got[302]}, []string{
			"$.steps: 2899 more duplicate step ids (only the first 100 are listed)",
			"$.steps: 2900 more dependencies on unknown steps (only the first 100 are listed)",
			"$.steps: 2900 more dependency cycles (only the first 100 are listed)",
		})
		sameList(t, "first of each", []string{got[0], got[101], got[202]}, []string{
			`$.steps[2].step_id: duplicate step id "same" (first at $.steps[0])`,
			`$.steps[0].dependencies[0]: depends on unknown step "missing"`,
			`$.steps[1].dependencies[0]: dependency cycle: c0 -> c0`,
		})
	})
	t.Run("huge ids", func(t *testing.T) {
		huge := strings.Repeat("é", 1<<19) // a megabyte, two bytes a character
		p := &mplp.Plan{Steps: []mplp.PlanStep{
			{StepID: huge, Dependencies: []string{huge, huge + "?"}},
			{StepID: huge},
		}}
		clipped := strings.Repeat("é", 32)
		sameList(t, "CheckInvariants", violations(t, p.CheckInvariants()), []string{
			`$.steps[1].step_id: duplicate step id "` + clipped + `"… (first at $.steps[0])`,
			`$.steps[0].dependencies[1]: depends on unknown step "` + clipped + `"…`,
			`$.steps[0].dependencies[0]: dependency cycle: ` + clipped + `… -> ` + clipped + `…`,
		})
		p.Steps[0].StepID = "x" + huge // cut inside a character: back to its start
		p.Steps[0].Dependencies = nil
		sameList(t, "distinct ids", violations(t, p.CheckInvariants()), nil)
		p.Steps[1].StepID = p.Steps[0].StepID
		sameList(t, "odd cut", violations(t, p.CheckInvariants()), []string{
			`$.steps[1].step_id: duplicate step id "x` + clipped[:62] + `"… (first at $.steps[0])`,
		})
	})
}

// The benchmarks: ns/step is the time per step, which stays about the same
// at 1e3, 1e4 and 1e5 steps when the cost is linear (or n log n, slowly
// rising).

func BenchmarkCheckInvariants(b *testing.B) {
	benchShapes(b, allShapes, func(p *mplp.Plan, s shape) {
		if err := p.CheckInvariants(); (err != nil) != s.cyclic {
			b.Fatalf("%s: %.200v", s.name, err)
		}
	})
}

func BenchmarkExecutionOrder(b *testing.B) {
	benchShapes(b, acyclic, func(p *mplp.Plan, s shape) {
		if _, err := p.ExecutionOrder(); err != nil {
			b.Fatalf("%s: %.200v", s.name, err)
		}
	})
}

// benchShapes runs f on plans of each shape at three sizes, and reports
// the time per step.
func benchShapes(b *testing.B, list []shape, f func(p *mplp.Plan, s shape)) {
	for _, s := range list {
		for _, n := range []int{1e3, 1e4, 1e5} {
			b.Run(fmt.Sprintf("%s/%d", s.name, n), func(b *testing.B) {
				p := s.build(names(n, false))
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					f(p, s)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/step")
			})
		}
	}
}
