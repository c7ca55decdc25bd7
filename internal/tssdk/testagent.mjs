// The agent of the test turns, on the official TypeScript SDK: an app
// whose prompt runs a whole coding turn through its client (several kinds
// of session/update, a permission request, a file written and read, a
// terminal that ran "echo"), whose prompt "wait" runs until
// session/cancel, and whose session/load replays one update. It validates
// every result it receives with the SDK's schemas (the SDK validates the
// requests). Dir writes it beside the scripts: internal/interop/agent.mjs
// serves it over stdio, transport/e2e/tsserver.mjs through the SDK's
// AcpServer. The Go side of the turn is internal/testclient.
import * as acp from "@agentclientprotocol/sdk";
import * as z from "./node_modules/@agentclientprotocol/sdk/dist/v1/schema/zod.gen.js";
import { expect, fail, valid } from "./checks.mjs";

// call sends a request to the client and validates its result.
async function call(client, method, params, schema) {
  return valid(`${method} result`, schema, await client.request(method, params));
}

// turn is the whole turn of a prompt in sessionId, working in cwd; the
// terminal echoes echoed.
async function turn(client, sessionId, cwd, echoed) {
  const update = (u) => client.notify(acp.methods.client.session.update, { sessionId, update: u });
  await update({ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: "thinking" } });
  await update({ sessionUpdate: "plan", entries: [{ content: "write a file", priority: "high", status: "in_progress" }] });
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
    sessionId, command: "echo", args: [echoed], outputByteLimit: 1024,
  }, z.zCreateTerminalResponse);
  const terminal = { sessionId, terminalId: term.terminalId };
  const exit = await call(client, acp.methods.client.terminal.waitForExit, terminal, z.zWaitForTerminalExitResponse);
  expect("exit code", exit.exitCode, 0);
  const output = await call(client, acp.methods.client.terminal.output, terminal, z.zTerminalOutputResponse);
  expect("terminal output", output.output, `${echoed}\n`);
  await call(client, acp.methods.client.terminal.release, terminal, z.zReleaseTerminalResponse);

  await update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "done: " + read.content.trim() } });
  return { stopReason: "end_turn" };
}

// testAgent builds the agent app of one connection, named name; its
// turn's terminal runs "echo echoed". Sessions are ts-session-1, -2, …
export function testAgent(name, echoed) {
  const cancels = new Map(); // sessionId -> resolve of the running "wait" prompt
  const cwds = new Map(); // sessionId -> its working directory
  let sessions = 0;
  return acp.agent({ name })
    .onRequest(acp.methods.agent.initialize, ({ params }) => {
      expect("client fs capabilities", params.clientCapabilities?.fs, { readTextFile: true, writeTextFile: true });
      expect("client terminal capability", params.clientCapabilities?.terminal, true);
      return { protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: { loadSession: true } };
    })
    .onRequest(acp.methods.agent.session.new, ({ params }) => {
      const sessionId = `ts-session-${++sessions}`;
      cwds.set(sessionId, params.cwd);
      return { sessionId };
    })
    .onRequest(acp.methods.agent.session.load, async ({ params, client }) => {
      cwds.set(params.sessionId, params.cwd);
      await client.notify(acp.methods.client.session.update, {
        sessionId: params.sessionId,
        update: { sessionUpdate: "user_message_chunk", content: { type: "text", text: "replayed" } },
      });
      return {};
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
      return turn(client, params.sessionId, cwds.get(params.sessionId), echoed);
    })
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
      const resolve = cancels.get(params.sessionId);
      if (!resolve) fail(`session/cancel for ${params.sessionId}, which has no running prompt`);
      cancels.delete(params.sessionId);
      resolve();
    });
}
