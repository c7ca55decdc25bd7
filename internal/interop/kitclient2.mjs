// kitclient.mjs for ACP v2, on the SDK's experimental v2 client: it drives
// the v2 test agent through every scenario and every stable agent method,
// checking all it receives with the SDK's v2 schemas, and writes the count
// of session/update notifications it accepted to the file named by its
// second argument. A v2 turn ends with an idle state update, not with the
// prompt's answer.
import { writeFileSync } from "node:fs";
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk/experimental/v2";
import * as z from "./node_modules/@agentclientprotocol/sdk/dist/v2/schema/zod.gen.js";
import { expect, fail, valid } from "./checks.mjs";

const [cwd, countFile] = process.argv.slice(2);
let updates = 0;
let lastText = "";
let onWaiting;
let onIdle;
const handled = [];

const app = acp.client({ name: "kit-client-v2" })
  .onNotification(acp.methods.client.session.update, ({ params }) => {
    valid("session/update", z.zUpdateSessionNotification, params);
    updates++;
    const u = params.update;
    if (u.sessionUpdate === "agent_message_chunk" && u.content?.type === "text") {
      lastText = u.content.text;
      if (u.content.text === "waiting") onWaiting?.();
    }
    if (u.sessionUpdate === "state_update" && u.state === "idle") onIdle?.(u.stopReason);
  })
  .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
    valid("session/request_permission", z.zRequestPermissionRequest, params);
    handled.push("session/request_permission");
    return { outcome: { outcome: "selected", optionId: params.options.find((o) => o.kind === "allow_once").optionId } };
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
    info: { name: "kit-client-v2", version: "1.0.0" },
    capabilities: { elicitation: { url: {} } },
  });
  expect("protocol version", init.protocolVersion, acp.PROTOCOL_VERSION);
  await call("auth/login", z.zLoginAuthResponse, m.auth.login, { methodId: "test-login" });
  const { sessionId } = await call("session/new", z.zNewSessionResponse, m.session.new, { cwd, mcpServers: [] });
  await call("session/set_config_option", z.zSetSessionConfigOptionResponse, m.session.setConfigOption,
    { sessionId, configId: "effort", type: "id", value: "high" });

  // turn prompts text and returns the stop reason of the idle state that
  // ends its turn.
  const turn = async (text) => {
    const idle = new Promise((resolve) => (onIdle = resolve));
    valid(`prompt ${text}`, z.zPromptResponse, await agent.request(m.session.prompt, { sessionId, prompt: [{ type: "text", text }] }));
    return await idle;
  };
  const expectTurn = async (text, stop, last) => {
    expect(`${text}: stop reason`, await turn(text), stop);
    if (last !== undefined) expect(`${text}: last message`, lastText, last);
  };
  await expectTurn("echo hello", "end_turn", "hello");
  await expectTurn("stream 5", "end_turn", "chunk 5/5\n");
  await expectTurn("thought hmm", "end_turn");
  await expectTurn("tools", "end_turn");
  await expectTurn("permission", "end_turn", "permission: allow-once");
  await expectTurn("terminal", "end_turn");
  await expectTurn("plan", "end_turn");
  await expectTurn("updates", "end_turn");
  await expectTurn("elicit", "end_turn", 'elicitation: {"action":"accept"}');
  await expectTurn("ext", "end_turn", "ext: {}");
  for (const reason of ["max_tokens", "max_turn_requests", "refusal", "cancelled"]) await expectTurn(`stop ${reason}`, reason);
  await expectTurn("all", "end_turn");
  await expectTurn("fail boom", "error");

  const running = new Promise((resolve) => (onWaiting = resolve));
  const waited = turn("wait");
  await running;
  await agent.sendNotification(m.session.cancel, { sessionId });
  expect("wait: stop reason", await waited, "cancelled");

  const list = await call("session/list", z.zListSessionsResponse, m.session.list, {});
  expect("sessions listed", list.sessions.map((s) => s.sessionId), [sessionId]);
  await call("session/resume", z.zResumeSessionResponse, m.session.resume, { sessionId, cwd });
  await call("tool_call/cancel", z.zCancelToolCallResponse, m.toolCall.cancel, { sessionId, toolCallId: "tool-1-1" });
  await call("terminal/cancel", z.zCancelTerminalResponse, m.terminal.cancel, { sessionId, terminalId: "term-1-1" });
  await call("session/close", z.zCloseSessionResponse, m.session.close, { sessionId });
  await call("session/delete", z.zDeleteSessionResponse, m.session.delete, { sessionId });
  await call("auth/logout", z.zLogoutAuthResponse, m.auth.logout, {});

  for (const method of ["session/request_permission", "elicitation/create", "elicitation/complete", "_acptest/note", "_acptest/ping"]) {
    if (!handled.includes(method)) fail(`the agent never called ${method}`);
  }
});
writeFileSync(countFile, String(updates));
process.stderr.write("kitclient2.mjs: ok\n");
process.exit(0);
