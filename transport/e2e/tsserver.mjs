// An ACP agent on the official TypeScript SDK, served remotely by the
// SDK's own AcpServer (experimental/server) on node:http, both profiles
// on one /acp endpoint: Streamable HTTP through createNodeHttpHandler and
// WebSocket through createNodeWebSocketUpgradeHandler with ws's
// WebSocketServer. Driven by the Go client of package acpremote
// (tsserver_test.go). It listens on 127.0.0.1, port 0, and prints the
// port on stdout.
//
// Each connection gets its own shared test agent (testagent.mjs): a
// prompt runs a whole turn (updates, a permission request, a file written
// and read through the client, a terminal); a prompt "wait" runs until
// session/cancel; session/load replays one update. The SDK validates what
// it receives with its schemas, and the agent validates every result.
// Every HTTP answer sets a cookie, and GET /stats reports each request's
// headers and the agent connections opened and closed, so the test can
// check the client kept the cookie and ended its connections. Anything
// unexpected ends the process with status 1.
import http from "node:http";
import { WebSocketServer } from "ws";
import { AcpServer } from "@agentclientprotocol/sdk/experimental/server";
import { createNodeHttpHandler, createNodeWebSocketUpgradeHandler } from "@agentclientprotocol/sdk/experimental/node";
import { testAgent } from "./testagent.mjs";

const stats = { requests: [], opened: 0, closed: 0 };

// Each connection gets its own agent; its end is counted.
const acpServer = new AcpServer({
  createAgent: () => {
    const app = testAgent("remote-ts-agent", "remote");
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
