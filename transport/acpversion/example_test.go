package acpversion_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/acpgen/acpgen/transport/acpversion"
)

// A Router serving versions 1 and 2 over stdio. A request before
// initialize is answered -32600; the initialize goes, unchanged, to the
// version it asks for, whose Serve would be a generated package's
// NewAgentConnTransport(t).Serve(agent): here it prints what it reads.
func ExampleRouter() {
	version := func(n int) acpversion.Version {
		return acpversion.Version{Protocol: n, Serve: func(t acpversion.Transport) error {
			for {
				msg, err := t.ReadMessage()
				if err != nil {
					return nil
				}
				fmt.Printf("version %d reads %s\n", n, msg)
			}
		}}
	}
	r := &acpversion.Router{Versions: []acpversion.Version{version(1), version(2)}}
	in := strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":"/"}}
{"jsonrpc":"2.0","method":"session/cancel","params":{}}
{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":3,"info":{"name":"editor","version":"1"}}}
{"jsonrpc":"2.0","id":3,"method":"session/new","params":{"cwd":"/"}}
`)
	out := struct{ io.Writer }{os.Stdout} // Stdio closes an out that is an io.Closer
	if err := r.Serve(context.Background(), acpversion.Stdio(in, out)); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Invalid request: the connection is not initialized; \"session/new\" must come after initialize"}}
	// version 2 reads {"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":3,"info":{"name":"editor","version":"1"}}}
	// version 2 reads {"jsonrpc":"2.0","id":3,"method":"session/new","params":{"cwd":"/"}}
}

// An agent program serving two versions on its own stdio (not run here:
// it would read the test's standard input). serveV1 and serveV2 would
// open the versions' generated agent connections on t.
func Example_stdio() {
	serveV1 := func(t acpversion.Transport) error { return nil }
	serveV2 := func(t acpversion.Transport) error { return nil }
	r := &acpversion.Router{Versions: []acpversion.Version{
		{Protocol: 1, Serve: serveV1},
		{Protocol: 2, Serve: serveV2},
	}}
	ctx := context.Background()
	err := r.Serve(ctx, acpversion.Stdio(os.Stdin, os.Stdout))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
