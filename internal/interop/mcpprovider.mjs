// An ACP client on the official TypeScript SDK that serves an MCP server
// with the SDK's McpOverAcpProvider to a Go agent calling it with
// acpgen's mcpacp.Caller (mcp_test.go). It declares the server in
// session/new, during which the Go agent calls it (directly, and through
// mcpacp.Bridge's loopback HTTP endpoint); the server answers tools/list
// after a progress notification, "fail" with an MCP error, and "wait" once
// it is cancelled. The client checks that the cancel arrived, then exits.
// Anything unexpected ends the process with status 1 and the reason on
// stderr.
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk/unstable";
import { expect, fail } from "./checks.mjs";

let cancelled = 0;
const mcp = new acp.McpOverAcpProvider();
const app = acp.client({ name: "mcp-client" }).onRequest(acp.methods.client.mcp.message, mcp.handleRequest);
const connection = app.connect(acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)));

async function handler(ctx) {
  switch (ctx.method) {
    case "tools/list":
      await ctx.notify("notifications/progress", { progress: 1 });
      return { result: { tools: [{ name: "echo" }], cursor: ctx.params?.cursor ?? null, clientInfo: ctx.clientInfo ?? null } };
    case "fail":
      throw new acp.McpProtocolError(-32601, "no such tool", { tool: "x" });
    case "wait":
      await ctx.notify("notifications/started");
      await new Promise((resolve) => ctx.signal.addEventListener("abort", resolve, { once: true }));
      cancelled++;
      throw ctx.signal.reason;
  }
  throw new acp.McpProtocolError(-32601, `unknown method ${ctx.method}`);
}

const tools = mcp.registerServer(connection.agent, { name: "tools", serverId: "ts-tools", handler });
const init = await connection.agent.request(acp.methods.agent.initialize, { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} });
expect("mcp acp capability", init.agentCapabilities?.mcpCapabilities?.acp, true);
const session = await connection.agent.request(acp.methods.agent.session.new, { cwd: process.cwd(), mcpServers: [tools.declaration] });
expect("session", session.sessionId, "go-session");
if (cancelled < 1) fail(`the Go agent's cancels reached ${cancelled} handlers`);
process.exit(0);
