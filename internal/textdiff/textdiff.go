// Package textdiff produces line-based unified diffs in the format of
// GNU `diff -u`.
//
// The edit script comes from Myers' O((N+M)D) algorithm ("An O(ND)
// Difference Algorithm and Its Variations", 1986) in its linear-space,
// divide-and-conquer form. Inputs that are large but differ in only a few
// lines are therefore compared in roughly linear time, and memory stays
// proportional to the number of lines instead of growing with N*M or D².
package textdiff

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// context is the number of unchanged lines shown around each change; it is
// the default of `diff -u`.
const context = 3

// noNewline is GNU diff's marker for a line that has no terminating newline.
const noNewline = "\\ No newline at end of file\n"

// Unified returns a unified diff (like `diff -u`, 3 lines of context) that
// turns a into b, with headers "--- <aName>" and "+++ <bName>", or "" when
// a and b are equal.
func Unified(aName, bName string, a, b []byte) string {
	if bytes.Equal(a, b) {
		return ""
	}
	la, lb := splitLines(string(a)), splitLines(string(b))
	chs := changes(editScript(la, lb))

	var sb strings.Builder
	sb.WriteString("--- " + aName + "\n+++ " + bName + "\n")
	for len(chs) > 0 {
		n := hunkLen(chs)
		writeHunk(&sb, la, lb, chs[:n])
		chs = chs[n:]
	}
	return sb.String()
}

// splitLines splits s after every newline. Each line keeps its "\n", so a
// final line without one compares unequal to the same text with one; that
// is how diff treats a missing final newline (the line shows as changed).
// The lines are substrings of s, so splitting does not copy the text.
func splitLines(s string) []string {
	lines := make([]string, 0, strings.Count(s, "\n")+1)
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n') + 1
		if i == 0 {
			i = len(s)
		}
		lines = append(lines, s[:i])
		s = s[i:]
	}
	return lines
}

// editScript reports which lines of a are deleted and which lines of b are
// inserted by a shortest edit script; all other lines are matched in order.
// Lines are first replaced by small integer ids so the hot loops of the
// search compare ints rather than strings.
func editScript(a, b []string) (delA, insB []bool) {
	ids := make(map[string]int, len(a))
	m := &myers{
		a:    intern(a, ids),
		b:    intern(b, ids),
		delA: make([]bool, len(a)),
		insB: make([]bool, len(b)),
	}
	m.compare(0, len(a), 0, len(b))
	return m.delA, m.insB
}

// intern maps each line to an id shared by all equal lines, adding new
// lines to ids. Using one map for both inputs makes ids comparable.
func intern(lines []string, ids map[string]int) []int {
	out := make([]int, len(lines))
	for i, l := range lines {
		id, ok := ids[l]
		if !ok {
			id = len(ids)
			ids[l] = id
		}
		out[i] = id
	}
	return out
}

// myers holds the state of one diff computation. The two V arrays are
// allocated once, for the largest subproblem, and reused by every recursive
// step, which keeps memory linear in the input size.
type myers struct {
	a, b       []int  // line ids of the two inputs
	delA, insB []bool // result: deleted lines of a, inserted lines of b
	vf, vb     []int  // furthest-reaching x per diagonal, forward and backward
}

// compare marks the edits that turn a[a0:a1] into b[b0:b1].
//
// It trims the common prefix and suffix (unchanged, and cheap to find),
// settles the trivial cases where one side is empty, and otherwise splits
// the problem at a point known to lie on a shortest edit path, recursing on
// both halves. Each half has a strictly shorter edit path, so the recursion
// depth is O(log D).
func (m *myers) compare(a0, a1, b0, b1 int) {
	for a0 < a1 && b0 < b1 && m.a[a0] == m.b[b0] {
		a0++
		b0++
	}
	for a0 < a1 && b0 < b1 && m.a[a1-1] == m.b[b1-1] {
		a1--
		b1--
	}
	switch {
	case a0 == a1:
		for j := b0; j < b1; j++ {
			m.insB[j] = true
		}
	case b0 == b1:
		for i := a0; i < a1; i++ {
			m.delA[i] = true
		}
	default:
		x, y := m.split(a0, a1, b0, b1)
		m.compare(a0, x, b0, y)
		m.compare(x, a1, y, b1)
	}
}

