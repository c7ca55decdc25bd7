package acpversion

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/acpgen/acpgen/transport/internal/rpcerror"
)

// Version is one protocol version a Router serves.
type Version struct {
	// Protocol is the version's number, the protocolVersion of its
	// initialize (a generated package's CurrentProtocolVersion).
	Protocol int
	// Serve runs the connection for this version, typically
	// NewAgentConnTransport(t).Serve(agent) of the version's generated
	// package. The first message t reads is the client's initialize,
	// unchanged, which the agent answers.
	Serve func(t Transport) error
}

// Defaults of the Router's limits on what a client sends before its
// initialize.
const (
	DefaultMaxEarlyMessages = 16
	DefaultMaxEarlyBytes    = 1 << 20
)

// ErrTooManyEarlyMessages ends a connection whose client sent more than
// the Router's limits allow (messages or bytes) without a valid
// initialize request.
var ErrTooManyEarlyMessages = errors.New("acpversion: too much sent before a valid initialize request")

// Router serves several protocol versions on one endpoint: each connection
// goes to the Version its initialize asks for. Set its fields before the
// first Serve and do not change them after; Serve may run for many
// connections at once.
//
// Before the initialize, the Router answers what the connection's agent
// would: a request other than initialize gets -32600 (Invalid Request), a
// message that is not JSON -32700, a batch one -32600 with a null id, an
// initialize whose protocolVersion is missing or not a version -32602;
// notifications and responses are dropped, unanswered (nothing was sent
// that they could answer, and a notification has no one to answer); then
// it waits for the next message. Each counts toward MaxEarlyMessages and
// MaxEarlyBytes.
type Router struct {
	// Versions lists the versions served, in any order, each once.
	Versions []Version
	// MaxEarlyMessages bounds the messages read before a valid
	// initialize, that one included (default DefaultMaxEarlyMessages);
	// past it the client is sent a -32600 error with a null id saying so,
	// and the connection ends with ErrTooManyEarlyMessages.
	MaxEarlyMessages int
	// MaxEarlyBytes bounds their bytes the same way (default
	// DefaultMaxEarlyBytes). Each message is bounded by the transport.
	MaxEarlyBytes int
}

// Serve runs one connection: it reads t until a valid initialize, then
// returns what the chosen Version's Serve returns. ctx ends the whole
// connection: t is closed when it ends (so every wait on t returns), and
// in any case before Serve returns.
//
// It returns nil when the client ended the connection (io.EOF) before
// initialize, ErrTooManyEarlyMessages past the limits, or the error that
// ended t.
func (r *Router) Serve(ctx context.Context, t Transport) error {
	if err := r.check(); err != nil {
		_ = t.Close()
		return err
	}
	stop := context.AfterFunc(ctx, func() { _ = t.Close() })
	defer stop()
	defer t.Close()
	v, init, err := r.awaitInitialize(t)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err == io.EOF {
			return nil
		}
		return err
	}
	return v.Serve(&replay{Transport: t, first: init})
}

// check refuses a Router that cannot route.
func (r *Router) check() error {
	if len(r.Versions) == 0 {
		return errors.New("acpversion: Router.Versions is empty")
	}
	seen := map[int]bool{}
	for _, v := range r.Versions {
		switch {
		case v.Serve == nil:
			return fmt.Errorf("acpversion: version %d has no Serve", v.Protocol)
		case v.Protocol < 0 || v.Protocol > maxProtocol:
			return fmt.Errorf("acpversion: version %d is not a protocol version (0 to %d)", v.Protocol, maxProtocol)
		case seen[v.Protocol]:
			return fmt.Errorf("acpversion: version %d is listed twice", v.Protocol)
		}
		seen[v.Protocol] = true
	}
	return nil
}

// awaitInitialize reads messages until a valid initialize, answering the
// others, and returns the version chosen and the initialize message.
func (r *Router) awaitInitialize(t Transport) (*Version, []byte, error) {
	maxMessages, maxBytes := orDefault(r.MaxEarlyMessages, DefaultMaxEarlyMessages), orDefault(r.MaxEarlyBytes, DefaultMaxEarlyBytes)
	messages, size := 0, 0
	for {
		msg, err := t.ReadMessage()
		if err != nil {
			return nil, nil, err
		}
		messages, size = messages+1, size+len(msg)
		if messages > maxMessages || size > maxBytes {
			err := fmt.Errorf("%w (%d messages, %d bytes; limits %d and %d)", ErrTooManyEarlyMessages, messages, size, maxMessages, maxBytes)
			_ = t.WriteMessage(rpcerror.Response(nil, rpcerror.InvalidRequest, "Invalid request: "+err.Error()+"; the connection ends", nil))
			return nil, nil, err
		}
		v, answer := r.route(msg)
		if v != nil {
			return v, msg, nil
		}
		if answer != nil {
			if err := t.WriteMessage(answer); err != nil {
				return nil, nil, err
			}
		}
	}
}

func orDefault(n, def int) int {
	if n <= 0 {
		return def
	}
	return n
}
