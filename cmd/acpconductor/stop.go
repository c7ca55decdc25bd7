package main

import (
	"encoding/json"
	"time"
)

// failPending answers every request of the client still in flight with an
// error saying why the chain ended; nothing else will answer them.
func (c *chain) failPending(why error) {
	if why == nil {
		return
	}
	c.routes.mu.Lock()
	var waiting []origin
	for h, o := range c.routes.pending {
		if o.from == 0 {
			waiting = append(waiting, o)
			delete(c.routes.pending, h)
		}
	}
	c.routes.mu.Unlock()
	e, _ := json.Marshal(map[string]any{"code": -32603, "message": "acpconductor: the proxy chain ended: " + why.Error()})
	timeout := time.After(c.grace)
	for _, o := range waiting {
		msg, _ := json.Marshal(&rpc{JSONRPC: "2.0", ID: o.id, Error: e})
		select {
		case c.eps[0].queue <- msg:
		case <-timeout:
			return // the client does not read
		}
	}
}

// stopAll stops every component. First the writers stop once they have
// written what is queued (the client's errors, and what the client sent
// last, such as a session/cancel), for at most the grace period; then
// every component's input is closed, and what has not exited within the
// grace period gets SIGTERM, then after another grace period SIGKILL, to
// its whole process group.
func (c *chain) stopAll() {
	close(c.stopWriters)
	done := make(chan struct{})
	go func() { c.writers.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(c.grace):
	}
	var running []*endpoint
	for _, ep := range c.eps[1:] {
		if ep.cmd != nil {
			_ = ep.stdin.Close()
			running = append(running, ep)
		}
	}
	running = c.waitExit(running)
	for _, ep := range running {
		terminate(ep.cmd)
	}
	running = c.waitExit(running)
	for _, ep := range c.eps[1:] {
		if ep.cmd != nil {
			kill(ep.cmd) // also what a component started and left behind
		}
	}
	c.waitExit(running)
}

// waitExit waits up to the grace period for the components to exit and
// returns those still running.
func (c *chain) waitExit(eps []*endpoint) []*endpoint {
	deadline := time.After(c.grace)
	var left []*endpoint
	for i, ep := range eps {
		select {
		case <-ep.exited:
		case <-deadline:
			return append(left, eps[i:]...)
		}
	}
	return left
}
