// Package acpversion serves several ACP protocol versions on one endpoint
// (Router) and lets a client ask for the newest version it speaks and
// fall back to an older one (Initialize).
//
// ACP versions differ from the first message on: v1's and v2's initialize
// params have different members, and so do most methods after it. A
// program that speaks both runs one generated package per version (say
// gen/acp/v1 and gen/acp/v2). The router reads a connection's messages
// until a valid initialize request, picks the highest version it serves
// at or below the one asked for, and hands the connection to that
// version's agent, replaying the initialize into it, so that the agent
// answers it itself:
//
//	r := &acpversion.Router{Versions: []acpversion.Version{
//		{Protocol: 1, Serve: func(t acpversion.Transport) error {
//			return acpv1.NewAgentConnTransport(t).Serve(&v1Agent{})
//		}},
//		{Protocol: 2, Serve: func(t acpversion.Transport) error {
//			return acpv2.NewAgentConnTransport(t).Serve(&v2Agent{})
//		}},
//	}}
//	err := r.Serve(ctx, acpversion.Stdio(os.Stdin, os.Stdout))
//
// or, for remote clients, in an acpremote.Handler:
//
//	h := &acpremote.Handler{Serve: func(c acpremote.Conn) { _ = r.Serve(c.Context(), c) }}
//
// The package imports no generated package and only the standard library:
// a Transport is the method set every generated package's Transport has
// (ReadMessage, WriteMessage, Close), so it serves any user's packages. A
// program that does not import it pays nothing for it, and one that does
// pays one decode of the initialize's envelope (a copy of its params) and,
// after it, a nil check per message read.
package acpversion
