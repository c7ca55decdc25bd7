// An ACP client on the official TypeScript SDK that expects a Go agent
// guarded by acpremote.RequireBearer (tsclient_test.go) to refuse it:
// it sends initialize with the token in ACP_TOKEN as Authorization:
// Bearer (none when unset) over one of the remote profiles, and exits 0
// when initialize fails (printing why on stderr), 1 when the agent
// answered, 2 when it got no answer at all within 20 s.
//
// Usage: node tsrefused.mjs http://127.0.0.1:PORT/acp http|ws
import WebSocket from "ws";
import * as acp from "@agentclientprotocol/sdk";
import { createHttpStream } from "@agentclientprotocol/sdk/experimental/http-client";
import { createWebSocketStream } from "@agentclientprotocol/sdk/experimental/ws-client";

const [url, profile] = process.argv.slice(2);
const token = process.env.ACP_TOKEN;
const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
const stream = profile === "ws"
  ? createWebSocketStream(url.replace(/^http/, "ws"), { WebSocket, headers })
  : createHttpStream(url, { headers });
const timer = setTimeout(() => {
  process.stderr.write(`tsrefused.mjs: ${profile}: neither an answer nor a refusal within 20 s\n`);
  process.exit(2);
}, 20000);
try {
  await acp.client({ name: "tsrefused" }).connectWith(stream, async (agent) => {
    await agent.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} });
  });
} catch (err) {
  clearTimeout(timer);
  process.stderr.write(`tsrefused.mjs: ${profile} refused: ${err?.message ?? err} ${JSON.stringify(err?.data ?? null)}\n`);
  process.exit(0);
}
process.stderr.write(`tsrefused.mjs: ${profile}: the agent answered initialize\n`);
process.exit(1);
