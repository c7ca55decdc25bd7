package jsonrpc

// A request's handler runs on a goroutine of its own, so that requests
// run concurrently. A new goroutine starts with a small stack, and a
// handler's calls (the typed layer, a codec, the handler's own code) grow
// it at once: the runtime copies the stack, which cost a proxy's round
// trip more than the goroutine itself (about 15% of the CPU of a proxy
// hop in bench/conn's BenchmarkProxyHops). So the goroutine that served
// a request waits, its stack grown, for the next one: up to
// maxIdleWorkers of them per connection wait, and each stops when the
// connection is done.

// maxIdleWorkers bounds the goroutines that wait for a request; past it,
// a goroutine that has served one stops.
const maxIdleWorkers = 8

// goServe serves r on a waiting goroutine, or on a new one when none
// waits.
func (c *Conn) goServe(r *request) {
	select {
	case c.workers <- r:
	default:
		go c.worker(r)
	}
}

// worker serves r, then the requests handed to it while it waits, until
// enough others wait or the connection is done.
func (c *Conn) worker(r *request) {
	for {
		c.serveRequest(r)
		if c.idleWorkers.Add(1) > maxIdleWorkers {
			c.idleWorkers.Add(-1)
			return
		}
		select {
		case r = <-c.workers:
			c.idleWorkers.Add(-1)
		case <-c.done:
			c.idleWorkers.Add(-1)
			return
		}
	}
}
