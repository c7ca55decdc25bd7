// The client of the test turns, on the official TypeScript SDK: an app
// that answers every request an agent sends its client during a coding
// turn (permission, files kept in memory, a terminal that ran "echo"),
// recording what it received, plus the checks the scripts share. Dir
// writes it beside the scripts: internal/interop/client.mjs runs it over
// stdio, transport/e2e/tsclient.mjs over the remote profiles.
import path from "node:path";
import * as acp from "@agentclientprotocol/sdk";

const script = path.basename(process.argv[1] ?? "node");

// fail ends the script with status 1 and the reason on stderr.
export function fail(why) {
  process.stderr.write(`${script}: ${why instanceof Error ? why.stack : why}\n`);
  process.exit(1);
}
process.on("unhandledRejection", fail);
process.on("uncaughtException", fail);

// expect fails unless got and want have the same JSON.
export function expect(what, got, want) {
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    fail(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  }
}

// valid fails unless the SDK's schema accepts value, and returns it.
export function valid(what, schema, value) {
  const parsed = schema.safeParse(value);
  if (!parsed.success) fail(`${what}: invalid ${JSON.stringify(value)}: ${parsed.error}`);
  return value;
}

// testClient builds the client app. Its terminal's output is echoed; a
// message chunk "waiting" resolves running (a prompt is under way).
export function testClient(name, echoed) {
  const updates = []; // each session/update's update, in arrival order
  const handled = []; // requests answered, in order
  const files = new Map();
  let waiting;
  const running = new Promise((resolve) => (waiting = resolve));
  const app = acp.client({ name })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params.update);
      const c = params.update.content;
      if (params.update.sessionUpdate === "agent_message_chunk" && c?.type === "text" && c.text === "waiting") waiting();
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
  return { app, updates, handled, running };
}
