// An ACP client on the official TypeScript SDK, connecting to a Go agent
// (gen/acp/v1) served by acpremote.Handler (tsclient_test.go) over one of
// the two remote profiles: Streamable HTTP with the SDK's createHttpStream
// (experimental/http-client), or WebSocket with its createWebSocketStream
// (experimental/ws-client) on ws's WebSocket (Node 20 has none built in).
//
// Usage: node tsclient.mjs http://127.0.0.1:PORT/acp http|ws
//
// It runs a turn ("tools": a tool call, a permission request, a file
// written and read through this client, a terminal; the shared test
// client, testclient.mjs, answers them), then cancels a prompt ("wait")
// and closes the connection. The SDK validates every request and
// notification it receives with its schemas; this script validates every
// result. It exits 0 when everything matched, 1 with the reason on stderr
// otherwise.
import WebSocket from "ws";
import * as acp from "@agentclientprotocol/sdk";
import { createHttpStream } from "@agentclientprotocol/sdk/experimental/http-client";
import { createWebSocketStream } from "@agentclientprotocol/sdk/experimental/ws-client";
import * as z from "./node_modules/@agentclientprotocol/sdk/dist/v1/schema/zod.gen.js";
import { expect, testClient, valid } from "./testclient.mjs";

const [url, profile] = process.argv.slice(2);
const { app, updates, handled, running } = testClient("tsclient", "remote");

// short is an update as the expectations below write it.
const short = (u) => (u.sessionUpdate === "agent_message_chunk" ? u.content.text : `${u.sessionUpdate} ${u.toolCallId}`);

const stream = profile === "ws"
  ? createWebSocketStream(url.replace(/^http/, "ws"), { WebSocket })
  : createHttpStream(url);
await app.connectWith(stream, async (agent) => {
  const init = valid("initialize result", z.zInitializeResponse, await agent.request(acp.methods.agent.initialize, {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: true },
    clientInfo: { name: "tsclient", version: "1.0.0" },
  }));
  expect("protocol version", init.protocolVersion, acp.PROTOCOL_VERSION);
  const session = valid("session/new result", z.zNewSessionResponse,
    await agent.request(acp.methods.agent.session.new, { cwd: "/work", mcpServers: [] }));

  const prompt = (text) => agent.request(acp.methods.agent.session.prompt, {
    sessionId: session.sessionId, prompt: [{ type: "text", text }],
  });
  const result = valid("session/prompt result", z.zPromptResponse, await prompt("tools"));
  expect("stop reason", result.stopReason, "end_turn");
  expect("updates", updates.map(short), ["thinking", "tool_call call-1", "chose allow", "read beta", "tool_call_update call-1", "done"]);
  expect("requests answered", handled, [
    "session/request_permission", "fs/write_text_file", "fs/read_text_file",
    "terminal/create echo remote", "terminal/wait_for_exit", "terminal/output", "terminal/release",
  ]);

  const second = prompt("wait");
  await running;
  await agent.sendNotification(acp.methods.agent.session.cancel, { sessionId: session.sessionId });
  const cancelled = valid("cancelled prompt result", z.zPromptResponse, await second);
  expect("cancelled stop reason", cancelled.stopReason, "cancelled");
});
process.stderr.write(`tsclient.mjs: ${profile} ok\n`);
process.exit(0);
