package diag

import (
	"errors"
	"fmt"
	"testing"
)

// TestList: one problem is itself, several a list that unwraps to them,
// lists added to a list flatten, and past Max problems are counted.
func TestList(t *testing.T) {
	var l List
	if l.Err() != nil {
		t.Fatal("empty list is an error")
	}
	one := At("#/a", "write b", "a is %s", "wrong")
	l.Add(one)
	l.Add(nil)
	if l.Err() != one || one.Error() != "#/a: a is wrong; write b" {
		t.Fatalf("one problem: %v", l.Err())
	}
	var inner List
	inner.Add(errors.New("x"))
	inner.Add(errors.New("y"))
	l.Add(inner.Err())
	if got := l.Err().Error(); got != "#/a: a is wrong; write b\nx\ny" {
		t.Errorf("flattened: %q", got)
	}
	if !errors.Is(l.Err(), one) {
		t.Error("errors.Is does not see an entry")
	}
	for i := range Max {
		l.Add(fmt.Errorf("e%d", i))
	}
	list := l.Err().(*Errors)
	if len(list.Errs) != Max || list.More != 3 || l.Len() != Max+3 {
		t.Errorf("%d kept, %d more", len(list.Errs), list.More)
	}
	mapped := Map(list, func(err error) error { return fmt.Errorf("f: %w", err) }).(*Errors)
	if mapped.Errs[0].Error() != "f: #/a: a is wrong; write b" || mapped.More != 3 {
		t.Errorf("mapped: %v", mapped.Errs[0])
	}
}
