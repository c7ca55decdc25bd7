package acpws

import (
	"context"
	"sync/atomic"
	"time"
)

// A peer can vanish without closing anything (a laptop closes, a network
// drops), and the connection then waits for a message that never comes.
// So while this side waits for a message and hears nothing, it pings the
// peer; a peer that sends nothing and answers no ping for the idle
// timeout is taken as gone. Time this side spends not reading (its own
// handlers busy) does not count: the peer's pongs wait unread then.

// keepalive measures how long the peer has been silent while this side
// was reading.
type keepalive struct {
	timeout      time.Duration
	readingSince atomic.Int64 // when the current read began (UnixNano), 0 between reads
	lastHeard    atomic.Int64 // when a message or pong last came (UnixNano)
	pinging      atomic.Bool  // a ping is out
}

func newKeepalive(timeout time.Duration) *keepalive {
	k := &keepalive{timeout: timeout}
	k.heard()
	return k
}

// reading notes that a read begins (true) or ended (false).
func (k *keepalive) reading(on bool) {
	if on {
		k.readingSince.Store(time.Now().UnixNano())
	} else {
		k.readingSince.Store(0)
	}
}

// heard notes a sign of life from the peer.
func (k *keepalive) heard() { k.lastHeard.Store(time.Now().UnixNano()) }

// quiet is how long the peer has been silent while this side read; zero
// when this side is not reading.
func (k *keepalive) quiet(now time.Time) time.Duration {
	since := k.readingSince.Load()
	if since == 0 {
		return 0
	}
	return now.Sub(time.Unix(0, max(since, k.lastHeard.Load())))
}

// run checks the peer every quarter of the timeout until ctx ends (the
// connection closes): it pings after a quarter of silence, one ping at a
// time, and calls gone after the whole timeout. ping sends a ping and
// waits for its pong until ctx ends; it must not end the connection on
// its own before that, so a slow write ahead of the ping does not.
func (k *keepalive) run(ctx context.Context, ping func(ctx context.Context) error, gone func()) {
	if k.timeout <= 0 {
		return
	}
	tick := time.NewTicker(max(k.timeout/4, time.Millisecond))
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			quiet := k.quiet(now)
			if quiet >= k.timeout {
				gone()
				return
			}
			if quiet >= k.timeout/4 && k.pinging.CompareAndSwap(false, true) {
				go k.ping(ctx, ping)
			}
		}
	}
}

// ping sends one ping and waits for its pong, which counts as heard.
func (k *keepalive) ping(ctx context.Context, ping func(ctx context.Context) error) {
	defer k.pinging.Store(false)
	if ping(ctx) == nil {
		k.heard()
	}
}
