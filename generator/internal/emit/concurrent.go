package emit

import (
	"runtime"
	"sync"
)

// forEachConcurrently calls f(0) … f(n-1) on up to GOMAXPROCS goroutines
// and returns when all have returned. Each call must write only to its own
// index of whatever it fills, so that results keep their order and output
// stays deterministic.
func forEachConcurrently(n int, f func(i int)) {
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i := range n {
		slots <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			f(i)
		}()
	}
	wg.Wait()
}
