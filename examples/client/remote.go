package main

import (
	"context"
	"fmt"
	"time"

	"github.com/acpgen/acpgen/examples/internal/bearer"
	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/transport/acpremote"
)

// dialWait bounds connecting to a remote agent.
const dialWait = 10 * time.Second

// dial connects to the agent served at url (ws:// or wss:// for the
// WebSocket profile, http:// or https:// for Streamable HTTP) and serves
// c on the connection; a token, if any, goes with every request as
// Authorization: Bearer. The agent is gone when the connection is: closed
// by either side or lost. Over Streamable HTTP the connection is made by
// initialize, so a server that cannot be reached fails that call.
func dial(url, token string, c *client, opts []acp.ConnOption) (*acp.ClientConn, agentLink, error) {
	ctx, cancel := context.WithTimeout(context.Background(), dialWait)
	defer cancel()
	t, err := acpremote.Dial(ctx, url, &acpremote.DialOptions{Header: bearer.Header(token)})
	if err != nil {
		return nil, agentLink{}, fmt.Errorf("connecting to the agent: %w", err)
	}
	conn := acp.NewClientConnTransport(t, opts...)
	go conn.Serve(c)
	return conn, agentLink{done: t.Context().Done(), stop: conn.Close}, nil
}
