//go:build unstable_proxy_chains

package conn

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"sync"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/gen/acp/v1/proxy"
	"github.com/acpgen/acpgen/internal/conductor"
)

// What a hop of a proxy chain costs a round trip (issue 43: at most one
// round trip's latency per hop): the traffic of BenchmarkRoundTrip on
// acpgen's connection, the client straight to the agent (hops=0), then
// through the conductor's routing (internal/conductor) with 1 or 2
// proxies of the generated proxy package (proxy.Pass) in front of the
// agent. Everything runs in this process over io.Pipe: the numbers are
// the routing's and the proxies' work, not processes' or the kernel's.
// The file needs -tags unstable_proxy_chains, as the proxy package does.

// stopGrace bounds how long the conductor's writers get to finish at the
// end of a run.
const stopGrace = 2 * time.Second

// component is one pipe pair of the chain: the conductor writes to in
// and reads out; the component the other ends.
type component struct {
	inR   *io.PipeReader
	inW   *io.PipeWriter
	outR  *io.PipeReader
	outW  *io.PipeWriter
	ended <-chan struct{} // closed when the component has stopped
}

func newComponent() *component {
	c := &component{}
	c.inR, c.inW = io.Pipe()
	c.outR, c.outW = io.Pipe()
	return c
}

// startProxy runs a proxy of the generated package with handler h on c.
func (c *component) startProxy(h proxy.Handler) {
	p := proxy.New(c.inR, c.outW, h, proxy.Limits{})
	ended := make(chan struct{})
	go func() { defer close(ended); _ = p.Serve(context.Background()) }()
	c.ended = ended
}

// startRelay runs a stand-in for a proxy without the generated engine:
// one goroutine that wraps each request from the conductor in
// proxy/successor (reusing its id for its own call: the two directions
// have separate ids) and sends each reply back unchanged as the answer
// to the request of that id. It knows only the shape the conductor
// writes and this benchmark's traffic (requests towards the agent), and
// measures what the conductor and the pipes cost a hop, without a
// proxy's own work.
func (c *component) startRelay() {
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		in := bufio.NewScanner(c.inR)
		var out []byte
		for in.Scan() {
			line := in.Bytes()
			out = append(out[:0], line...)
			m := bytes.Index(line, []byte(`,"method":`))
			p := bytes.Index(line, []byte(`,"params":`))
			if m >= 0 && p > m {
				out = append(append(out[:m], `,"method":"proxy/successor","params":{"method":`...), line[m+len(`,"method":`):p]...)
				out = append(append(out, line[p:len(line)-1]...), '}', '}')
			}
			if _, err := c.outW.Write(append(out, '\n')); err != nil {
				return
			}
		}
	}()
	c.ended = ended
}

// startAgent runs the benchmark's agent on c.
func (c *component) startAgent() {
	a := acp.NewAgentConn(c.inR, c.outW)
	go a.Serve(acpgenAgent{})
	ended := make(chan struct{})
	go func() { defer close(ended); a.Wait() }()
	c.ended = ended
}

// seesAll is proxy.Pass as a Handler of the user's: it embeds Pass, so
// the proxy hands it every message rather than relaying it.
type seesAll struct{ proxy.Pass }

// chain is what stands between client and agent: hops proxies with
// handler (nil: startRelay's stand-ins in their place).
type chain struct {
	hops    int
	handler proxy.Handler
}

// chainPair connects a client to the agent through the conductor's
// routing and the chain's proxies; stop ends the client, then the chain,
// then every component, and waits for each.
func chainPair(tb testing.TB, ch chain, opts conductor.Options) (*acp.ClientConn, func()) {
	hops := ch.hops
	comps := make([]*component, hops+1)
	conns := make([]conductor.Conn, hops+1)
	for i := range comps {
		comps[i] = newComponent()
		switch {
		case i < hops && ch.handler == nil:
			comps[i].startRelay()
		case i < hops:
			comps[i].startProxy(ch.handler)
		default:
			comps[i].startAgent()
		}
		conns[i] = conductor.Conn{R: comps[i].outR, W: comps[i].inW}
	}
	clientIn, chainOut := io.Pipe()
	chainIn, clientOut := io.Pipe()
	cond := conductor.New(hops+1, opts)
	if err := cond.Start(conductor.Conn{R: chainIn, W: chainOut}, conns); err != nil {
		tb.Fatal(err)
	}
	c := acp.NewClientConn(clientIn, clientOut)
	go c.Serve(acpgenClient{})
	return c, func() {
		clientOut.Close() // the client's end of input ends the chain
		_ = cond.Reason()
		cond.StopWriters(stopGrace)
		for _, comp := range comps {
			comp.inW.Close()
			<-comp.ended
			comp.outW.Close()
		}
		chainOut.Close()
		c.Wait()
	}
}