// split returns a point (x, y), in absolute line indexes, that lies on a
// shortest edit path from (a0, b0) to (a1, b1) and differs from both corners.
//
// It runs Myers' search from both ends at once, one edit step per round, and
// stops when the two frontiers meet on a diagonal (the "middle snake"): the
// total number of edits is then minimal, D, and each side has used about
// D/2 of them. Work is O((N+M)D) and memory O(N+M).
//
// Coordinates below are relative to (a0, b0); diagonal k holds the points
// with x-y == k. The caller guarantees that both ranges are non-empty and
// share no common prefix or suffix, so every round uses at least one edit
// and the returned point is strictly inside the box.
func (m *myers) split(a0, a1, b0, b1 int) (int, int) {
	n, mm := a1-a0, b1-b0
	delta := n - mm // the diagonal on which (n, mm) lies
	maxD := (n + mm + 1) / 2
	off := maxD + 1 // shifts diagonals -off..off to slice indexes 0..2*off
	if len(m.vf) < 2*off+1 {
		m.vf = make([]int, 2*off+1)
		m.vb = make([]int, 2*off+1)
	}
	f := frontier{v: m.vf[:2*off+1], off: off}
	r := frontier{v: m.vb[:2*off+1], off: off}
	f.set(1, 0)  // virtual start so that round 0 begins at (0, 0)
	r.set(-1, n) // likewise, round 0 of the reverse search starts at (n, mm)

	// If delta is odd, paths meet only after an odd number of edits, and the
	// forward search (which takes the extra edit) detects it; if even, the
	// reverse search does.
	odd := delta&1 != 0
	for d := 0; d <= maxD; d++ {
		if x, y, ok := m.forwardRound(&f, &r, d, a0, b0, n, mm, odd); ok {
			return x, y
		}
		if x, y, ok := m.reverseRound(&f, &r, d, a0, b0, n, mm, !odd); ok {
			return x, y
		}
	}
	panic("textdiff: middle snake not found") // impossible: D <= n+mm
}

// frontier stores, for each diagonal, the x coordinate reached by a search.
type frontier struct {
	v   []int
	off int
}

func (f *frontier) get(k int) int    { return f.v[f.off+k] }
func (f *frontier) set(k int, x int) { f.v[f.off+k] = x }

// forwardRound extends every forward d-path by one edit plus as many
// matching lines as possible ("snake"), recording the furthest x reached on
// each diagonal k in -d..d. Of the two ways to reach diagonal k, a step down
// from k+1 or right from k-1, it keeps the one that gets further, since a
// path further along a diagonal can never need more edits to finish.
//
// When check is set it reports the end of a snake that reaches or passes
// the reverse frontier of round d-1 on the same diagonal: the paths then
// join into a shortest path of 2d-1 edits through that point.
func (m *myers) forwardRound(f, r *frontier, d, a0, b0, n, mm int, check bool) (int, int, bool) {
	delta := n - mm
	for k := -d; k <= d; k += 2 {
		var x int
		if k == -d || (k != d && f.get(k-1) < f.get(k+1)) {
			x = f.get(k + 1) // step down: one more line of b inserted
		} else {
			x = f.get(k-1) + 1 // step right: one more line of a deleted
		}
		y := x - k
		for x < n && y < mm && m.a[a0+x] == m.b[b0+y] {
			x, y = x+1, y+1
		}
		f.set(k, x)
		if check && abs(k-delta) <= d-1 && x >= r.get(k-delta) {
			return a0 + x, b0 + y, true
		}
	}
	return 0, 0, false
}

