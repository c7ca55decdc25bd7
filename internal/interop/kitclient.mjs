// An ACP client on the official TypeScript SDK driving acpgen's test agent
// (the generated acptest package's TestAgent, kit_test.go) through every
// scenario and every stable agent method. It checks every request and
// notification it receives, and every result, with the SDK's own schemas
// (valid fails on the first reject), counts the session/update
// notifications it accepted and writes the count to the file named by its
// second argument, for the Go side to compare with what it sent. It exits
// 0 when everything matched, 1 with the reason on stderr otherwise.
import { writeFileSync } from "node:fs";
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import * as z from "./node_modules/@agentclientprotocol/sdk/dist/v1/schema/zod.gen.js";
import { expect, fail, valid } from "./checks.mjs";

const [cwd, countFile] = process.argv.slice(2);
let updates = 0;
let lastText = "";
let onWaiting;
const files = new Map();
const handled = [];

const app = acp.client({ name: "kit-client" })
  .onNotification(acp.methods.client.session.update, ({ params }) => {
    valid("session/update", z.zSessionNotification, params);
    updates++;
    const c = params.update.content;
    if (params.update.sessionUpdate === "agent_message_chunk" && c?.type === "text") {
      lastText = c.text;
      if (c.text === "waiting") onWaiting?.();
    }
  })
  .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
    valid("session/request_permission", z.zRequestPermissionRequest, params);
    handled.push("session/request_permission");
    return { outcome: { outcome: "selected", optionId: params.options.find((o) => o.kind === "allow_once").optionId } };
  })
  .onRequest(acp.methods.client.fs.writeTextFile, ({ params }) => {
    valid("fs/write_text_file", z.zWriteTextFileRequest, params);
    handled.push("fs/write_text_file");
    files.set(params.path, params.content);
    return {};
  })
  .onRequest(acp.methods.client.fs.readTextFile, ({ params }) => {
    valid("fs/read_text_file", z.zReadTextFileRequest, params);
    handled.push("fs/read_text_file");
    let lines = (files.get(params.path) ?? "").split(/(?<=\n)/);
    if (params.line) lines = lines.slice(params.line - 1);
    if (params.limit) lines = lines.slice(0, params.limit);
    return { content: lines.join("") };
  })
  .onRequest(acp.methods.client.terminal.create, ({ params }) => {
    valid("terminal/create", z.zCreateTerminalRequest, params);
    handled.push("terminal/create");
    return { terminalId: "term-1" };
  })
  .onRequest(acp.methods.client.terminal.output, ({ params }) => {
    valid("terminal/output", z.zTerminalOutputRequest, params);
    handled.push("terminal/output");
    return { output: "hello\n", truncated: false, exitStatus: { exitCode: 0 } };
  })
  .onRequest(acp.methods.client.terminal.waitForExit, ({ params }) => {
    valid("terminal/wait_for_exit", z.zWaitForTerminalExitRequest, params);
    handled.push("terminal/wait_for_exit");
    return { exitCode: 0 };
  })
  .onRequest(acp.methods.client.terminal.kill, ({ params }) => {
    valid("terminal/kill", z.zKillTerminalRequest, params);
    handled.push("terminal/kill");
    return {};
  })
  .onRequest(acp.methods.client.terminal.release, ({ params }) => {
    valid("terminal/release", z.zReleaseTerminalRequest, params);
    handled.push("terminal/release");
    return {};
  })
  .onRequest(acp.methods.client.elicitation.create, ({ params }) => {
    valid("elicitation/create", z.zCreateElicitationRequest, params);
    handled.push("elicitation/create");
    return { action: "accept" };
  })
  .onNotification(acp.methods.client.elicitation.complete, ({ params }) => {
    valid("elicitation/complete", z.zCompleteElicitationNotification, params);
    handled.push("elicitation/complete");
  })
  .onRequest("*", ({ method }) => {
    handled.push(method);
    return {};
  })
  .onNotification("*", ({ method }) => {
    handled.push(method);
  });

