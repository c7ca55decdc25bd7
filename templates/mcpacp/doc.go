// Package mcpacp carries MCP servers over an ACP connection ("MCP over
// ACP", behind the build tag unstable_mcp_over_acp, as the generated
// package's mcp/message is): a client serves MCP servers it declares in
// session/new with "type": "acp", and the agent calls them as an MCP
// client would, each MCP request an mcp/message request of its own.
//
// The client side is a Provider: register a Server (a handler of raw
// JSON-RPC MCP requests) under a server id, pass its Declaration in the
// session's mcpServers, and forward the client handler's MessageMCP to the
// Provider. The agent side is a Caller: forward the agent handler's
// MessageMCP (the provider's notifications) to it and Call a declared
// server's methods, or re-export a server as a loopback MCP Streamable HTTP
// endpoint with a Bridge, for an MCP client that only takes URLs.
//
// The binding follows the MCP-over-ACP RFD as the official SDKs implement
// it: MCP messages stay raw JSON (json.RawMessage); an inner MCP error
// travels in a successful mcp/message response, while failures of the
// binding itself are ACP errors with the codes below (BindingError). There is
// no connect or disconnect: each request names its server and carries the
// MCP request metadata of MCP 2026-07-28 (Caller adds what is missing). The
// provider may send notifications scoped to an active request (progress,
// subscription events); the agent has no notification to send, and cancels
// a request by ending its context (ACP's $/cancel_request). Without the build
// tag the package holds only this comment.
package mcpacp
