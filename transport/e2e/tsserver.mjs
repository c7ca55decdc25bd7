// An ACP agent on the official TypeScript SDK, served remotely by the
// SDK's own AcpServer (experimental/server) on node:http, both profiles
// on one /acp endpoint: Streamable HTTP through createNodeHttpHandler and
// WebSocket through createNodeWebSocketUpgradeHandler with ws's
// WebSocketServer. Driven by the Go client of package acpremote
// (tsserver_test.go). It listens on 127.0.0.1, port 0, and prints the
// port on stdout.
//
// A prompt runs a whole turn (updates, a permission request, a file
// written and read through the client, a terminal); a prompt "wait" runs
// until session/cancel; session/load replays one update. The SDK
// validates what it receives with its schemas, and this script validates
// every result. Every HTTP answer sets a cookie, and GET /stats reports
// each request's headers and the agent connections opened and closed, so
// the test can check the client kept the cookie and ended its
// connections. Anything unexpected ends the process with status 1.
import http from "node:http";
import { WebSocketServer } from "ws";
import * as acp from "@agentclientprotocol/sdk";
import { AcpServer } from "@agentclientprotocol/sdk/experimental/server";
import { createNodeHttpHandler, createNodeWebSocketUpgradeHandler } from "@agentclientprotocol/sdk/experimental/node";
import * as z from "./node_modules/@agentclientprotocol/sdk/dist/v1/schema/zod.gen.js";

function fail(why) {
  process.stderr.write(`tsserver.mjs: ${why instanceof Error ? why.stack : why}\n`);
  process.exit(1);
}
process.on("unhandledRejection", fail);
process.on("uncaughtException", fail);

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

const stats = { requests: [], opened: 0, closed: 0 };

// turn is the whole turn of a prompt, everything for sessionId.
async function turn(client, sessionId, cwd) {
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
  await update({ sessionUpdate: "tool_call_update", toolCallId: "call-1", status: "completed" });
  const term = await call(client, acp.methods.client.terminal.create, {
    sessionId, command: "echo", args: ["remote"], outputByteLimit: 1024,
  }, z.zCreateTerminalResponse);
  const exit = await call(client, acp.methods.client.terminal.waitForExit, { sessionId, terminalId: term.terminalId }, z.zWaitForTerminalExitResponse);
  expect("exit code", exit.exitCode, 0);
  const output = await call(client, acp.methods.client.terminal.output, { sessionId, terminalId: term.terminalId }, z.zTerminalOutputResponse);
  expect("terminal output", output.output, "remote\n");
  await call(client, acp.methods.client.terminal.release, { sessionId, terminalId: term.terminalId }, z.zReleaseTerminalResponse);
  await update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "done: " + read.content.trim() } });
  return { stopReason: "end_turn" };
}

// newAgent is the agent of one connection.
function newAgent() {
  const cancels = new Map(); // sessionId -> resolve of the running "wait" prompt
  const cwds = new Map();
  let sessions = 0;
  return acp.agent({ name: "remote-ts-agent" })
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
        await client.notify(acp.methods.client.session.update, {
          sessionId: params.sessionId,
          update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "waiting" } },
        });
        await cancelled;
        return { stopReason: "cancelled" };
      }
      return turn(client, params.sessionId, cwds.get(params.sessionId));
    })
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
      const resolve = cancels.get(params.sessionId);
      if (!resolve) fail(`session/cancel for ${params.sessionId}, which has no running prompt`);
      cancels.delete(params.sessionId);
      resolve();
    });
}

// Each connection gets its own agent; its end is counted.
const acpServer = new AcpServer({
  createAgent: () => {
    const app = newAgent();
    return {
      connect: (stream, options) => {
        stats.opened++;
        const connection = app.connect(stream, options);
        connection.closed.then(() => { stats.closed++; });
        return connection;
      },
    };
  },
});
const handle = createNodeHttpHandler(acpServer);
const wss = new WebSocketServer({ noServer: true });
const upgrade = createNodeWebSocketUpgradeHandler(acpServer, wss);

function record(req, profile) {
  stats.requests.push({
    profile,
    method: req.method,
    cookie: req.headers["cookie"] ?? "",
    connectionId: req.headers["acp-connection-id"] ?? "",
    sessionId: req.headers["acp-session-id"] ?? "",
  });
}

const server = http.createServer((req, res) => {
  if (req.url === "/stats") {
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify(stats));
    return;
  }
  if (req.url !== "/acp") {
    res.statusCode = 404;
    res.end();
    return;
  }
  record(req, "http");
  res.setHeader("Set-Cookie", "affinity=ts-backend-1; Path=/; HttpOnly");
  handle(req, res);
});
server.on("upgrade", (req, socket, head) => {
  if (req.url !== "/acp") {
    socket.destroy();
    return;
  }
  record(req, "ws");
  upgrade(req, socket, head);
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
