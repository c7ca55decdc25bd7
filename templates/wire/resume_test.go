package wire

import "testing"

// TestTagResumeChains: a union nested in another on the same object finds
// its tag right after the outer one's, and the variant's iterator then
// starts after both, with both counted as seen; a tag elsewhere is found
// by scanning and leaves the outer tag skippable; one member that is the
// tag of both unions counts for both.
func TestTagResumeChains(t *testing.T) {
	for _, c := range []struct {
		name, in, outerKey, innerKey string
		wantTag, wantFirst           string
		wantMet                      uint64
	}{
		{"next", `{"a":"x","b":"y","c":1}`, "a", "b", "y", "c", 0b11},
		{"spaces", `{ "a" : "x" , "b" : "y" , "c" : 1 }`, "a", "b", "y", "c", 0b11},
		{"later", `{"a":"x","c":1,"b":"y"}`, "a", "b", "y", "c", 0b01},
		{"inner first", `{"b":"y","a":"x","c":1}`, "a", "b", "y", "a", 0b10},
		{"same name", `{"a":"x","c":1}`, "a", "a", "x", "c", 0b11},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := &Reader{data: []byte(c.in)}
			var outer KnownSet
			outer.Extend(nil, Known{Tag: c.outerKey}, nil)
			if _, found, err := TagMember(r, &outer, c.outerKey); !found || err != nil {
				t.Fatalf("outer tag: %v %v", found, err)
			}
			var inner KnownSet
			inner.Extend(&outer, Known{Tag: c.innerKey}, nil)
			raw, found, err := TagMember(r, &inner, c.innerKey)
			if !found || err != nil || string(raw.raw) != `"`+c.wantTag+`"` {
				t.Fatalf("inner tag: %s %v %v", raw.raw, found, err)
			}
			if r.pos != 0 {
				t.Fatalf("finding the tags moved the cursor to %d", r.pos)
			}
			var it ObjectIter
			if err := it.OpenIn(r, &inner); err != nil {
				t.Fatal(err)
			}
			if !it.Next(r) || string(it.Key) != c.wantFirst {
				t.Fatalf("first member after the tags: %q, %v", it.Key, it.Err)
			}
			if inner.met != c.wantMet {
				t.Errorf("tags counted as seen: %b, want %b", inner.met, c.wantMet)
			}
		})
	}
}

// TestTagResumeOtherObject: the resume of an outer object does not apply
// to an object elsewhere in the input.
func TestTagResumeOtherObject(t *testing.T) {
	r := &Reader{data: []byte(`{"a":"x","v":{"b":"y","c":1}}`)}
	var outer KnownSet
	outer.Extend(nil, Known{Tag: "a"}, nil)
	if _, found, err := TagMember(r, &outer, "a"); !found || err != nil {
		t.Fatalf("outer tag: %v %v", found, err)
	}
	r.pos = 13 // the nested object
	var inner KnownSet
	inner.Extend(&outer, Known{Tag: "c"}, nil)
	raw, found, err := TagMember(r, &inner, "c")
	if !found || err != nil || string(raw.raw) != "1" {
		t.Fatalf("inner tag: %s %v %v", raw.raw, found, err)
	}
	if inner.resume != (wireResume{}) {
		t.Errorf("an outer object's resume kept for another object: %+v", inner.resume)
	}
	var it ObjectIter
	if err := it.OpenIn(r, &inner); err != nil {
		t.Fatal(err)
	}
	if !it.Next(r) || string(it.Key) != "b" {
		t.Fatalf("first member: %q, %v", it.Key, it.Err)
	}
}
