// An ACP client on the official TypeScript SDK, talking over stdio to a Go
// agent built on acpgen's generated package (interop_test.go). It runs a
// turn, answering the agent's permission, file and terminal requests (the
// shared test client, testclient.mjs), then cancels a second prompt. The
// SDK validates every request and notification it receives with its own
// schemas; this script also validates every result. It exits 0 when
// everything matched, 1 with the reason on stderr otherwise.
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import * as z from "./node_modules/@agentclientprotocol/sdk/dist/v1/schema/zod.gen.js";
import { expect, testClient, valid } from "./testclient.mjs";

const cwd = process.argv[2];
const { app, updates, handled, running } = testClient("interop-client", "interop");

const stream = acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin));
await app.connectWith(stream, async (agent) => {
  const init = valid("initialize result", z.zInitializeResponse, await agent.request(acp.methods.agent.initialize, {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: true },
    clientInfo: { name: "interop-client", version: "1.0.0" },
  }));
  expect("protocol version", init.protocolVersion, acp.PROTOCOL_VERSION);
  const session = valid("session/new result", z.zNewSessionResponse,
    await agent.request(acp.methods.agent.session.new, { cwd, mcpServers: [] }));

  const prompt = (text) => agent.request(acp.methods.agent.session.prompt, {
    sessionId: session.sessionId, prompt: [{ type: "text", text }],
  });
  const result = valid("session/prompt result", z.zPromptResponse, await prompt("go"));
  expect("stop reason", result.stopReason, "end_turn");
  expect("updates", updates.map((u) => u.sessionUpdate), ["agent_thought_chunk", "plan", "tool_call", "tool_call_update", "agent_message_chunk"]);
  expect("requests answered", handled, [
    "session/request_permission", "fs/write_text_file", "fs/read_text_file",
    "terminal/create echo interop", "terminal/wait_for_exit", "terminal/output", "terminal/release",
  ]);

  const second = prompt("wait");
  await running;
  await agent.sendNotification(acp.methods.agent.session.cancel, { sessionId: session.sessionId });
  const cancelled = valid("cancelled prompt result", z.zPromptResponse, await second);
  expect("cancelled stop reason", cancelled.stopReason, "cancelled");
});
process.stderr.write("client.mjs: ok\n");
process.exit(0);