const stream = acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin));
await app.connectWith(stream, async (agent) => {
  const m = acp.methods.agent;
  const call = async (what, schema, method, params) => valid(what, schema, await agent.request(method, params));

  const init = await call("initialize", z.zInitializeResponse, m.initialize, {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: true, elicitation: { url: {} } },
    clientInfo: { name: "kit-client", version: "1.0.0" },
  });
  expect("protocol version", init.protocolVersion, acp.PROTOCOL_VERSION);
  await call("authenticate", z.zAuthenticateResponse, m.authenticate, { methodId: "test-login" });
  const { sessionId } = await call("session/new", z.zNewSessionResponse, m.session.new, { cwd, mcpServers: [] });
  await call("session/set_mode", z.zSetSessionModeResponse, m.session.setMode, { sessionId, modeId: "code" });
  await call("session/set_config_option", z.zSetSessionConfigOptionResponse, m.session.setConfigOption,
    { sessionId, configId: "effort", value: "high" });

  const prompt = (text) => agent.request(m.session.prompt, { sessionId, prompt: [{ type: "text", text }] });
  const turn = async (text, stop, last) => {
    const result = valid(`prompt ${text}`, z.zPromptResponse, await prompt(text));
    expect(`${text}: stop reason`, result.stopReason, stop);
    if (last !== undefined) expect(`${text}: last message`, lastText, last);
  };
  await turn("echo hello", "end_turn", "hello");
  await turn("stream 5", "end_turn", "chunk 5/5\n");
  await turn("thought hmm", "end_turn");
  await turn("tools", "end_turn");
  await turn("permission", "end_turn", "permission: allow-once");
  await turn("write notes.txt hi", "end_turn");
  await turn("read notes.txt", "end_turn", "hi");
  await turn("files", "end_turn", "two\n");
  await turn("terminal", "end_turn", 'terminal: "hello\\n", exit code 0');
  await turn("plan", "end_turn");
  await turn("updates", "end_turn");
  await turn("elicit", "end_turn", 'elicitation: {"action":"accept"}');
  await turn("ext", "end_turn", "ext: {}");
  for (const reason of ["max_tokens", "max_turn_requests", "refusal", "cancelled"]) await turn(`stop ${reason}`, reason);
  await turn("all", "end_turn");
  try {
    await prompt("fail boom");
    fail("the fail scenario's prompt succeeded");
  } catch (err) {
    expect("fail scenario's error", err.message.includes("boom") || err.data?.message?.includes?.("boom") || JSON.stringify(err).includes("boom"), true);
  }
  const running = new Promise((resolve) => (onWaiting = resolve));
  const waited = prompt("wait");
  await running;
  await agent.sendNotification(m.session.cancel, { sessionId });
  expect("wait: stop reason", valid("wait result", z.zPromptResponse, await waited).stopReason, "cancelled");

  await call("session/load", z.zLoadSessionResponse, m.session.load, { sessionId, cwd, mcpServers: [] });
  const list = await call("session/list", z.zListSessionsResponse, m.session.list, {});
  expect("sessions listed", list.sessions.map((s) => s.sessionId), [sessionId]);
  await call("session/resume", z.zResumeSessionResponse, m.session.resume, { sessionId, cwd });
  await call("session/close", z.zCloseSessionResponse, m.session.close, { sessionId });
  await call("session/delete", z.zDeleteSessionResponse, m.session.delete, { sessionId });
  await call("logout", z.zLogoutResponse, m.logout, {});

  for (const method of ["session/request_permission", "fs/write_text_file", "fs/read_text_file", "terminal/create", "terminal/output",
    "terminal/wait_for_exit", "terminal/kill", "terminal/release", "elicitation/create", "elicitation/complete", "_acptest/note", "_acptest/ping"]) {
    if (!handled.includes(method)) fail(`the agent never called ${method}`);
  }
});
writeFileSync(countFile, String(updates));
process.stderr.write("kitclient.mjs: ok\n");
process.exit(0);
