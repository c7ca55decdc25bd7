// An ACP client on the official TypeScript SDK, talking over stdio to a Go
// agent built on acpgen's generated package (interop_test.go). It runs a
// turn, answering the agent's permission, file and terminal requests, then
// cancels a second prompt. The SDK validates every request and
// notification it receives with its own schemas; this script also
// validates every result. It exits 0 when everything matched, 1 with the
// reason on stderr otherwise.
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import * as z from "./node_modules/@agentclientprotocol/sdk/dist/v1/schema/zod.gen.js";

function fail(why) {
  process.stderr.write(`client.mjs: ${why instanceof Error ? why.stack : why}\n`);
  process.exit(1);
}
process.on("unhandledRejection", fail);
process.on("uncaughtException", fail);

function expect(what, got, want) {
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    fail(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  }
}

function valid(what, schema, value) {
  const parsed = schema.safeParse(value);
  if (!parsed.success) fail(`${what}: invalid ${JSON.stringify(value)}: ${parsed.error}`);
  return value;
}

const cwd = process.argv[2];
const updates = []; // sessionUpdate kinds, in arrival order
const files = new Map();
const handled = []; // requests answered, in order
let waiting; // resolves when the agent reports a running "wait" prompt
const running = new Promise((resolve) => (waiting = resolve));

const app = acp.client({ name: "interop-client" })
  .onNotification(acp.methods.client.session.update, ({ params }) => {
    updates.push(params.update.sessionUpdate);
    const c = params.update.content;
    if (params.update.sessionUpdate === "agent_message_chunk" && c?.type === "text" && c.text === "waiting") waiting();
  })
  .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
    handled.push("session/request_permission");
    const allow = params.options.find((o) => o.kind === "allow_once");
    return { outcome: allow ? { outcome: "selected", optionId: allow.optionId } : { outcome: "cancelled" } };
  })
  .onRequest(acp.methods.client.fs.writeTextFile, ({ params }) => {
    handled.push("fs/write_text_file");
    files.set(params.path, params.content);
    return {};
  })
  .onRequest(acp.methods.client.fs.readTextFile, ({ params }) => {
    handled.push("fs/read_text_file");
    let lines = (files.get(params.path) ?? "").split(/(?<=\n)/);
    if (params.line) lines = lines.slice(params.line - 1);
    if (params.limit) lines = lines.slice(0, params.limit);
    return { content: lines.join("") };
  })
  .onRequest(acp.methods.client.terminal.create, ({ params }) => {
    handled.push("terminal/create " + [params.command, ...(params.args ?? [])].join(" "));
    return { terminalId: "term-1" };
  })
  .onRequest(acp.methods.client.terminal.waitForExit, () => {
    handled.push("terminal/wait_for_exit");
    return { exitCode: 0 };
  })
  .onRequest(acp.methods.client.terminal.output, () => {
    handled.push("terminal/output");
    return { output: "interop\n", truncated: false, exitStatus: { exitCode: 0 } };
  })
  .onRequest(acp.methods.client.terminal.release, () => {
    handled.push("terminal/release");
    return {};
  });

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
  expect("updates", updates, ["agent_thought_chunk", "plan", "tool_call", "tool_call_update", "agent_message_chunk"]);
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
