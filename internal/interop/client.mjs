// An ACP client on the official TypeScript SDK, talking over stdio to a Go
// agent built on acpgen's generated package (interop_test.go). The shared
// test client (testclient.mjs) runs a turn, answering the agent's
// permission, file and terminal requests, then cancels a second prompt.
// The SDK validates every request and notification it receives with its
// own schemas; the client also validates every result. It exits 0 when
// everything matched, 1 with the reason on stderr otherwise.
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { testClient } from "./testclient.mjs";

const { app, drive } = testClient("interop-client", "interop");
const stream = acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin));
await app.connectWith(stream, (agent) => drive(agent, {
  cwd: process.argv[2],
  text: "go",
  short: (u) => u.sessionUpdate,
  want: ["agent_thought_chunk", "plan", "tool_call", "tool_call_update", "agent_message_chunk"],
}));
process.stderr.write("client.mjs: ok\n");
process.exit(0);
