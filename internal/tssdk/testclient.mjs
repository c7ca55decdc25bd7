// The client of the test turns, on the official TypeScript SDK: an app
// that answers every request an agent sends its client during a coding
// turn (permission, files kept in memory, a terminal that ran "echo"),
// recording what it received, and drives the agent through a turn and a
// cancelled prompt. Dir writes it beside the scripts:
// internal/interop/client.mjs runs it over stdio, transport/e2e/tsclient.mjs
// over the remote profiles.
import * as acp from "@agentclientprotocol/sdk";
import * as z from "./node_modules/@agentclientprotocol/sdk/dist/v1/schema/zod.gen.js";
import { expect, valid } from "./checks.mjs";

// testClient builds the client app, named name, whose terminal's output
// is "echoed\n", and drive, which runs the exchange on a connection.
export function testClient(name, echoed) {
  const updates = []; // each session/update's update, in arrival order
  const handled = []; // requests answered, in order
  const files = new Map();
  let waiting;
  const running = new Promise((resolve) => (waiting = resolve)); // a "wait" prompt is under way
  const app = acp.client({ name })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      const c = params.update.content;
      if (params.update.sessionUpdate === "agent_message_chunk" && c?.type === "text" && c.text === "waiting") {
        waiting();
        return;
      }
      updates.push(params.update);
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
      handled.push("session/request_permission");
      const allow = params.options.find((o) => o.kind === "allow_once");
      return { outcome: allow ? { outcome: "selected", optionId: allow.optionId } : { outcome: "cancelled" } };
    })
    .onRequest(acp.methods.client.fs.writeTextFile, ({ params }) => {
      handled.push("fs/write_text_file");
      files.set(params.path, params.content);
      return {};
    })
    .onRequest(acp.methods.client.fs.readTextFile, ({ params }) => {
      handled.push("fs/read_text_file");
      let lines = (files.get(params.path) ?? "").split(/(?<=\n)/);
      if (params.line) lines = lines.slice(params.line - 1);
      if (params.limit) lines = lines.slice(0, params.limit);
      return { content: lines.join("") };
    })
    .onRequest(acp.methods.client.terminal.create, ({ params }) => {
      handled.push("terminal/create " + [params.command, ...(params.args ?? [])].join(" "));
      return { terminalId: "term-1" };
    })
    .onRequest(acp.methods.client.terminal.waitForExit, () => {
      handled.push("terminal/wait_for_exit");
      return { exitCode: 0 };
    })
    .onRequest(acp.methods.client.terminal.output, () => {
      handled.push("terminal/output");
      return { output: `${echoed}\n`, truncated: false, exitStatus: { exitCode: 0 } };
    })
    .onRequest(acp.methods.client.terminal.release, () => {
      handled.push("terminal/release");
      return {};
    });

  // drive initializes the agent, opens a session in cwd and prompts text:
  // the turn must end end_turn after the updates want (each written by
  // short) and the requests of a whole turn. Then it cancels a prompt
  // "wait" once the agent reports it running.
  const drive = async (agent, { cwd, text, short, want }) => {
    const init = valid("initialize result", z.zInitializeResponse, await agent.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION,
      clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: true },
      clientInfo: { name, version: "1.0.0" },
    }));
    expect("protocol version", init.protocolVersion, acp.PROTOCOL_VERSION);
    const session = valid("session/new result", z.zNewSessionResponse,
      await agent.request(acp.methods.agent.session.new, { cwd, mcpServers: [] }));

    const prompt = (t) => agent.request(acp.methods.agent.session.prompt, {
      sessionId: session.sessionId, prompt: [{ type: "text", text: t }],
    });
    const result = valid("session/prompt result", z.zPromptResponse, await prompt(text));
    expect("stop reason", result.stopReason, "end_turn");
    expect("updates", updates.map(short), want);
    expect("requests answered", handled, [
      "session/request_permission", "fs/write_text_file", "fs/read_text_file",
      `terminal/create echo ${echoed}`, "terminal/wait_for_exit", "terminal/output", "terminal/release",
    ]);

    const second = prompt("wait");
    await running;
    await agent.sendNotification(acp.methods.agent.session.cancel, { sessionId: session.sessionId });
    const cancelled = valid("cancelled prompt result", z.zPromptResponse, await second);
    expect("cancelled stop reason", cancelled.stopReason, "cancelled");
  };
  return { app, drive };
}