// hopsRoundTrip is acpgenRoundTrip through the chain: with no hops and
// a handler, the client straight to the agent, without the conductor;
// with no hops and no handler, the conductor between client and agent (a
// chain of the agent alone).
func hopsRoundTrip(ch chain, opts conductor.Options) func(tb testing.TB) (func() error, func()) {
	if ch.hops == 0 && ch.handler != nil {
		return acpgenRoundTrip
	}
	return func(tb testing.TB) (func() error, func()) {
		c, stop := chainPair(tb, ch, opts)
		req := &acp.SetSessionModeRequest{SessionID: sessionID, ModeID: modeID}
		ctx := context.Background()
		return func() error { _, err := c.SetSessionMode(ctx, req); return err }, stop
	}
}

var hopCounts = []int{0, 1, 2}

// hopCounter counts the messages the conductor traced at each hop.
type hopCounter struct {
	mu sync.Mutex
	n  map[string]int
}

func (h *hopCounter) trace(hop string, out bool, msg []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.n[hop]++
}

// TestProxyHopsTraffic checks that every case delivers the traffic, and
// that with proxies (relaying, handling, or the stand-ins) each call and
// its result went through every component, as the conductor's trace
// counts them: per call, the request and its result at the client and
// the agent, and at each proxy both of them on the way in and on the way
// out.
func TestProxyHopsTraffic(t *testing.T) {
	const calls = 10
	for _, h := range []proxy.Handler{proxy.Pass{}, seesAll{}, nil} {
		for _, hops := range hopCounts {
			seen := &hopCounter{n: map[string]int{}}
			call, stop := hopsRoundTrip(chain{hops, h}, conductor.Options{Trace: seen.trace})(t)
			for range calls {
				if err := call(); err != nil {
					t.Fatalf("hops=%d handler=%T: %v", hops, h, err)
				}
			}
			stop()
			if hops > 0 || h == nil {
				checkHopCounts(t, seen, hops, calls)
			}
		}
	}
}

// checkHopCounts checks the messages traced at each hop of a chain of
// hops proxies after calls round trips.
func checkHopCounts(t *testing.T, seen *hopCounter, hops, calls int) {
	t.Helper()
	for i := 0; i <= hops+1; i++ {
		name, want := conductor.HopName(i, hops+1), 2*calls
		if i > 0 && i <= hops {
			want = 4 * calls
		}
		if seen.n[name] != want {
			t.Errorf("hops=%d: %d messages at %s, want %d", hops, seen.n[name], name, want)
		}
	}
}

// BenchmarkProxyHops: one session/set_mode request and its result per
// op, one caller, with 0, 1 and 2 Pass proxies between client and agent
// (compare with benchstat -col /hops). Pass looks at nothing, so the
// proxies' connections relay every message (ADR 0025).
func BenchmarkProxyHops(b *testing.B) {
	for _, hops := range hopCounts {
		b.Run(fmt.Sprintf("hops=%d", hops), func(b *testing.B) {
			benchRoundTrip(b, hopsRoundTrip(chain{hops, proxy.Pass{}}, conductor.Options{}))
		})
	}
}

// BenchmarkProxyHopsHandled: BenchmarkProxyHops with a Handler that
// sees every message (one embedding Pass): what a proxy costs a message
// its Handler looks at.
func BenchmarkProxyHopsHandled(b *testing.B) {
	for _, hops := range hopCounts[1:] {
		b.Run(fmt.Sprintf("hops=%d", hops), func(b *testing.B) {
			benchRoundTrip(b, hopsRoundTrip(chain{hops, seesAll{}}, conductor.Options{}))
		})
	}
}

// BenchmarkConductorHops: BenchmarkProxyHops with startRelay's stand-ins
// for the proxies, so that a hop costs only the conductor's routing and
// the pipes: the floor under BenchmarkProxyHops that no proxy beats. At
// hops=0 the conductor runs a chain of the agent alone: what running a
// chain costs before any proxy is in it.
func BenchmarkConductorHops(b *testing.B) {
	for _, hops := range hopCounts {
		b.Run(fmt.Sprintf("hops=%d", hops), func(b *testing.B) {
			benchRoundTrip(b, hopsRoundTrip(chain{hops, nil}, conductor.Options{}))
		})
	}
}
