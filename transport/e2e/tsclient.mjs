// An ACP client on the official TypeScript SDK, connecting to a Go agent
// (gen/acp/v1) served by acpremote.Handler (tsclient_test.go) over one of
// the two remote profiles: Streamable HTTP with the SDK's createHttpStream
// (experimental/http-client), or WebSocket with its createWebSocketStream
// (experimental/ws-client) on ws's WebSocket (Node 20 has none built in).
//
// Usage: node tsclient.mjs http://127.0.0.1:PORT/acp http|ws
//
// With ACP_TOKEN set in its environment the client sends it with every
// request (the upgrade, each POST, GET and DELETE) as Authorization:
// Bearer, through the SDK's headers option of either stream.
//
// The shared test client (testclient.mjs) runs a turn ("tools": a tool
// call, a permission request, a file written and read through this
// client, a terminal), then cancels a prompt ("wait"); then the
// connection closes. The SDK validates every request and notification it
// receives with its schemas; the client validates every result. It exits
// 0 when everything matched, 1 with the reason on stderr otherwise.
import WebSocket from "ws";
import { createHttpStream } from "@agentclientprotocol/sdk/experimental/http-client";
import { createWebSocketStream } from "@agentclientprotocol/sdk/experimental/ws-client";
import { testClient } from "./testclient.mjs";

const [url, profile] = process.argv.slice(2);
const { app, drive } = testClient("tsclient", "remote");
const token = process.env.ACP_TOKEN;
const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
const stream = profile === "ws"
  ? createWebSocketStream(url.replace(/^http/, "ws"), { WebSocket, headers })
  : createHttpStream(url, { headers });
await app.connectWith(stream, (agent) => drive(agent, {
  cwd: "/work",
  text: "tools",
  // An update as the Go agent's turn is written: a message's text, or a
  // tool call's kind and id.
  short: (u) => (u.sessionUpdate === "agent_message_chunk" ? u.content.text : `${u.sessionUpdate} ${u.toolCallId}`),
  want: ["thinking", "tool_call call-1", "chose allow", "read beta", "tool_call_update call-1", "done"],
}));
process.stderr.write(`tsclient.mjs: ${profile} ok\n`);
process.exit(0);
