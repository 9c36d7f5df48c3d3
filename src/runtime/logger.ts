/**
 * The server's own log: JSON lines on stderr by default (stdout is the protocol channel
 * on stdio). This is where details of failures go; clients never see them.
 */
import type { ToolLogger } from "./types.js";

export function stderrLogger(minLevel: LogLevel = "info"): ToolLogger {
  const threshold = LEVELS.indexOf(minLevel);
  const write = (level: LogLevel) => (message: string, data?: unknown) => {
    if (LEVELS.indexOf(level) < threshold) return;
    const line: Record<string, unknown> = { time: new Date().toISOString(), level, msg: message };
    if (data !== undefined) line.data = data instanceof Error ? errorDetails(data) : data;
    let text: string;
    try {
      text = JSON.stringify(line);
    } catch {
      text = JSON.stringify({ time: line.time, level, msg: message, data: "[unserializable]" });
    }
    writeLine(text);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}

/**
 * stderr where there is one (Node, Bun, Deno with its Node globals); elsewhere (Workers)
 * the console, whose error stream is the runtime's log.
 */
function writeLine(text: string): void {
  const stderr = (globalThis as { process?: { stderr?: { write?: (text: string) => unknown } } }).process?.stderr;
  if (typeof stderr?.write === "function") stderr.write(`${text}\n`);
  else console.error(text);
}

export type LogLevel = "debug" | "info" | "warn" | "error";
const LEVELS: LogLevel[] = ["debug", "info", "warn", "error"];

/** What the log keeps of a thrown value: everything, because only operators read it. */
export function errorDetails(error: unknown): unknown {
  // A thrown value may be hostile too (a getter that throws, a toString that throws): reading
  // it must never turn a handler's failure into a failure of the server.
  try {
    if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
    return { thrown: typeof error === "object" ? safeString(error) : String(error) };
  } catch {
    return { thrown: "[a value that could not be read]" };
  }
}

function safeString(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** A logger that drops everything (tests, or servers that log elsewhere). */
export const silentLogger: ToolLogger = { debug() {}, info() {}, warn() {}, error() {} };
