// Command acpconductor runs an ACP proxy chain: it speaks ACP to its own
// client on stdin and stdout, starts each component of the chain as a
// process, and routes every message between them, so that to the client
// the whole chain is one agent.
//
//	acpconductor [-trace FILE] [-grace DURATION] -- PROXY1 ARGS... -- PROXY2 ARGS... -- AGENT ARGS...
//
// Every component but the last is a proxy: the conductor initializes it
// with proxy/initialize and carries what it sends to and receives from its
// successor in proxy/successor envelopes (the generated package's proxy
// subpackage does this side). The last component is an ordinary agent,
// spoken to with plain ACP. The conductor routes raw JSON-RPC (package
// internal/conductor; this command adds the processes) and needs no
// build tags: go run github.com/acpgen/acpgen/cmd/acpconductor@VERSION.
//
// -trace writes every message at every hop to FILE, one line each, as
// "HOP ARROW MESSAGE": HOP is client, proxy1, proxy2, … or agent, the
// peer of the conductor on that hop; ARROW is -> for what the conductor
// sent it and <- for what it received; MESSAGE is the JSON-RPC message as
// it went over the wire. Without the HOP word, a line is that of
// examples/client -trace.
//
// When any component exits or closes its output, the chain ends: the
// client's pending requests get errors, every component's input is
// closed, and a component still running after the grace period (-grace,
// 2s) gets SIGTERM, then SIGKILL, to its whole process group. When the
// client's input ends, the chain ends once the client's requests sent
// before have their answers. The conductor exits 0 when its client ended
// the session (end of input), 1 when a component ended the chain, 2 on a
// bad command line.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// errUsage is a bad command line.
var errUsage = errors.New("usage: acpconductor [-trace FILE] [-grace DURATION] -- PROXY ARGS... -- AGENT ARGS...")

// options are the command line.
type options struct {
	trace string
	grace time.Duration
	chain [][]string // each component's argv, the agent last
}

// parseArgs reads the flags and splits the chain at each "--".
func parseArgs(args []string, errw io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("acpconductor", flag.ContinueOnError)
	fs.SetOutput(errw)
	fs.StringVar(&o.trace, "trace", "", "write every message at every hop to `FILE`")
	fs.DurationVar(&o.grace, "grace", 2*time.Second, "how long a component has to exit after its input closes, then after SIGTERM")
	if err := fs.Parse(args); err != nil {
		return o, errUsage
	}
	var cur []string
	for _, a := range fs.Args() {
		if a != "--" {
			cur = append(cur, a)
			continue
		}
		if cur != nil {
			o.chain = append(o.chain, cur)
		}
		cur = nil
	}
	if cur != nil {
		o.chain = append(o.chain, cur)
	}
	if len(o.chain) == 0 || o.grace <= 0 {
		return o, errUsage
	}
	return o, nil
}

// run runs the chain with in and out as the client's connection until
// the client or a component ends it, and returns the exit status.
func run(ctx context.Context, args []string, in io.Reader, out io.Writer, errw io.Writer) int {
	o, err := parseArgs(args, errw)
	if err != nil {
		fmt.Fprintln(errw, err)
		return 2
	}
	tr, err := openTrace(o.trace)
	if err != nil {
		fmt.Fprintln(errw, "acpconductor:", err)
		return 1
	}
	defer tr.close()
	c := newChain(len(o.chain), tr, errw, o.grace)
	if err := c.startAll(o.chain, in, out); err != nil {
		c.stopAll()
		fmt.Fprintln(errw, "acpconductor:", err)
		return 1
	}
	select {
	case <-c.Ended():
	case <-ctx.Done():
		c.End(fmt.Errorf("stopped: %w", context.Cause(ctx)))
	}
	reason := c.Reason()
	c.FailPending(reason, o.grace)
	c.stopAll()
	if reason != nil {
		fmt.Fprintln(errw, "acpconductor:", reason)
		return 1
	}
	return 0
}

// commandLine is argv as one string, for messages.
func commandLine(argv []string) string { return strings.Join(argv, " ") }
