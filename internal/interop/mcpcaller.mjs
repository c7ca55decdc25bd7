// An ACP agent on the official TypeScript SDK that calls, with the SDK's
// McpOverAcpCaller, the MCP server a Go client serves with acpgen's
// mcpacp.Provider (mcp_test.go). On session/new it calls the declared
// "acp" server: a result with a progress notification before it, an MCP
// error, an unknown server id (the binding's -33001), and a request it
// cancels once the server says it started (-32800). Anything unexpected
// ends the process with status 1 and the reason on stderr.
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk/unstable";
import { expect, fail } from "./checks.mjs";

const mcp = new acp.McpOverAcpCaller({ clientInfo: { name: "ts-agent", version: "1" } });

// rejects returns the error code of a request that must fail.
async function rejects(what, promise) {
  try {
    await promise;
  } catch (e) {
    return e.code;
  }
  fail(`${what} succeeded`);
}

async function exercise(client, id) {
  const notes = [];
  const listed = await mcp.request(client, id, "tools/list", { cursor: "a" }, { onNotification: (n) => notes.push(n) });
  expect("tools/list result", listed.result, {
    clientInfo: { name: "ts-agent", version: "1" },
    cursor: "a",
    method: "tools/list",
    protocolVersion: acp.MCP_PROTOCOL_VERSION,
  });
  expect("notifications", notes, [{ method: "notifications/progress", params: { progress: 1 } }]);
  const failed = await mcp.request(client, id, "fail", {});
  expect("MCP error", failed, { error: { code: -32601, message: "no such tool", data: { tool: "x" } } });
  expect("unknown server", await rejects("unknown server", mcp.request(client, "nobody", "tools/list", {})), -33001);
  const abort = new AbortController();
  const waiting = mcp.request(client, id, "wait", {}, {
    signal: abort.signal,
    onNotification: (n) => { if (n.method === "notifications/started") abort.abort(); },
  });
  expect("cancelled", await rejects("cancelled call", waiting), -32800);
}

const app = acp.agent({ name: "mcp-agent" })
  .onNotification(acp.methods.agent.mcp.message, mcp.handleNotification)
  .onRequest(acp.methods.agent.initialize, () => ({
    protocolVersion: acp.PROTOCOL_VERSION,
    agentCapabilities: { mcpCapabilities: { acp: true } },
  }))
  .onRequest(acp.methods.agent.session.new, async ({ params, client }) => {
    const servers = params.mcpServers.filter(acp.isMcpServerAcp);
    expect("declared servers", servers.map((s) => s.name), ["tools"]);
    await exercise(client, servers[0].serverId);
    return { sessionId: "mcp-session" };
  });
const connection = app.connect(acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)));
await connection.closed;
