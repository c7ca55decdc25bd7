// Command acpbridge serves a stdio ACP agent to remote clients:
//
//	acpbridge [-listen ADDR] [-token-file FILE | -token-env NAME] [-allow-origin ORIGIN]... -- AGENT-COMMAND ARGS...
//
// It listens on ADDR (default 127.0.0.1:8080) and serves the endpoint /acp
// of ACP's draft remote transport (the "Streamable HTTP & WebSocket
// Transport" RFD). Each remote connection gets an agent process of its
// own, started from AGENT-COMMAND in a process group of its own, and the
// bridge forwards every message between the two unread: an agent written
// for stdio (codex-acp, claude-agent-acp, examples/agent) serves remote
// editors unchanged. When the connection ends the agent is stopped (end
// of its input, SIGTERM two seconds later, SIGKILL two more); when the
// agent exits, the connection is ended. The agent's standard error is the
// bridge's.
//
// With -token-file or -token-env it serves only requests carrying that
// bearer token (Authorization: Bearer TOKEN; 401 otherwise, on every
// request and the WebSocket upgrade): whoever reaches the port drives the
// agent and whatever the agent may run. The token is read from the file
// or the environment variable named, never given on the command line,
// where every user of the machine can read it. Without one, listening
// beyond the loopback interface is warned about on standard error.
//
// HTTP/1.1 and unencrypted HTTP/2 (h2c) are served on the same port; put
// a TLS-terminating proxy in front to serve it beyond the local machine.
// A request from a web page (one with an Origin header) is refused unless
// its origin is given with -allow-origin, so that a page the user visits
// cannot drive the agent; clients that are not browsers send no Origin
// and are served. Ctrl-C (or SIGTERM) ends every connection, stops every
// agent and exits.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/acpgen/acpgen/examples/internal/bearer"
)

// options are the command line.
type options struct {
	listen  string
	origins []string
	token   bearer.Source
	command []string
}

func main() {
	var o options
	flag.StringVar(&o.listen, "listen", "127.0.0.1:8080", "serve on `ADDR` (host:port)")
	flag.Func("allow-origin", "let web pages of `ORIGIN` (https://host[:port]) connect; repeatable, * for any", func(s string) error {
		o.origins = append(o.origins, s)
		return nil
	})
	o.token.Register(flag.CommandLine, "serve only clients sending")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: acpbridge [-listen ADDR] [-token-file FILE | -token-env NAME] [-allow-origin ORIGIN]... -- AGENT-COMMAND ARGS...")
		flag.PrintDefaults()
	}
	flag.Parse()
	o.command = flag.Args()
	if len(o.command) == 0 {
		flag.Usage()
		os.Exit(2)
	}
	logger := log.New(os.Stderr, "acpbridge: ", log.LstdFlags)
	if err := run(o, logger); err != nil {
		logger.Fatal(err)
	}
}

// run serves until Ctrl-C or SIGTERM.
func run(o options, logger *log.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	token, err := o.token.Load()
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.listen)
	if err != nil {
		return err
	}
	return serve(ctx, ln, &bridge{command: o.command, log: logger}, access{origins: o.origins, token: token})
}
