package depth

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/bench/depth/tree"
)

var (
	depths = []int{1, 100, 5000}
	sizes  = []int{1 << 10, 64 << 10, 4 << 20}
)

// plainNode and plainBlock are the encoding/json reference: the same
// members as tree.Node and tree.Block, with the union flattened into one
// struct (encoding/json has no unions; it is told nothing about the tag).
type plainNode struct {
	Name  string      `json:"name"`
	Text  string      `json:"text,omitempty"`
	Child *plainNode  `json:"child,omitempty"`
	Block *plainBlock `json:"block,omitempty"`
	Tags  []string    `json:"tags,omitempty"`
}

type plainBlock struct {
	Kind string     `json:"kind"`
	Text string     `json:"text,omitempty"`
	Node *plainNode `json:"node,omitempty"`
}

// textOf returns n bytes of source-like text: tabs, newlines and quotes
// to escape and unescape, as in real files.
func textOf(n int) string {
	const unit = "\tif err := run(ctx, \"job\"); err != nil {\n\t\treturn fmt.Errorf(\"run: %w\", err)\n\t}\n"
	return strings.Repeat(unit, n/len(unit)+1)[:n]
}

// message builds a tree depth levels deep with a text of size bytes at the
// innermost level, as JSON. Odd levels hold the next one through a Block
// union ({"kind":"node","node":…}), even levels as "child".
func message(depth, size int) []byte {
	leaf := &plainNode{Name: "leaf", Text: textOf(size)}
	n := leaf
	for level := depth - 1; level > 0; level-- {
		parent := &plainNode{Name: fmt.Sprintf("n%d", level), Tags: []string{"a", "b"}}
		if level%2 == 1 {
			parent.Block = &plainBlock{Kind: "node", Node: n}
		} else {
			parent.Child = n
		}
		n = parent
	}
	data, err := json.Marshal(n)
	if err != nil {
		panic(err)
	}
	return data
}

type testCase struct {
	name string
	json []byte
}

var cases = func() []testCase {
	var out []testCase
	for _, d := range depths {
		for _, s := range sizes {
			out = append(out, testCase{fmt.Sprintf("depth=%d/size=%s", d, sizeName(s)), message(d, s)})
		}
	}
	return out
}()

func sizeName(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%dMiB", n>>20)
	}
	return fmt.Sprintf("%dKiB", n>>10)
}

// TestRoundTrip checks that each tree decodes with the generated types and
// encodes back to the same bytes encoding/json wrote, so the benchmarks
// measure complete, correct work.
func TestRoundTrip(t *testing.T) {
	for _, c := range cases {
		var n tree.Node
		if err := n.UnmarshalJSON(c.json); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		out, err := tree.Marshal(&n)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !bytes.Equal(out, c.json) {
			t.Fatalf("%s: re-encoded JSON differs from the input", c.name)
		}
	}
}

func BenchmarkDecode(b *testing.B) {
	for _, c := range cases {
		b.Run(c.name+"/impl=acpgen", func(b *testing.B) {
			b.SetBytes(int64(len(c.json)))
			b.ReportAllocs()
			for b.Loop() {
				var n tree.Node
				if err := n.UnmarshalJSON(c.json); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/impl=encoding-json", func(b *testing.B) {
			b.SetBytes(int64(len(c.json)))
			b.ReportAllocs()
			for b.Loop() {
				var n plainNode
				if err := json.Unmarshal(c.json, &n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

var sink int

func BenchmarkEncode(b *testing.B) {
	for _, c := range cases {
		b.Run(c.name+"/impl=acpgen", func(b *testing.B) {
			var n tree.Node
			if err := n.UnmarshalJSON(c.json); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(c.json)))
			b.ReportAllocs()
			for b.Loop() {
				out, err := tree.Marshal(&n)
				if err != nil {
					b.Fatal(err)
				}
				sink += len(out)
			}
		})
		b.Run(c.name+"/impl=encoding-json", func(b *testing.B) {
			var n plainNode
			if err := json.Unmarshal(c.json, &n); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(c.json)))
			b.ReportAllocs()
			for b.Loop() {
				out, err := json.Marshal(&n)
				if err != nil {
					b.Fatal(err)
				}
				sink += len(out)
			}
		})
	}
}
