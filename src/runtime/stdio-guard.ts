/**
 * The stdio transport: newline-delimited JSON-RPC on stdin/stdout, as the SDK's
 * `StdioServerTransport` reads and writes it, with three differences.
 *
 * - The SDK drops a message that is JSON but not a valid JSON-RPC message (`"params": "x"`,
 *   `"_meta": 5`) after logging it, so a client that sent such a request waits forever.
 *   JSON-RPC asks for an error response whenever the request's id can be read: those lines
 *   are answered here (-32600).
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
      return; // not JSON: the SDK skips it too, as JSON-RPC has no id to answer
    }
    let message: JSONRPCMessage;
    if (isPlainMessage(value)) message = value as JSONRPCMessage;
    else {
      try {
        message = parseJSONRPCMessage(value);
      } catch (error) {
        const answer = invalidRequestAnswer(value);
        if (answer) this.send(answer).catch((sendError: unknown) => this.onerror?.(toError(sendError)));
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

/** The error response for a JSON object with an id and a method that is not a valid message; undefined otherwise. */
function invalidRequestAnswer(message: unknown): JSONRPCMessage | undefined {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return undefined;
  const { id, method } = message as { id?: unknown; method?: unknown };
  if ((typeof id !== "string" && typeof id !== "number") || typeof method !== "string") return undefined;
  return { jsonrpc: "2.0", id, error: { code: -32600, message: "Invalid Request: not a valid JSON-RPC request (params and _meta must be objects)" } };
}

function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
