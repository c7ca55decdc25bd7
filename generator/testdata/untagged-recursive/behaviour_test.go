package golden

import (
	"encoding/json"
	"strings"
	"testing"
)

func nested(depth int, leaf string) string {
	return strings.Repeat(`{"x":`, depth) + leaf + strings.Repeat(`}`, depth)
}

// Both object variants fit each level, so a decoder that retries every
// candidate from scratch tries 2^depth (here 4^depth) combinations before
// failing on the leaf. Failures are remembered per position, so this
// returns at once; without that it would not finish.
func TestRecursiveUntaggedUnionFailsFast(t *testing.T) {
	var e Expr
	err := json.Unmarshal([]byte(nested(200, `5`)), &e)
	if err == nil {
		t.Fatal("decoded a number leaf")
	}
	if len(err.Error()) > 2000 {
		t.Errorf("error of %d bytes", len(err.Error()))
	}
}

func TestRecursiveUntaggedUnionDecodes(t *testing.T) {
	in := nested(200, `"leaf"`)
	var e Expr
	if err := json.Unmarshal([]byte(in), &e); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(e)
	if err != nil || string(out) != in {
		t.Errorf("round trip: %v", err)
	}
	if _, ok := e.Value.(*ExprLeft); !ok {
		t.Errorf("variant %T, want the first that fits", e.Value)
	}
}

// BenchmarkRecursiveUntaggedFailure measures the cost at three depths:
// linear (ns/level stays flat). Remembered failures keep it from being
// exponential, the look-ahead's memo of container ends keeps each level
// from reading the levels below it again, and the error's path is joined
// once instead of copied at every level.
func BenchmarkRecursiveUntaggedFailure(b *testing.B) {
	for _, depth := range []int{10, 100, 1000} {
		data := []byte(nested(depth, `5`))
		b.Run(strings.Repeat("d", 1)+"="+itoa(depth), func(b *testing.B) {
			for b.Loop() {
				var e Expr
				_ = json.Unmarshal(data, &e)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(depth), "ns/level")
		})
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
