// The TypeScript SDK's v1 client or its experimental v2 client, driving a
// turn against ONE Go endpoint that serves both versions behind an
// acpversion.Router (version_test.go), over stdio or a remote profile.
//
// Usage: node tsversions.mjs stdio v1|v2
//        node tsversions.mjs http|ws v1|v2 http://127.0.0.1:PORT/acp
//
// v1 runs the shared test client's turn ("tools": permission, a file
// written and read, a terminal) and a cancelled prompt, as tsclient.mjs
// does. v2 initializes with protocol version 2, opens a session, prompts
// and reads the agent's text until the session is idle. The SDK
// validates every message it receives with its own schemas. It exits 0
// when everything matched, 1 with the reason on stderr otherwise.
import { Readable, Writable } from "node:stream";
import WebSocket from "ws";
import * as acp from "@agentclientprotocol/sdk";
import * as acp2 from "@agentclientprotocol/sdk/experimental/v2";
import { createHttpStream } from "@agentclientprotocol/sdk/experimental/http-client";
import { createWebSocketStream } from "@agentclientprotocol/sdk/experimental/ws-client";
import { expect } from "./checks.mjs";
import { testClient } from "./testclient.mjs";

const [transport, version, url] = process.argv.slice(2);

function stream() {
  switch (transport) {
    case "stdio":
      return acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin));
    case "ws":
      return createWebSocketStream(url.replace(/^http/, "ws"), { WebSocket });
    default:
      return createHttpStream(url);
  }
}

async function v1() {
  const { app, drive } = testClient("tsversions-v1", "remote");
  await app.connectWith(stream(), (agent) => drive(agent, {
    cwd: "/work",
    text: "tools",
    short: (u) => (u.sessionUpdate === "agent_message_chunk" ? u.content.text : `${u.sessionUpdate} ${u.toolCallId}`),
    want: ["thinking", "tool_call call-1", "chose allow", "read beta", "tool_call_update call-1", "done"],
  }));
}

async function v2() {
  const app = acp2.client({ name: "tsversions-v2" });
  await app.connectWith(stream(), async (agent) => {
    const init = await agent.request("initialize", {
      protocolVersion: 2,
      info: { name: "tsversions-v2", version: "1.0.0" },
      capabilities: {},
    });
    expect("protocol version", init.protocolVersion, 2);
    expect("agent", init.info.name, "acpgen-e2e-v2");
    await agent.buildSession("/work").withSession(async (session) => {
      const accepted = await session.prompt("hi");
      expect("message id", typeof accepted.messageId, "string");
      expect("text", await session.readTextUntilIdle(), "hello from v2: hi");
    });
  });
}

await (version === "v2" ? v2() : v1());
process.stderr.write(`tsversions.mjs: ${transport} ${version} ok\n`);
// Exit once what is under way ends: the v2 client closes its stream
// without waiting for it, and over Streamable HTTP closing is a DELETE
// request that process.exit would cut short. Not past 5 s, though.
process.exitCode = 0;
setTimeout(() => process.exit(0), 5000).unref();
