// An ACP agent on the official TypeScript SDK, driven over stdio by a Go
// client built on acpgen's generated package (interop_test.go): the shared
// test agent (testagent.mjs) on one connection. A prompt runs a whole
// turn: several kinds of session/update, a permission request, a file
// write and read, a terminal; a prompt "wait" runs until session/cancel.
// The SDK validates every request and notification it receives with its
// own schemas; the agent also validates every result it receives.
// Anything unexpected ends the process with status 1 and the reason on
// stderr.
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { testAgent } from "./testagent.mjs";

const app = testAgent("interop-agent", "interop");
const connection = app.connect(acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)));
await connection.closed;
