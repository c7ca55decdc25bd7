// Package proxy runs a component of an ACP proxy chain: a program that a
// conductor starts between a client and an agent, which sees every
// message going either way and may rewrite, answer or drop it.
//
// A conductor speaks to the proxy over one connection (its stdin and
// stdout). Messages from the client side come as they are; the conductor
// starts the proxy with proxy/initialize instead of initialize, and
// messages from and to the successor (the next proxy, or the agent) travel
// in proxy/successor envelopes. Serve hides the envelopes: a Handler sees
// each request and notification as a Message with its direction, method
// and params, and calls next to send it on (Pass forwards everything
// unchanged). The proxy runs on the generated package's JSON-RPC engine,
// so it keeps every connection's rules across the hop: notifications are
// handled one at a time in arrival order, a request is handed to the
// handler only after the messages received before it, and what a side
// sends after a request goes on only once the handler has passed the
// request on (each side in its own lane, the other not held); a cancelled
// request cancels what its handler forwarded; queues and output are
// bounded; and a conductor that ends its input, stops reading or cannot
// be written to ends Serve, as does the end of its context.
//
// A message the Handler does not look at (every one, for Pass; those of
// the methods it does not name, for a Handler wrapped with Only) is
// relayed by the connection itself as it is read, wrapped or unwrapped
// as next would, with the same rules: it costs the proxy about what it
// costs the conductor to route it, where a message handed to a Handler
// costs a goroutine, a call waiting for its reply and their wake-ups.
//
// Everything but this comment needs the build tag of the proxy chains
// feature (unstable_proxy_chains, or unstable), as the protocol's proxy
// types do.
package proxy
