package jsonrpc

import (
	"context"
	"encoding/json"
	"fmt"
	goruntime "runtime"
	"sync"
	"testing"
	"time"
)

// TestWorkersBoundedAndReused: after a burst of concurrent requests, at
// most maxIdleWorkers goroutines wait for the next one, later requests
// are served (by them), and at the end of input every one of them ends.
func TestWorkersBoundedAndReused(t *testing.T) {
	before := goruntime.NumGoroutine()
	const burst = 3 * maxIdleWorkers
	var inFlight sync.WaitGroup
	inFlight.Add(burst)
	release := make(chan struct{})
	h := &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		if method == "hold" {
			inFlight.Done()
			<-release
		}
		return json.RawMessage(`true`), nil
	}}
	p := newRawPeer(t, h)
	for i := range burst {
		p.write(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"hold"}`, i))
	}
	inFlight.Wait() // all of them running at once
	close(release)
	for range burst {
		p.read(t)
	}
	deadline := time.Now().Add(5 * time.Second)
	for p.conn.idleWorkers.Load() != maxIdleWorkers && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := p.conn.idleWorkers.Load(); n != maxIdleWorkers {
		t.Fatalf("%d goroutines wait after a burst of %d, want %d", n, burst, maxIdleWorkers)
	}
	for i := range 3 {
		p.write(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":"again-%d","method":"quick"}`, i))
		if got := p.read(t); got != fmt.Sprintf(`{"jsonrpc":"2.0","id":"again-%d","result":true}`, i) {
			t.Fatalf("after the burst: %s", got)
		}
	}
	if n := p.conn.idleWorkers.Load(); n > maxIdleWorkers {
		t.Errorf("%d goroutines wait, over the bound", n)
	}
	p.send.Close() // a clean end of input
	waitDone(t, p.conn)
	deadline = time.Now().Add(5 * time.Second)
	for goruntime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := goruntime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Fatalf("%d goroutines after the end, %d before:\n%s", n, before, buf[:goruntime.Stack(buf, true)])
	}
}
