/**
 * `mcp-gen import --from-server / --url`: asks a running MCP server for its tools with
 * the official SDK client and pages through `tools/list` until the last page.
 *
 * The tools must stay exactly as the server sent them, yet the SDK's `listTools()`
 * parses them with its own schema: it drops keys it does not know (vendor keys in a
 * tool, in `annotations`, in `execution`) and reorders the rest. So each page is sent
 * with `client.request()` and a result schema that accepts the value as it is: the
 * tools arrive as `JSON.parse` made them, key order included.
 *
 * What a server sends may itself depend on the negotiated revision: the SDK's own server
 * drops `execution` for a 2026-07-28 client and wraps a non-object `outputSchema` for a
 * 2025-era one. Import keeps whatever was sent; `legacy` is the default negotiation.
 */
import { readFileSync } from "node:fs";
import {
  Client,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  StreamableHTTPClientTransport,
  type StandardSchemaV1,
  type Transport,
} from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { createDiagnostic } from "../../diagnostics/messages.js";
import { splitCommandLine } from "./command-line.js";
import { DEFAULT_TIMEOUT_MS, MAX_PAGES } from "./limits.js";

export type ServerSource = { command: string } | { url: string };

export type ProtocolNegotiation = "legacy" | "auto";

export interface ListToolsFromServerOptions {
  /** For the whole exchange: start or connect, handshake and every page. Default 30 s. */
  timeoutMs?: number;
  /** Working directory of a spawned server (relative paths in its command resolve there). */
  cwd?: string;
  /** `legacy` (default): the 2025 `initialize` handshake; `auto`: try revision 2026-07-28 first. */
  protocol?: ProtocolNegotiation;
}

export interface ListToolsFromServerResult {
  /** Every tool of every page, in the server's order; absent when listing failed. */
  tools?: unknown[];
  diagnostics: Diagnostic[];
}

/** How long import waits for the server to end an HTTP session (DELETE) before it closes anyway. */
const SESSION_END_MS = 2000;

/** How much of a spawned server's stderr a diagnostic quotes. */
const STDERR_TAIL_CHARACTERS = 2000;
const STDERR_TAIL_LINES = 10;

/** Accepts any result unchanged, so the SDK neither strips nor reorders fields. */
const AS_SENT: StandardSchemaV1<unknown, unknown> = {
  "~standard": { version: 1, vendor: "mcp-gen", validate: (value) => ({ value }) },
};

class DeadlineExceeded extends Error {}

/** How the client introduces itself; servers log it. */
function clientInfo(): { name: string; version: string } {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version?: unknown };
    return { name: "mcp-gen", version: typeof pkg.version === "string" ? pkg.version : "0.0.0" };
  } catch {
    return { name: "mcp-gen", version: "0.0.0" };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function describeSource(source: ServerSource): string {
  return "command" in source ? `\`${source.command}\`` : source.url;
}

/** The user runs the server as if from their own shell, so it gets their whole environment. */
function inheritedEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  return env;
}

type Opened = { transport: Transport; stderrTail: () => string } | { diagnostic: Diagnostic };

function openTransport(source: ServerSource, options: ListToolsFromServerOptions): Opened {
  if ("url" in source) {
    let url: URL;
    try {
      url = new URL(source.url);
    } catch {
      return { diagnostic: createDiagnostic({ code: "MG070", messageId: "invalidUrl", format: { url: source.url } }) };
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      return { diagnostic: createDiagnostic({ code: "MG070", messageId: "notHttp", format: { url: source.url } }) };
    }
    return { transport: new StreamableHTTPClientTransport(url), stderrTail: () => "" };
  }
  const split = splitCommandLine(source.command);
  if ("error" in split)
    return { diagnostic: createDiagnostic({ code: "MG070", messageId: "badCommand", format: { source: describeSource(source), reason: split.error } }) };
  const [command, ...args] = split.argv;
  const transport = new StdioClientTransport({ command, args, cwd: options.cwd, env: inheritedEnvironment(), stderr: "pipe" });
  let tail = "";
  // Read continuously: a child whose stderr pipe fills up would block.
  transport.stderr?.on("data", (chunk: Buffer) => {
    tail = (tail + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARACTERS);
  });
  return { transport, stderrTail: () => tail };
}

/**
 * The SDK's server lists an outputSchema whose root is not an object to a 2025-era client
 * as `{ type: object, properties: { result: <schema> }, required: [result] }`. Import keeps
 * what was sent, but says where a tool's schema has that shape: it may not be the server's own.
 */
