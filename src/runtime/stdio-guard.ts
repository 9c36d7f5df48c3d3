/**
 * The stdio transport: newline-delimited JSON-RPC on stdin/stdout, as the SDK's
 * `StdioServerTransport` reads and writes it, with three differences.
 *
 * - The SDK drops a line it cannot use after logging it, so a client that sent it waits
 *   forever. Here every such line that JSON-RPC would answer is answered: text that is not
 *   JSON gets -32700; a batch (an array; MCP removed batching in 2025-06-18), JSON that is
 *   not an object, and an object with an id that is not a valid message get -32600 saying
 *   what is wrong. Blank lines, notifications and malformed responses stay unanswered.
 * - The SDK checks every line against its zod message schema. A request or notification
 *   of the ordinary shape (checked here by hand, and only ever a subset of what that schema
 *   accepts unchanged) is passed on as parsed; every other line gets the SDK's own check.
 * - Answers finished in the same turn of the event loop leave in one write.
 */
import type { Readable, Writable } from "node:stream";
import { parseJSONRPCMessage, serializeMessage, STDIO_DEFAULT_MAX_BUFFER_SIZE, type JSONRPCMessage, type Transport } from "@modelcontextprotocol/server";
import { isPlainMessage } from "./plain-message.js";

const NEWLINE = 0x0a;

export function guardedStdioTransport(stdin: Readable = process.stdin, stdout: Writable = process.stdout): Transport {
  return new GuardedStdioTransport(stdin, stdout);
}

class GuardedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport["onmessage"];
  private pending: Buffer | undefined;
  private started = false;
  private closed = false;
  private corked = false;
  private draining: Promise<void> | undefined;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    private readonly maxBufferSize = STDIO_DEFAULT_MAX_BUFFER_SIZE,
  ) {}

  async start(): Promise<void> {
    if (this.started) throw new Error("stdio transport already started");
    this.started = true;
    if (this.stdin.readableEnded || this.stdin.destroyed) setImmediate(this.onStdinClose);
    this.stdin.on("data", this.onData);
    this.stdin.on("error", this.onStdinError);
    this.stdin.on("end", this.onStdinClose);
    this.stdin.on("close", this.onStdinClose);
    this.stdout.on("error", this.onStdoutError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.reject(new Error("stdio transport is closed"));
    // A write to a pipe is a system call, and costs more than a small answer itself.
    if (!this.corked) {
      this.corked = true;
      this.stdout.cork();
      process.nextTick(this.uncork);
    }
    if (this.stdout.write(serializeMessage(message))) return Promise.resolve();
    return this.drained();
  }

  /**
   * One wait for `drain` shared by every send that found the pipe full: a burst of answers
   * under backpressure must not add a pair of listeners each (Node warns past ten).
   */
  private drained(): Promise<void> {
    this.draining ??= new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        this.stdout.off("drain", onDrain);
        this.stdout.off("error", done);
        this.draining = undefined;
        if (error) reject(error);
        else resolve();
      };
      const onDrain = () => done();
      this.stdout.once("drain", onDrain);
      this.stdout.once("error", done);
    });
    return this.draining;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off("data", this.onData);
    this.stdin.off("error", this.onStdinError);
    this.stdin.off("end", this.onStdinClose);
    this.stdin.off("close", this.onStdinClose);
    if (this.stdin.listenerCount("data") === 0) this.stdin.pause();
    this.pending = undefined;
    this.onclose?.();
  }

  private readonly onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    if ((this.pending?.length ?? 0) + bytes.length > this.maxBufferSize) {
      this.pending = undefined;
      this.onerror?.(new Error(`ReadBuffer exceeded maximum size of ${this.maxBufferSize} bytes`));
      this.close().catch(() => {});
      return;
    }
    // Lines are cut from bytes, never from decoded chunks: a character may straddle two chunks.
    const buffer = this.pending ? Buffer.concat([this.pending, bytes]) : bytes;
    let start = 0;
    for (let end = buffer.indexOf(NEWLINE, start); end !== -1 && !this.closed; end = buffer.indexOf(NEWLINE, start)) {
      const line = buffer.toString("utf8", start, end > start && buffer[end - 1] === 0x0d ? end - 1 : end);
      start = end + 1;
      this.onLine(line);
    }
    this.pending = start < buffer.length && !this.closed ? buffer.subarray(start) : undefined;
  };

  private onLine(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      // Checked only here, so a line that parses pays nothing for it.
      if (line.trim() !== "") this.answer(PARSE_ERROR);
      return;
    }
    let message: JSONRPCMessage;
    if (isPlainMessage(value)) message = value as JSONRPCMessage;
    else {
      try {
        message = parseJSONRPCMessage(value);
      } catch (error) {
        const answer = invalidMessageAnswer(value);
        if (answer) this.answer(answer);
        else this.onerror?.(toError(error));
        return;
      }
    }
    try {
      this.onmessage?.(message);
    } catch (error) {
      this.onerror?.(toError(error));
    }
  }

  /** An answer of the transport's own: no caller waits for it, so a failed write goes to the log. */
  private answer(message: JSONRPCMessage): void {
    this.send(message).catch((error: unknown) => this.onerror?.(toError(error)));
  }

  private readonly uncork = () => {
    this.corked = false;
    this.stdout.uncork();
  };

  private readonly onStdinError = (error: Error) => this.onerror?.(error);

  private readonly onStdinClose = () => {
    this.close().catch(() => {});
  };

  private readonly onStdoutError = (error: Error) => {
    if (this.closed) return;
    this.onerror?.(error);
    this.close().catch(() => {});
  };
}

