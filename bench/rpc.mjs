/**
 * A bare JSON-RPC client for the serving benchmarks: it sends requests and matches
 * responses by id, with no schema parsing of its own, so what is timed is the server.
 */
import { spawn } from "node:child_process";

export const CREATE_ISSUE_ARGS = {
  owner: "octocat",
  repo: "hello-world",
  title: "Found a bug",
  body: "Steps to reproduce: run it.",
  assignees: ["octocat"],
  labels: ["bug", "triage"],
  milestone: 1,
};

export class RpcClient {
  #next = 1;
  #pending = new Map();
  /** @param {(message: object) => void} send */
  constructor(send) {
    this.send = send;
  }
  receive(message) {
    const waiter = this.#pending.get(message.id);
    if (!waiter) return;
    this.#pending.delete(message.id);
    if (message.error) waiter.reject(new Error(`${message.error.code} ${message.error.message}`));
    else waiter.resolve(message.result);
  }
  request(method, params) {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.send({ jsonrpc: "2.0", id, method, params });
    });
  }
  notify(method, params) {
    this.send({ jsonrpc: "2.0", method, ...(params ? { params } : {}) });
  }
  async initialize() {
    const result = await this.request("initialize", {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "mcp-gen-bench", version: "1.0.0" },
    });
    this.notify("notifications/initialized");
    return result;
  }
  /** Every page of tools/list; returns the tools. */
  async listAll() {
    const tools = [];
    let cursor;
    do {
      const page = await this.request("tools/list", cursor === undefined ? {} : { cursor });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools;
  }
  /** `count` calls of one tool, `window` in flight at a time; fails on the first error result. */
  async callMany(name, args, count, window = 16) {
    let sent = 0;
    const worker = async () => {
      while (sent < count) {
        sent++;
        const result = await this.request("tools/call", { name, arguments: args });
        if (result.isError) throw new Error(`tools/call ${name} failed: ${JSON.stringify(result.content)}`);
      }
    };
    await Promise.all(Array.from({ length: window }, worker));
  }
}

/** The envelope a 2026-07-28 client puts in every request's `_meta` (no `initialize` in that revision). */
const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "mcp-gen-bench", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

/**
 * A client of a web-standard handler (`fetch(request) => Promise<Response>`), in process:
 * each call is a 2026-07-28 POST as the SDK client sends it (envelope, MCP headers), its
 * answer read as JSON. Building the Request and reading the Response are timed too, alike
 * for every server.
 */
export function fetchClient(fetch) {
  let next = 1;
  const call = async (name, args) => {
    const response = await fetch(
      new Request("http://localhost/mcp", {
        method: "POST",
        headers: {
          accept: "application/json, text/event-stream",
          "content-type": "application/json",
          "mcp-protocol-version": "2026-07-28",
          "mcp-method": "tools/call",
          "mcp-name": name,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: next++, method: "tools/call", params: { name, arguments: args, _meta: MODERN_META } }),
      }),
    );
    const text = await response.text();
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      throw new Error(`tools/call ${name}: HTTP ${response.status} ${response.headers.get("content-type")}: ${text.slice(0, 500)}`);
    }
    if (message.error) throw new Error(`tools/call ${name}: ${message.error.code} ${message.error.message}`);
    if (message.result?.isError) throw new Error(`tools/call ${name} failed: ${JSON.stringify(message.result.content)}`);
    return message.result;
  };
  return {
    /** Nothing to do: a 2026-07-28 request carries what `initialize` used to say. */
    async initialize() {},
    async callMany(name, args, count, window = 16) {
      let sent = 0;
      const worker = async () => {
        while (sent < count) {
          sent++;
          await call(name, args);
        }
      };
      await Promise.all(Array.from({ length: window }, worker));
    },
  };
}

/** A server process on stdio (newline-delimited JSON-RPC) and a client on it. */
export function spawnStdio(command, args, options = {}) {
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"], ...options });
  const client = new RpcClient((message) => child.stdin.write(`${JSON.stringify(message)}\n`));
  let buffer = "";
  let stderr = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (line.trim()) client.receive(JSON.parse(line));
    }
  });
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    child,
    client,
    stderr: () => stderr,
    async close() {
      child.stdin.end();
      child.kill();
      await exited;
    },
  };
}

/** Resident set size of a live process, in MB (Linux /proc; `ps` elsewhere). */
export async function rssMb(pid) {
  const { readFile } = await import("node:fs/promises");
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    if (kb) return kb / 1024;
  } catch {
    // not Linux
  }
  const { execFileSync } = await import("node:child_process");
  return Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).trim()) / 1024;
}
