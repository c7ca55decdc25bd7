package wire

import (
	"reflect"
	"strings"
	"testing"
)

// wireTestDecodeEntries decodes an array of wireTestEntry as a generated
// field decoder would.
func wireTestDecodeEntries(dst *[]wireTestEntry, r *Reader) error {
	return DecodeSlice(dst, r, false, wireTestDecodeEntry)
}

// A pooled reader decodes arrays into its buffer and hands out a slice of
// the exact length, which later decodes with the same reader leave alone.
func TestItemsExactAndNotShared(t *testing.T) {
	var first, second []wireTestEntry
	in1 := `[{"content":"a","priority":"high"},{"content":"b"},{"content":"c"}]`
	if err := UnmarshalWith(&first, []byte(in1), wireTestDecodeEntries); err != nil {
		t.Fatal(err)
	}
	if len(first) != 3 || cap(first) != 3 {
		t.Fatalf("len %d cap %d, want 3 and 3 (one allocation of the exact length)", len(first), cap(first))
	}
	want := []wireTestEntry{{"a", "high"}, {"b", ""}, {"c", ""}}
	for range 3 { // the pool may hand out the same reader or another one
		if err := UnmarshalWith(&second, []byte(`[{"content":"x"},{"content":"y"},{"content":"z"},{"content":"w"}]`), wireTestDecodeEntries); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(first, want) {
		t.Fatalf("first result changed by later decodes: %+v", first)
	}
	if len(second) != 4 || cap(second) != 4 || second[3].Content != "w" {
		t.Fatalf("second = %+v (cap %d)", second, cap(second))
	}
	var empty []wireTestEntry
	if err := UnmarshalWith(&empty, []byte(`[]`), wireTestDecodeEntries); err != nil || empty == nil || len(empty) != 0 {
		t.Fatalf("[] = %#v, %v; want a non-nil empty slice", empty, err)
	}
}

// After a decode, failed or not, the reader's buffer holds nothing of the
// items: the strings they refer to are not kept alive by the pool.
func TestItemsBufferCleared(t *testing.T) {
	for _, in := range []string{
		`[{"content":"kept?"},{"content":"also"}]`,
		`[{"content":"kept?"},{"content":7}]`,
	} {
		r := &Reader{data: []byte(in), items: new(wireItemBuffers)}
		var got []wireTestEntry
		err := wireTestDecodeEntries(&got, r)
		var buf *[]wireTestEntry
		for _, s := range r.items {
			if b, ok := s.buf.(*[]wireTestEntry); ok {
				buf = b
			}
		}
		if buf == nil {
			t.Fatalf("%s: no buffer kept (err %v)", in, err)
		}
		if len(*buf) != 0 {
			t.Fatalf("%s: buffer kept with %d items", in, len(*buf))
		}
		for i, e := range (*buf)[:cap(*buf)] {
			if e != (wireTestEntry{}) {
				t.Fatalf("%s: buffer item %d not cleared: %+v", in, i, e)
			}
		}
	}
}

// An array nested in an array of the same type finds the buffer in use
// and appends to a slice of its own; a buffer grown past wireItemKeepMax
// becomes the result and is not kept; a reader that is not pooled has no
// buffers.
func TestItemsNestedBigAndUnpooled(t *testing.T) {
	type node struct{ Kids []node }
	var decodeNode func(*node, *Reader) error
	decodeNode = func(n *node, r *Reader) error {
		return DecodeSlice(&n.Kids, r, false, decodeNode)
	}
	var root node
	if err := UnmarshalWith(&root, []byte(`[[[],[[]]],[]]`), decodeNode); err != nil {
		t.Fatal(err)
	}
	if len(root.Kids) != 2 || len(root.Kids[0].Kids) != 2 || len(root.Kids[0].Kids[1].Kids) != 1 || len(root.Kids[1].Kids) != 0 {
		t.Fatalf("nested arrays decoded as %+v", root)
	}

	// 3,000 items of 32 bytes outgrow a kept buffer: the buffer they were
	// decoded into is the result, and the reader does not keep it.
	in := []byte("[" + strings.Repeat(`{"content":"a"},`, 2999) + `{"content":"z"}]`)
	r := &Reader{data: in, items: new(wireItemBuffers)}
	var many []wireTestEntry
	if err := wireTestDecodeEntries(&many, r); err != nil || len(many) != 3000 || many[2999].Content != "z" {
		t.Fatalf("3000 items: len %d, %v", len(many), err)
	}
	if wireItemsKept(many) {
		t.Fatalf("3000 items (cap %d) fit in a kept buffer; the test needs more", cap(many))
	}
	for _, s := range r.items {
		if s.buf != nil {
			t.Fatalf("a buffer of cap %d was kept", cap(*s.buf.(*[]wireTestEntry)))
		}
	}

	if buf, free := (&Reader{}).takeItems((*[]int)(nil)); buf != nil || free {
		t.Fatal("a reader without buffers gave one")
	}
}

// With every slot held by another element type, arrays still decode (by
// appending), and the slots stay with the types that had them.
func TestItemsSlotsFull(t *testing.T) {
	r := &Reader{items: new(wireItemBuffers)}
	for i := range r.items {
		r.items[i].key, r.items[i].buf = (*[]struct{ a [1]int })(nil), new([]struct{ a [1]int })
	}
	r.items[3].key, r.items[3].buf = (*[]string)(nil), new([]string)
	before := *r.items
	r.data = []byte(`[{"content":"a"}]`)
	var got []wireTestEntry
	if err := wireTestDecodeEntries(&got, r); err != nil || len(got) != 1 || got[0].Content != "a" {
		t.Fatalf("got %+v, %v", got, err)
	}
	if *r.items != before {
		t.Fatal("a full set of slots changed")
	}
}

// Decoding arrays of one type again and again reuses one buffer: it is
// found by its key, not kept once more each time.
func TestItemsOneBufferPerType(t *testing.T) {
	r := &Reader{items: new(wireItemBuffers)}
	for i := range 20 {
		r.data, r.pos, r.depth = []byte(`[{"content":"a"},{"content":"b"},{"content":"c"}]`), 0, 0
		var got []wireTestEntry
		if err := wireTestDecodeEntries(&got, r); err != nil || len(got) != 3 || cap(got) != 3 {
			t.Fatalf("decode %d: len %d cap %d, %v", i, len(got), cap(got), err)
		}
	}
	kept := 0
	for _, s := range r.items {
		if s.buf != nil {
			kept++
		}
	}
	if kept != 1 {
		t.Fatalf("%d buffers kept for one element type, want 1", kept)
	}
}
