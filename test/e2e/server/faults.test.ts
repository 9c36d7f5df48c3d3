/**
 * Bad input and faults at the protocol level, below any SDK client: malformed
 * JSON-RPC on stdio and HTTP, DNS-rebinding Host headers, and a client that hangs up
 * in the middle of a call. After each, the server must still answer.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../helpers/project.js";
import { startHttpServer, type ServerProcess } from "../../helpers/server-process.js";

const DEMO = path.join(REPO_ROOT, "build/demo/server.js");
const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};
const SUM = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "calculate_sum", arguments: { a: 1, b: 2 } } });

type Response = { id?: number | string | null; result?: { content?: Array<{ text?: string }> }; error?: { code: number } };

describe("malformed JSON-RPC on stdio", () => {
  it("answers what it can, rejects the rest, and keeps serving", async () => {
    const child = spawn(process.execPath, [DEMO], { cwd: REPO_ROOT, stdio: ["pipe", "pipe", "pipe"] });
    const responses: Response[] = [];
    let buffer = "";
    child.stdout.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      let newline: number;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line.trim()) responses.push(JSON.parse(line) as Response);
      }
    });
    const lines = [
      JSON.stringify(INITIALIZE),
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      "this is not JSON",
      '{"jsonrpc": "2.0", "id": 2, "method": ',
      JSON.stringify({ jsonrpc: "2.0", id: 3 }),
      JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/call", params: "not an object" }),
      JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "calculate_sum", arguments: [1, 2] } }),
      JSON.stringify({ jsonrpc: "2.0", id: 6, method: "no/such/method" }),
      "[1, 2, 3]",
      JSON.stringify(SUM(7)),
    ];
    child.stdin.write(lines.join("\n") + "\n");
    await expect.poll(() => responses.find((r) => r.id === 7), { timeout: 10_000 }).toBeDefined();
    const byId = (id: number) => responses.find((r) => r.id === id);
    expect(byId(1)?.result).toBeDefined();
    // A line with an id but no method is answered with that id (garbage and a batch get
    // errors without one); nothing dies.
    expect(byId(3)?.error).toEqual({ code: -32600, message: "Invalid Request: method is missing" });
    // A request with an id but params that are not an object is answered, or its client would wait forever.
    expect(byId(4)?.error?.code).toBe(-32600);
    // Arguments that are not an object break the tools/call request shape: -32602.
    expect(byId(5)?.error?.code).toBe(-32602);
    expect(byId(6)?.error?.code).toBe(-32601);
    expect(byId(7)?.result?.content?.[0]?.text).toBe("3");
    expect(child.exitCode).toBeNull();
    child.kill();
  });
});

describe("the HTTP endpoint", () => {
  let server: ServerProcess;
  let session = "";
  afterAll(() => server?.stop());
  const post = (body: string, init: RequestInit = {}) =>
    fetch(server.url, {
      method: "POST",
      ...init,
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-11-25",
        ...(session ? { "mcp-session-id": session } : {}),
        ...(init.headers as Record<string, string>),
      },
      body,
    });
  const resultText = async (response: globalThis.Response) => {
    const body = await response.text();
    const json = body.startsWith("{")
      ? body
      : body
          .split("\n")
          .find((l) => l.startsWith("data: "))!
          .slice(6);
    return (JSON.parse(json) as Response).result?.content?.[0]?.text;
  };

  it("starts on 127.0.0.1 and opens a 2025-era session", async () => {
    server = await startHttpServer([DEMO, "--http"]);
    expect(server.url.hostname).toBe("127.0.0.1");
    const opened = await post(JSON.stringify(INITIALIZE));
    session = opened.headers.get("mcp-session-id") ?? "";
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    await opened.text();
    expect((await post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }))).status).toBe(202);
  });

  it("refuses 2025-era traffic without a session, and an unknown session", async () => {
    const without = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify(SUM(9)),
    });
    expect(without.status).toBe(400);
    const unknown = await post(JSON.stringify(SUM(9)), { headers: { "mcp-session-id": "no-such-session" } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: -32001 } });
  });

  it("answers malformed JSON with a parse error and keeps serving", async () => {
    const bad = await post("{not json", { headers: { "mcp-session-id": "" } });
    expect(await bad.json()).toMatchObject({ error: { code: -32700 } });
    expect(await resultText(await post(JSON.stringify(SUM(2))))).toBe("3");
  });

  it("refuses a foreign Host header (DNS rebinding) and other paths", async () => {
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(server.url, { method: "POST", headers: { host: "evil.example", "content-type": "application/json" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end(JSON.stringify(SUM(3)));
    });
    expect(status).toBe(403);
    expect((await fetch(new URL("/elsewhere", server.url))).status).toBe(404);
  });

  it("survives a client that disconnects in the middle of a call", async () => {
    const logged = server.output().length;
    const controller = new AbortController();
    const slow = await post(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 4,
        method: "tools/call",
        params: { name: "launch_confetti", arguments: { color: "gold", location: "x" }, _meta: { progressToken: "p4" } },
      }),
      { signal: controller.signal },
    );
    // The first progress notification says the handler is counting down: hang up then.
    const stream = slow.body!.getReader();
    let seen = "";
    while (!seen.includes("notifications/progress")) {
      const { value, done } = await stream.read();
      if (done) break;
      seen += Buffer.from(value).toString("utf8");
    }
    expect(seen).toContain("notifications/progress");
    controller.abort();
    await expect(stream.read()).rejects.toThrow();
    // The same server answers the next caller, during and after the abandoned call.
    expect(await resultText(await post(JSON.stringify(SUM(5))))).toBe("3");
    // The abandoned call is over when its handler logs how it ended (cancelled, or launched).
    await expect.poll(() => server.output().slice(logged), { timeout: 10_000 }).toMatch(/launch_confetti( cancelled)?\b/);
    expect(await resultText(await post(JSON.stringify(SUM(6))))).toBe("3");
    expect(server.child.exitCode).toBeNull();
  });
});