// reverseRound is forwardRound mirrored: it walks from (n, mm) towards the
// origin, recording the smallest x reached on each diagonal delta+j for j in
// -d..d (indexed by j). When check is set it reports the start of a snake
// that reaches or passes the forward frontier of the same round, which
// gives a shortest path of 2d edits through that point.
func (m *myers) reverseRound(f, r *frontier, d, a0, b0, n, mm int, check bool) (int, int, bool) {
	delta := n - mm
	for j := -d; j <= d; j += 2 {
		var x int
		if j == d || (j != -d && r.get(j-1) < r.get(j+1)) {
			x = r.get(j - 1) // step up: one line of b fewer
		} else {
			x = r.get(j+1) - 1 // step left: one line of a fewer
		}
		k := delta + j
		y := x - k
		for x > 0 && y > 0 && m.a[a0+x-1] == m.b[b0+y-1] {
			x, y = x-1, y-1
		}
		r.set(j, x)
		if check && abs(k) <= d && x <= f.get(k) {
			return a0 + x, b0 + y, true
		}
	}
	return 0, 0, false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// change is one maximal run of edits: a[a0:a1] is replaced by b[b0:b1].
// Either side may be empty (a pure insertion or deletion).
type change struct{ a0, a1, b0, b1 int }

// changes turns the per-line edit flags into runs. Unflagged lines of a and
// b pair up in order, so both indexes advance together between runs.
func changes(delA, insB []bool) []change {
	var out []change
	i, j := 0, 0
	for i < len(delA) || j < len(insB) {
		if (i < len(delA) && delA[i]) || (j < len(insB) && insB[j]) {
			c := change{a0: i, b0: j}
			for i < len(delA) && delA[i] {
				i++
			}
			for j < len(insB) && insB[j] {
				j++
			}
			c.a1, c.b1 = i, j
			out = append(out, c)
			continue
		}
		i, j = i+1, j+1
	}
	return out
}

// hunkLen returns how many leading changes of chs share one hunk. Like GNU
// diff, two changes are joined when at most 2*context unchanged lines lie
// between them, since their context lines would otherwise touch or overlap.
func hunkLen(chs []change) int {
	n := 1
	for n < len(chs) && chs[n].a0-chs[n-1].a1 <= 2*context {
		n++
	}
	return n
}

// writeHunk writes one hunk covering chs plus up to context unchanged lines
// before the first and after the last change. Unchanged lines are the same
// on both sides, so the context counts carry over from a to b.
func writeHunk(sb *strings.Builder, a, b []string, chs []change) {
	first, last := chs[0], chs[len(chs)-1]
	a0 := max(first.a0-context, 0)
	b0 := first.b0 - (first.a0 - a0)
	a1 := min(last.a1+context, len(a))
	b1 := last.b1 + (a1 - last.a1)
	fmt.Fprintf(sb, "@@ -%s +%s @@\n", hunkRange(a0, a1-a0), hunkRange(b0, b1-b0))

	i := a0
	for _, c := range chs {
		writeLines(sb, ' ', a[i:c.a0])
		writeLines(sb, '-', a[c.a0:c.a1])
		writeLines(sb, '+', b[c.b0:c.b1])
		i = c.a1
	}
	writeLines(sb, ' ', a[i:a1])
}

// hunkRange formats the range of count lines starting at 0-based index
// start as GNU diff does: "l,count" with 1-based l, just "l" for a single
// line, and for an empty range the number of the line before it ("l,0"),
// which is what patch expects and yields "0,0" for an empty file.
func hunkRange(start, count int) string {
	switch count {
	case 0:
		return strconv.Itoa(start) + ",0"
	case 1:
		return strconv.Itoa(start + 1)
	}
	return strconv.Itoa(start+1) + "," + strconv.Itoa(count)
}

// writeLines writes lines with the given prefix. A line without a final
// newline can only be the last of its input; it is terminated and followed
// by GNU diff's marker so the diff stays line-oriented yet exact.
func writeLines(sb *strings.Builder, prefix byte, lines []string) {
	for _, l := range lines {
		sb.WriteByte(prefix)
		sb.WriteString(l)
		if !strings.HasSuffix(l, "\n") {
			sb.WriteString("\n" + noNewline)
		}
	}
}
