package acptest

import (
	"context"
	"fmt"
	"sync"
)

// Call is one request or notification a recorder received: its JSON-RPC
// method and its params (a pointer to the generated package's params
// type; for an extension method, its ExtRequest or ExtNotification).
type Call struct {
	Method string
	Params any
}

// record is a list that grows as messages arrive, which a test reads
// whole or waits on.
type record[T any] struct {
	mu      sync.Mutex
	items   []T
	changed chan struct{} // closed and replaced on every add
}

// add appends v and wakes every waiter.
func (r *record[T]) add(v T) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.items = append(r.items, v)
	if r.changed != nil {
		close(r.changed)
		r.changed = nil
	}
}

// all returns a copy of the items so far.
func (r *record[T]) all() []T {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]T(nil), r.items...)
}

// wait returns the items once there are at least n, or what there is
// with ctx's error when ctx ends first.
func (r *record[T]) wait(ctx context.Context, n int) ([]T, error) {
	for {
		r.mu.Lock()
		if len(r.items) >= n {
			items := append([]T(nil), r.items...)
			r.mu.Unlock()
			return items, nil
		}
		if r.changed == nil {
			r.changed = make(chan struct{})
		}
		changed := r.changed
		r.mu.Unlock()
		select {
		case <-changed:
		case <-ctx.Done():
			return r.all(), ctx.Err()
		}
	}
}

// methods returns the method of each call.
func methods(calls []Call) []string {
	out := make([]string, len(calls))
	for i, c := range calls {
		out[i] = c.Method
	}
	return out
}

// recorder is the log of calls both recorders keep.
type recorder struct {
	calls record[Call]
}

// note records a call.
func (r *recorder) note(method string, params any) { r.calls.add(Call{method, params}) }

// Calls returns every request and notification received so far, in order.
func (r *recorder) Calls() []Call { return r.calls.all() }

// Methods returns the method of every call received so far, in order.
func (r *recorder) Methods() []string { return methods(r.calls.all()) }

// WaitCalls returns the calls once there are at least n, or those so far
// with ctx's error when ctx ends first.
func (r *recorder) WaitCalls(ctx context.Context, n int) ([]Call, error) {
	return r.calls.wait(ctx, n)
}

// answerFunc is a recording agent's Answer.
type answerFunc = func(ctx context.Context, method string, params any) (any, error)

// answer records a call and returns f's result for it; def's when f is
// nil or returns nil, nil.
func answer[T any](r *recorder, f answerFunc, ctx context.Context, method string, params any, def func(string) any) (*T, error) {
	r.note(method, params)
	if f != nil {
		res, err := f(ctx, method, params)
		if err != nil {
			return nil, err
		}
		if res != nil {
			v, ok := res.(*T)
			if !ok {
				return nil, fmt.Errorf("acptest: Answer returned %T for %s, not %T", res, method, v)
			}
			return v, nil
		}
	}
	if v, ok := def(method).(*T); ok {
		return v, nil
	}
	return new(T), nil
}
