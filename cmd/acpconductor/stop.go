package main

import "time"

// stopAll stops every component. First the writers stop once they have
// written what is queued, for at most the grace period; then every
// component's input is closed, and what has not exited within the grace
// period gets SIGTERM, then after another grace period SIGKILL, to its
// whole process group.
func (c *chain) stopAll() {
	c.StopWriters(c.grace)
	for _, p := range c.comps {
		_ = p.stdin.Close()
	}
	running := c.waitExit(c.comps)
	for _, p := range running {
		terminate(p.cmd)
	}
	running = c.waitExit(running)
	for _, p := range c.comps {
		kill(p.cmd) // also what a component started and left behind
	}
	c.waitExit(running)
}

// waitExit waits up to the grace period for the components to exit and
// returns those still running.
func (c *chain) waitExit(comps []*component) []*component {
	deadline := time.After(c.grace)
	var left []*component
	for i, p := range comps {
		select {
		case <-p.exited:
		case <-deadline:
			return append(left, comps[i:]...)
		}
	}
	return left
}