function legacyWrapWarnings(tools: unknown[], protocolVersion: string | undefined): Diagnostic[] {
  const legacy = protocolVersion !== undefined && (protocolVersion.startsWith("2025-") || protocolVersion.startsWith("2024-"));
  if (!legacy) return [];
  const warnings: Diagnostic[] = [];
  for (const tool of tools) {
    if (typeof tool !== "object" || tool === null) continue;
    const { name, outputSchema } = tool as { name?: unknown; outputSchema?: unknown };
    if (typeof name !== "string" || !looksWrapped(outputSchema)) continue;
    warnings.push(
      createDiagnostic({
        code: "MG071",
        messageId: "wrappedOutput",
        severity: "warning",
        format: { name, protocolVersion: String(protocolVersion) },
        hint: "if the server's schema is the inner one, import again with --protocol auto (revision 2026-07-28 gets it as written)",
      }),
    );
  }
  return warnings;
}

function looksWrapped(schema: unknown): boolean {
  if (typeof schema !== "object" || schema === null) return false;
  const { type, properties, required, ...rest } = schema as Record<string, unknown>;
  const others = Object.keys(rest).filter((key) => key !== "$schema");
  return (
    type === "object" &&
    others.length === 0 &&
    typeof properties === "object" &&
    properties !== null &&
    Object.keys(properties).length === 1 &&
    Object.hasOwn(properties, "result") &&
    Array.isArray(required) &&
    required.length === 1 &&
    required[0] === "result"
  );
}

function stderrHint(stderr: string): string | undefined {
  const lines = stderr.trimEnd().split("\n").slice(-STDERR_TAIL_LINES);
  return lines.join("") === "" ? undefined : `the server's stderr ended with:\n${lines.map((l) => `    ${l}`).join("\n")}`;
}

/** The deepest `code` in an error's cause chain: fetch wraps ECONNREFUSED and friends. */
function systemErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; isObject(e) || e instanceof Error; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z_]+$/.test(code)) return code;
    if (depth > 5) break;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The message with its causes: "fetch failed" alone says nothing, its cause does. */
function errorMessage(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e !== undefined && parts.length < 4; e = e instanceof Error ? e.cause : undefined) {
    const message = e instanceof Error ? e.message : String(e);
    if (message !== "" && !parts.some((p) => p.includes(message))) parts.push(message);
  }
  return parts.join(": ");
}

interface FailureContext {
  source: ServerSource;
  /** What was under way: "the handshake" or "tools/list (page 3)". */
  step: string;
  timeoutMs: number;
  stderr: string;
}

/** One diagnostic for whatever went wrong, worded for the user, never a stack trace. */
function describeFailure(error: unknown, context: FailureContext): Diagnostic {
  const { source, step, stderr } = context;
  const where = describeSource(source);
  const hint = stderrHint(stderr);
  const listing = step.startsWith("tools/list");
  // A failure while listing is MG071, one before (connecting, the handshake) MG070; both word it alike.
  const code = listing ? "MG071" : "MG070";
  if (error instanceof DeadlineExceeded || (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout)) {
    return createDiagnostic({
      code,
      messageId: "timeout",
      format: { where, step, timeoutMs: context.timeoutMs },
      hint: hint ?? "a slow server needs a longer --timeout <ms>",
    });
  }
  if (error instanceof ProtocolError) {
    const capability = error.code === -32601 ? "the server may not offer tools (no `tools` capability)" : undefined;
    return createDiagnostic({
      code,
      messageId: "jsonRpcError",
      format: { where, step: listing ? step : `the ${step}`, code: error.code, message: error.message },
      hint: capability ?? hint,
    });
  }
  if (error instanceof SdkHttpError) {
    const status = `HTTP ${error.status}${error.statusText ? ` ${error.statusText}` : ""}`;
    return createDiagnostic({
      code: "MG070",
      messageId: "httpStatus",
      format: { where, status, step },
      hint: error.status === 404 ? "is this the server's MCP endpoint (often /mcp)?" : undefined,
    });
  }
  const systemCode = systemErrorCode(error);
  if ("command" in source && (systemCode === "ENOENT" || systemCode === "EACCES")) {
    const what = systemCode === "ENOENT" ? "command not found" : "permission denied";
    const executable = splitCommandLine(source.command);
    const name = "argv" in executable ? executable.argv[0] : source.command;
    return createDiagnostic({ code: "MG070", messageId: "cannotStart", format: { reason: what, command: name } });
  }
  if (error instanceof SdkError && (error.code === SdkErrorCode.ConnectionClosed || error.code === SdkErrorCode.NotConnected)) {
    return "command" in source
      ? createDiagnostic({ code, messageId: "exited", format: { where, step }, hint })
      : createDiagnostic({ code, messageId: "closed", format: { where, step }, hint });
  }
  if ("url" in source && systemCode !== undefined) {
    return createDiagnostic({
      code: "MG070",
      messageId: "cannotConnect",
      format: { where, code: systemCode },
      hint: systemCode === "ECONNREFUSED" ? "is the server running?" : undefined,
    });
  }
  return createDiagnostic({ code, messageId: "failed", format: { where, step, reason: errorMessage(error) }, hint });
}

