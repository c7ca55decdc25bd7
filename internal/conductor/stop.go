package conductor

import "time"

// FailPending answers every request of the client still in flight with
// an error saying why the chain ended, since nothing else will answer
// them; it gives up after grace if the client does not read. A nil why
// (the client ended the chain) answers nothing.
func (c *Chain) FailPending(why error, grace time.Duration) {
	if why == nil {
		return
	}
	c.routes.mu.Lock()
	var waiting []origin
	for h, o := range c.routes.pending {
		if o.from == 0 {
			waiting = append(waiting, o)
			delete(c.routes.pending, h)
			delete(c.routes.byOrigin[0], o.id)
		}
	}
	c.routes.mu.Unlock()
	e := errorObject(-32603, c.opts.Name+": the proxy chain ended: "+why.Error())
	timeout := time.After(grace)
	for _, o := range waiting {
		msg := (&message{id: []byte(o.id), err: e}).encode()
		select {
		case c.eps[0].queue <- msg:
		case <-timeout:
			return // the client does not read
		}
	}
}

// StopWriters lets the writers write what is queued (the client's errors,
// and what the client sent last, such as a session/cancel), for at most
// grace, then stops them; a writer blocked on its peer is left behind
// until that write fails.
func (c *Chain) StopWriters(grace time.Duration) {
	c.stopOnce.Do(func() { close(c.stopWriters) })
	for _, ep := range c.eps {
		select {
		case ep.queue <- nil: // wakes a writer waiting for its queue
		default: // a full queue: its writer is busy and sees stopWriters
		}
	}
	done := make(chan struct{})
	go func() { c.writers.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(grace):
	}
}
