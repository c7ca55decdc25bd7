// An ACP agent on the official TypeScript SDK, driven over stdio by a Go
// client built on acpgen's generated package (interop_test.go). A prompt
// runs a whole turn: several kinds of session/update, a permission
// request, a file write and read, a terminal; a prompt "wait" runs until
// session/cancel. The SDK validates every request and notification it
// receives with its own schemas; this script also validates every result
// it receives. Anything unexpected ends the process with status 1 and the
// reason on stderr.
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import * as z from "./node_modules/@agentclientprotocol/sdk/dist/v1/schema/zod.gen.js";

function fail(why) {
  process.stderr.write(`agent.mjs: ${why instanceof Error ? why.stack : why}\n`);
  process.exit(1);
}
process.on("unhandledRejection", fail);
process.on("uncaughtException", fail);

// call sends a request to the client and validates its result.
async function call(client, method, params, schema) {
  const result = await client.request(method, params);
  const parsed = schema.safeParse(result);
  if (!parsed.success) fail(`${method}: invalid result ${JSON.stringify(result)}: ${parsed.error}`);
  return result;
}

function expect(what, got, want) {
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    fail(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  }
}

const cancels = new Map(); // sessionId -> resolve of the running "wait" prompt
let cwd = "";

async function turn(client, sessionId) {
  const update = (u) => client.notify(acp.methods.client.session.update, { sessionId, update: u });
  await update({ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: "thinking" } });
  await update({
    sessionUpdate: "plan",
    entries: [{ content: "write a file", priority: "high", status: "in_progress" }],
  });
  await update({ sessionUpdate: "tool_call", toolCallId: "call-1", title: "Write notes.txt", kind: "edit", status: "pending" });

  const permission = await call(client, acp.methods.client.session.requestPermission, {
    sessionId,
    toolCall: { toolCallId: "call-1", title: "Write notes.txt" },
    options: [
      { optionId: "reject", name: "Reject", kind: "reject_once" },
      { optionId: "allow", name: "Allow", kind: "allow_once" },
    ],
  }, z.zRequestPermissionResponse);
  expect("permission outcome", permission.outcome, { outcome: "selected", optionId: "allow" });

  const path = `${cwd}/notes.txt`;
  await call(client, acp.methods.client.fs.writeTextFile, { sessionId, path, content: "alpha\nbeta\ngamma\n" }, z.zWriteTextFileResponse);
  const read = await call(client, acp.methods.client.fs.readTextFile, { sessionId, path, line: 2, limit: 1 }, z.zReadTextFileResponse);
  expect("read content", read.content, "beta\n");
  await update({
    sessionUpdate: "tool_call_update",
    toolCallId: "call-1",
    status: "completed",
    content: [{ type: "diff", path, oldText: null, newText: "alpha\nbeta\ngamma\n" }],
  });

  const term = await call(client, acp.methods.client.terminal.create, {
    sessionId, command: "echo", args: ["interop"], outputByteLimit: 1024,
  }, z.zCreateTerminalResponse);
  const exit = await call(client, acp.methods.client.terminal.waitForExit, { sessionId, terminalId: term.terminalId }, z.zWaitForTerminalExitResponse);
  expect("exit code", exit.exitCode, 0);
  const output = await call(client, acp.methods.client.terminal.output, { sessionId, terminalId: term.terminalId }, z.zTerminalOutputResponse);
  expect("terminal output", output.output, "interop\n");
  await call(client, acp.methods.client.terminal.release, { sessionId, terminalId: term.terminalId }, z.zReleaseTerminalResponse);

  await update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "done: " + read.content.trim() } });
  return { stopReason: "end_turn" };
}

const app = acp.agent({ name: "interop-agent" })
  .onRequest(acp.methods.agent.initialize, ({ params }) => {
    expect("client fs capabilities", params.clientCapabilities?.fs, { readTextFile: true, writeTextFile: true });
    expect("client terminal capability", params.clientCapabilities?.terminal, true);
    return { protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: { loadSession: false } };
  })
  .onRequest(acp.methods.agent.session.new, ({ params }) => {
    cwd = params.cwd;
    return { sessionId: "ts-session-1" };
  })
  .onRequest(acp.methods.agent.session.prompt, async ({ params, client }) => {
    const text = params.prompt.map((b) => (b.type === "text" ? b.text : "")).join("");
    if (text === "wait") {
      const cancelled = new Promise((resolve) => cancels.set(params.sessionId, resolve));
      // Tell the client the prompt is running, so its cancel comes after.
      await client.notify(acp.methods.client.session.update, {
        sessionId: params.sessionId,
        update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "waiting" } },
      });
      await cancelled;
      return { stopReason: "cancelled" };
    }
    return turn(client, params.sessionId);
  })
  .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
    const resolve = cancels.get(params.sessionId);
    if (!resolve) fail(`session/cancel for ${params.sessionId}, which has no running prompt`);
    cancels.delete(params.sessionId);
    resolve();
  });

const connection = app.connect(acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)));
await connection.closed;