/** Checks one `tools/list` result; returns its tools and next cursor, or what is wrong with it. */
function readPage(result: unknown): { tools: unknown[]; nextCursor?: string } | { error: string } {
  if (!isObject(result)) return { error: "the result is not an object" };
  if (!Array.isArray(result.tools)) return { error: "the result has no `tools` array" };
  const next = result.nextCursor;
  // Absent is the end; some servers also end with null or "" instead of leaving the key out.
  if (next === undefined || next === null || next === "") return { tools: result.tools };
  if (typeof next !== "string") return { error: "`nextCursor` is not a string" };
  return { tools: result.tools, nextCursor: next };
}

function withDeadline<T>(work: Promise<T>, deadline: Promise<never>): Promise<T> {
  return Promise.race([work, deadline]);
}

/**
 * Connects to the server, lists every tool over as many pages as it has, and closes
 * the connection (a spawned server is always shut down, also after errors and timeouts).
 * Never throws: every problem is a diagnostic (MG070 connecting, MG071 listing).
 */
export async function listToolsFromServer(source: ServerSource, options: ListToolsFromServerOptions = {}): Promise<ListToolsFromServerResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const opened = openTransport(source, options);
  if ("diagnostic" in opened) return { diagnostics: [opened.diagnostic] };
  const { transport } = opened;

  const client = new Client(clientInfo(), options.protocol === "auto" ? { versionNegotiation: { mode: "auto" } } : {});
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new DeadlineExceeded());
    }, timeoutMs);
  });
  deadline.catch(() => {}); // raced below; unobserved when the work wins
  const requestOptions = () => ({ signal: abort.signal, timeout: timeoutMs });

  let step = "the handshake";
  try {
    await withDeadline(client.connect(transport, requestOptions()), deadline);
    const tools: unknown[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 1; ; page++) {
      if (page > MAX_PAGES) {
        return { diagnostics: [createDiagnostic({ code: "MG071", messageId: "tooManyPages", format: { source: describeSource(source), max: MAX_PAGES } })] };
      }
      step = `tools/list (page ${page})`;
      const request = { method: "tools/list", params: cursor === undefined ? {} : { cursor } };
      const result = await withDeadline(client.request(request, AS_SENT, requestOptions()), deadline);
      const read = readPage(result);
      if ("error" in read) {
        return {
          diagnostics: [createDiagnostic({ code: "MG071", messageId: "invalidResult", format: { source: describeSource(source), step, reason: read.error } })],
        };
      }
      tools.push(...read.tools);
      if (read.nextCursor === undefined) return { tools, diagnostics: legacyWrapWarnings(tools, client.getNegotiatedProtocolVersion()) };
      if (seen.has(read.nextCursor)) {
        return {
          diagnostics: [
            createDiagnostic({
              code: "MG071",
              messageId: "cursorRepeated",
              format: { source: describeSource(source), cursor: JSON.stringify(read.nextCursor), step },
            }),
          ],
        };
      }
      seen.add(read.nextCursor);
      cursor = read.nextCursor;
    }
  } catch (error) {
    return { diagnostics: [describeFailure(error, { source, step, timeoutMs, stderr: opened.stderrTail() })] };
  } finally {
    clearTimeout(timer);
    abort.abort();
    // An HTTP session would otherwise stay open on the server until it expires, taking one of
    // its sessions (a server with `maxSessions` evicts a live one for it). Bounded: a server
    // that does not answer the DELETE must not hold the import up.
    if (transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined) {
      await Promise.race([transport.terminateSession().catch(() => {}), new Promise((resolve) => setTimeout(resolve, SESSION_END_MS).unref())]);
    }
    // Closing the client closes the transport; a stdio child gets stdin closed, then SIGTERM, then SIGKILL.
    await client.close().catch(() => {});
    await transport.close().catch(() => {});
  }
}
