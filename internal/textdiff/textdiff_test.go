package textdiff

import (
	"bytes"
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// numbered returns the lines "1\n" .. "n\n", with edit applied to the slice
// first so test inputs can be written as small modifications of 1..n.
func numbered(n int, edit func([]string) []string) []byte {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = strconv.Itoa(i+1) + "\n"
	}
	if edit != nil {
		lines = edit(lines)
	}
	return []byte(strings.Join(lines, ""))
}

// set returns an edit that replaces line i (1-based) with s.
func set(i int, s string) func([]string) []string {
	return func(l []string) []string { l[i-1] = s; return l }
}

func TestUnified(t *testing.T) {
	tests := []struct {
		name string
		a, b []byte
		want string
	}{
		{"equal", numbered(5, nil), numbered(5, nil), ""},
		{"both empty", nil, []byte{}, ""},
		{
			"insertion",
			numbered(8, nil),
			numbered(8, func(l []string) []string {
				return append(l[:4:4], append([]string{"x\n"}, l[4:]...)...)
			}),
			"@@ -2,6 +2,7 @@\n 2\n 3\n 4\n+x\n 5\n 6\n 7\n",
		},
		{
			"deletion",
			numbered(8, nil),
			numbered(8, func(l []string) []string { return append(l[:4], l[5:]...) }),
			"@@ -2,7 +2,6 @@\n 2\n 3\n 4\n-5\n 6\n 7\n 8\n",
		},
		{
			"change in middle",
			numbered(9, nil),
			numbered(9, set(5, "X\n")),
			"@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+X\n 6\n 7\n 8\n",
		},
		{
			"change at start",
			numbered(6, nil),
			numbered(6, set(1, "X\n")),
			"@@ -1,4 +1,4 @@\n-1\n+X\n 2\n 3\n 4\n",
		},
		{
			"change at end",
			numbered(6, nil),
			numbered(6, set(6, "X\n")),
			"@@ -3,4 +3,4 @@\n 3\n 4\n 5\n-6\n+X\n",
		},
		{
			"insert at start",
			numbered(5, nil),
			[]byte("0\n" + string(numbered(5, nil))),
			"@@ -1,3 +1,4 @@\n+0\n 1\n 2\n 3\n",
		},
		{
			"delete at end",
			numbered(5, nil),
			numbered(4, nil),
			"@@ -2,4 +2,3 @@\n 2\n 3\n 4\n-5\n",
		},
		{"single line", []byte("a\n"), []byte("b\n"), "@@ -1 +1 @@\n-a\n+b\n"},
		{"empty a", nil, []byte("x\ny\n"), "@@ -0,0 +1,2 @@\n+x\n+y\n"},
		{"empty b", []byte("x\ny\n"), nil, "@@ -1,2 +0,0 @@\n-x\n-y\n"},
		{
			"empty a, b without newline",
			nil, []byte("x"),
			"@@ -0,0 +1 @@\n+x\n" + noNewline,
		},
		{
			"newline added at end",
			[]byte("1\n2\n3"), []byte("1\n2\n3\n"),
			"@@ -1,3 +1,3 @@\n 1\n 2\n-3\n" + noNewline + "+3\n",
		},
		{
			"newline removed at end",
			[]byte("1\n2\n3\n"), []byte("1\n2\n3"),
			"@@ -1,3 +1,3 @@\n 1\n 2\n-3\n+3\n" + noNewline,
		},
		{
			"no newline on either side, last line changed",
			[]byte("1\nx"), []byte("1\ny"),
			"@@ -1,2 +1,2 @@\n 1\n-x\n" + noNewline + "+y\n" + noNewline,
		},
		{
			"no newline on either side, context at end",
			[]byte("1\n2\n3"), []byte("X\n2\n3"),
			"@@ -1,3 +1,3 @@\n-1\n+X\n 2\n 3\n" + noNewline,
		},
		{
			"two distant changes",
			numbered(20, nil),
			numbered(20, func(l []string) []string { l[1], l[17] = "X\n", "Y\n"; return l }),
			"@@ -1,5 +1,5 @@\n 1\n-2\n+X\n 3\n 4\n 5\n" +
				"@@ -15,6 +15,6 @@\n 15\n 16\n 17\n-18\n+Y\n 19\n 20\n",
		},
		{
			// 6 unchanged lines between the changes: contexts touch, one hunk.
			"close changes merge",
			numbered(20, nil),
			numbered(20, func(l []string) []string { l[4], l[11] = "X\n", "Y\n"; return l }),
			"@@ -2,14 +2,14 @@\n 2\n 3\n 4\n-5\n+X\n 6\n 7\n 8\n 9\n 10\n 11\n-12\n+Y\n 13\n 14\n 15\n",
		},
		{
			// 7 unchanged lines between the changes: two hunks.
			"changes just too far apart",
			numbered(20, nil),
			numbered(20, func(l []string) []string { l[4], l[12] = "X\n", "Y\n"; return l }),
			"@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+X\n 6\n 7\n 8\n" +
				"@@ -10,7 +10,7 @@\n 10\n 11\n 12\n-13\n+Y\n 14\n 15\n 16\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Unified("a.txt", "b.txt", tt.a, tt.b)
			want := tt.want
			if want != "" {
				want = "--- a.txt\n+++ b.txt\n" + want
			}
			if got != want {
				t.Errorf("Unified() mismatch\ngot:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// TestUnifiedApplies checks on random inputs that applying the diff to a
// yields b, and that the diff is minimal: its number of removed plus added
// lines equals the edit distance computed by a simple quadratic LCS.
func TestUnifiedApplies(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := range 500 {
		a, b := randomPair(rng)
		diff := Unified("a", "b", a, b)
		if (diff == "") != bytes.Equal(a, b) {
			t.Fatalf("case %d: a=%q b=%q: empty diff iff equal violated:\n%s", i, a, b, diff)
		}
		if diff == "" {
			continue
		}
		got, err := applyUnified(a, diff)
		if err != nil || !bytes.Equal(got, b) {
			t.Fatalf("case %d: a=%q b=%q\ndiff:\n%s\napplied=%q err=%v", i, a, b, diff, got, err)
		}
		la, lb := splitLines(string(a)), splitLines(string(b))
		if got, want := editCount(diff), len(la)+len(lb)-2*lcsLen(la, lb); got != want {
			t.Fatalf("case %d: a=%q b=%q: %d edits, minimum is %d\n%s", i, a, b, got, want, diff)
		}
	}
}

// randomPair returns inputs over a small alphabet, so lines repeat a lot and
// many equally short edit scripts exist. b is usually a mutation of a,
// sometimes unrelated; either may lack its final newline.
func randomPair(rng *rand.Rand) (a, b []byte) {
	alpha := 1 + rng.Intn(6)
	la := make([]string, rng.Intn(40))
	for i := range la {
		la[i] = string(rune('a'+rng.Intn(alpha))) + "\n"
	}
	var lb []string
	if rng.Intn(5) == 0 {
		lb = make([]string, rng.Intn(40))
		for i := range lb {
			lb[i] = string(rune('a'+rng.Intn(alpha))) + "\n"
		}
	} else {
		lb = mutate(rng, la, alpha)
	}
	return join(rng, la), join(rng, lb)
}

// mutate returns a copy of lines with a few random deletions, insertions
// and replacements.
func mutate(rng *rand.Rand, lines []string, alpha int) []string {
	out := append([]string(nil), lines...)
	for range rng.Intn(5) {
		i := rng.Intn(len(out) + 1)
		s := string(rune('a'+rng.Intn(alpha+1))) + "\n"
		switch {
		case rng.Intn(3) == 0 && i < len(out):
			out = append(out[:i], out[i+1:]...)
		case rng.Intn(2) == 0 && i < len(out):
			out[i] = s
		default:
			out = append(out[:i], append([]string{s}, out[i:]...)...)
		}
	}
	return out
}

// join concatenates lines, dropping the final newline one time in four.
func join(rng *rand.Rand, lines []string) []byte {
	s := strings.Join(lines, "")
	if s != "" && rng.Intn(4) == 0 {
		s = s[:len(s)-1]
	}
	return []byte(s)
}

// editCount counts the removed and added lines of a unified diff.
func editCount(diff string) int {
	n := 0
	for _, l := range splitLines(diff) {
		if (l[0] == '-' && !strings.HasPrefix(l, "--- ")) || (l[0] == '+' && !strings.HasPrefix(l, "+++ ")) {
			n++
		}
	}
	return n
}

// lcsLen is the textbook quadratic longest-common-subsequence length, used
// as an independent check that the Myers implementation is minimal.
func lcsLen(a, b []string) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			switch {
			case a[i] == b[j]:
				cur[j+1] = prev[j] + 1
			default:
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// applyUnified applies a diff in the format produced by Unified to a. It is
// deliberately strict, requiring hunk line counts, positions and context to
// match exactly, so that malformed hunks fail instead of being tolerated.
func applyUnified(a []byte, diff string) ([]byte, error) {
	lines := splitLines(diff)
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "--- ") || !strings.HasPrefix(lines[1], "+++ ") {
		return nil, fmt.Errorf("missing file headers")
	}
	src := splitLines(string(a))
	var out []string
	pos := 0 // next unconsumed line of src
	for rest := lines[2:]; len(rest) > 0; {
		var h hunk
		var err error
		if h, rest, err = parseHunk(rest); err != nil {
			return nil, err
		}
		if h.oldStart < pos || h.oldStart+len(h.old) > len(src) {
			return nil, fmt.Errorf("hunk at old line %d out of order or range", h.oldStart)
		}
		out = append(out, src[pos:h.oldStart]...)
		if h.newStart != len(out) {
			return nil, fmt.Errorf("hunk new start %d, expected %d", h.newStart, len(out))
		}
		for i, l := range h.old {
			if src[h.oldStart+i] != l {
				return nil, fmt.Errorf("line %d: have %q, hunk expects %q", h.oldStart+i+1, src[h.oldStart+i], l)
			}
		}
		out = append(out, h.new...)
		pos = h.oldStart + len(h.old)
	}
	out = append(out, src[pos:]...)
	return []byte(strings.Join(out, "")), nil
}

// hunk is a parsed hunk: 0-based start positions and the old and new lines.
type hunk struct {
	oldStart, newStart int
	old, new           []string
}

// parseHunk parses the hunk at the start of lines and returns the lines
// after it.
func parseHunk(lines []string) (hunk, []string, error) {
	var h hunk
	var oldRange, newRange string
	if _, err := fmt.Sscanf(lines[0], "@@ -%s +%s @@\n", &oldRange, &newRange); err != nil {
		return h, nil, fmt.Errorf("bad hunk header %q: %v", lines[0], err)
	}
	oldStart, oldCount, err1 := parseRange(oldRange)
	newStart, newCount, err2 := parseRange(newRange)
	if err1 != nil || err2 != nil {
		return h, nil, fmt.Errorf("bad hunk header %q", lines[0])
	}
	h.oldStart, h.newStart = oldStart, newStart
	i, last := 1, byte(0)
	for ; i < len(lines) && lines[i][0] != '@'; i++ {
		l := lines[i]
		switch l[0] {
		case ' ', '-', '+':
			last = l[0]
			if l[0] != '+' {
				h.old = append(h.old, l[1:])
			}
			if l[0] != '-' {
				h.new = append(h.new, l[1:])
			}
		case '\\':
			if l != noNewline || last == 0 {
				return h, nil, fmt.Errorf("misplaced %q", l)
			}
			if last != '+' {
				h.old[len(h.old)-1] = strings.TrimSuffix(h.old[len(h.old)-1], "\n")
			}
			if last != '-' {
				h.new[len(h.new)-1] = strings.TrimSuffix(h.new[len(h.new)-1], "\n")
			}
		default:
			return h, nil, fmt.Errorf("bad hunk line %q", l)
		}
	}
	if len(h.old) != oldCount || len(h.new) != newCount {
		return h, nil, fmt.Errorf("hunk %q has %d old and %d new lines", lines[0], len(h.old), len(h.new))
	}
	return h, lines[i:], nil
}

// parseRange parses "l" or "l,count" into a 0-based start and a count,
// following GNU diff: an empty range names the line before it.
func parseRange(s string) (start, count int, err error) {
	count = 1
	if l, c, ok := strings.Cut(s, ","); ok {
		s = l
		if count, err = strconv.Atoi(c); err != nil {
			return 0, 0, err
		}
	}
	if start, err = strconv.Atoi(s); err != nil {
		return 0, 0, err
	}
	if count > 0 {
		start--
	}
	return start, count, nil
}

// BenchmarkUnifiedLarge diffs two 30,000-line inputs that differ by one
// replaced, one deleted and one inserted line, spread over the file.
func BenchmarkUnifiedLarge(b *testing.B) {
	const n = 30000
	lines := make([]string, n)
	for i := range lines {
		lines[i] = fmt.Sprintf("line %d: some typical generated source text\n", i)
	}
	a := []byte(strings.Join(lines, ""))
	mod := append([]string(nil), lines...)
	mod[100] = "changed\n"
	mod = append(mod[:15000], mod[15001:]...)
	mod = append(mod[:29000], append([]string{"inserted\n"}, mod[29000:]...)...)
	bb := []byte(strings.Join(mod, ""))

	if d := Unified("a", "b", a, bb); strings.Count(d, "@@ -") != 3 {
		b.Fatalf("expected 3 hunks, got:\n%s", d)
	}
	b.ReportAllocs()
	for b.Loop() {
		Unified("a", "b", a, bb)
	}
}
