/** A ToolLogger that records every call, so tests can assert what operators would read. */
import type { ToolLogger } from "../../src/runtime/types.js";

export interface LogCall {
  level: "debug" | "info" | "warn" | "error";
  message: string;
  data?: unknown;
}

export function capturingLogger(): ToolLogger & { calls: LogCall[]; text(): string } {
  const calls: LogCall[] = [];
  const at = (level: LogCall["level"]) => (message: string, data?: unknown) => {
    calls.push(data === undefined ? { level, message } : { level, message, data });
  };
  return {
    calls,
    debug: at("debug"),
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
    /** Everything logged, as one searchable string (symbols and bigints shown, not dropped). */
    text: () => calls.map((c) => `${c.level} ${c.message} ${readable(c.data)}`).join("\n"),
  };
}

function readable(data: unknown): string {
  const seen = new WeakSet<object>();
  return (
    JSON.stringify(data, (_key, value: unknown) => {
      if (typeof value === "bigint" || typeof value === "symbol") return String(value);
      if (typeof value === "object" && value !== null) {
        if (seen.has(value)) return "[circular]";
        seen.add(value);
      }
      return value;
    }) ?? String(data)
  );
}