/** MCP forbids a null id: errors about a line whose id cannot be read (this one, some -32600s) carry none. */
const PARSE_ERROR: JSONRPCMessage = { jsonrpc: "2.0", error: { code: -32700, message: "Parse error: the line is not valid JSON" } };

const REQUEST_KEYS = new Set(["jsonrpc", "id", "method", "params"]);

/**
 * The error response for JSON the SDK's parser refused. None for an object without an id
 * (a notification, which JSON-RPC never answers) nor for a malformed response: its id is
 * one the server chose, and an error carrying it could be taken for the answer to the
 * client's own request with the same id.
 */
function invalidMessageAnswer(value: unknown): JSONRPCMessage | undefined {
  if (Array.isArray(value)) return invalidRequest("batches are not supported; send one JSON-RPC message per line");
  if (typeof value !== "object" || value === null) return invalidRequest("a JSON-RPC message must be a JSON object");
  const message = value as Record<string, unknown>;
  if (!Object.hasOwn(message, "id") || isResponseShaped(message)) return undefined;
  const { id } = message;
  if (typeof id !== "string" && !Number.isSafeInteger(id)) return invalidRequest("id must be a string or a safe integer");
  return invalidRequest(requestFault(message), id as string | number);
}

function isResponseShaped(message: Record<string, unknown>): boolean {
  return !Object.hasOwn(message, "method") && (Object.hasOwn(message, "result") || Object.hasOwn(message, "error"));
}

/** What is wrong with a request the SDK refused, in one sentence; the first fault found. */
function requestFault(request: Record<string, unknown>): string {
  const { jsonrpc, method, params } = request;
  if (jsonrpc !== "2.0") return 'jsonrpc must be "2.0"';
  if (method === undefined) return "method is missing";
  if (typeof method !== "string") return "method must be a string";
  if (Object.keys(request).some((key) => !REQUEST_KEYS.has(key))) return "a request has only the members jsonrpc, id, method and params";
  if (params !== undefined && !isObject(params)) return "params must be an object";
  const meta = params === undefined ? undefined : (params as Record<string, unknown>)._meta;
  if (meta !== undefined && !isObject(meta)) return "params._meta must be an object";
  return "not a valid JSON-RPC request";
}

function invalidRequest(fault: string, id?: string | number): JSONRPCMessage {
  const error = { code: -32600, message: `Invalid Request: ${fault}` };
  return id === undefined ? { jsonrpc: "2.0", error } : { jsonrpc: "2.0", id, error };
}

function isObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
