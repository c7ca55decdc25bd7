// Command acptestagent serves the deterministic ACP test agent over stdio,
// for the tests of a client written in any language: the client starts it
// as it would start any agent, and the text of each prompt selects a
// scenario (echo, stream N, tools, permission, files, terminal, plan,
// updates, wait, fail, all, …; `go doc github.com/acpgen/acpgen/gen/acp/v1/acptest`
// lists them, and the agent sends them as its available commands).
//
//	acptestagent [-protocol v1|v2]
//
// Run it without installing, pinned to a version:
//
//	go run github.com/acpgen/acpgen/cmd/acptestagent@VERSION -protocol v1
//
// or, in a Go module, as a tool (go get -tool
// github.com/acpgen/acpgen/cmd/acptestagent@VERSION, then go tool
// acptestagent). It exits 0 when its input ends, 1 on a connection error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
	kit1 "github.com/acpgen/acpgen/gen/acp/v1/acptest"
	acp2 "github.com/acpgen/acpgen/gen/acp/v2"
	kit2 "github.com/acpgen/acpgen/gen/acp/v2/acptest"
)

func main() {
	protocol := flag.String("protocol", "v1", "the ACP version to speak: v1 or v2")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: acptestagent [-protocol v1|v2]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*protocol, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "acptestagent:", err)
		if errors.Is(err, errProtocol) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

var errProtocol = errors.New("-protocol must be v1 or v2")

// run serves the test agent of protocol on in and out until in ends.
func run(protocol string, in io.Reader, out io.Writer) error {
	switch protocol {
	case "v1":
		conn := acp1.NewAgentConn(in, out)
		return conn.Serve(kit1.NewTestAgent(conn))
	case "v2":
		conn := acp2.NewAgentConn(in, out)
		return conn.Serve(kit2.NewTestAgent(conn))
	}
	return fmt.Errorf("%w, not %q", errProtocol, protocol)
}
