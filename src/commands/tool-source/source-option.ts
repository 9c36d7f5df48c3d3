/**
 * Which tool list a command reads (import, client): a `tools/list` dump file, a server
 * started over stdio (`--from-server`) or one over HTTP (`--url`), from its command line.
 */
import { splitCommandLine } from "./command-line.js";
import type { ProtocolNegotiation, ServerSource } from "./from-server.js";
import { DEFAULT_TIMEOUT_MS } from "./limits.js";

/** The options every such command takes, as commander parses them. */
export interface ToolSourceOptions {
  /** A command line that starts an MCP server speaking stdio. */
  fromServer?: string;
  /** The Streamable HTTP endpoint of a running MCP server. */
  url?: string;
  /** Milliseconds, as typed on the command line. */
  timeout?: string;
  protocol?: ProtocolNegotiation;
}

/** Node turns a larger delay into 1 ms. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export type ToolSource = { kind: "file"; file: string } | { kind: "server"; server: ServerSource; timeoutMs: number; protocol: ProtocolNegotiation };

/** Which of the three sources the user asked for, or why the command line is wrong. */
export function toolSourceFrom(file: string | undefined, options: ToolSourceOptions): ToolSource | { usage: string } {
  const given = [file !== undefined && "<tools.json>", options.fromServer !== undefined && "--from-server", options.url !== undefined && "--url"].filter(
    (x): x is string => typeof x === "string",
  );
  if (given.length === 0) return { usage: 'give a tools/list dump <tools.json>, --from-server "<command>" or --url <url>' };
  if (given.length > 1) return { usage: `give only one of <tools.json>, --from-server and --url (got ${given.join(" and ")})` };
  if (file !== undefined) {
    const serverOnly = [options.timeout !== undefined && "--timeout", options.protocol !== undefined && "--protocol"].filter(Boolean);
    if (serverOnly.length > 0) return { usage: `${serverOnly.join(" and ")} ${serverOnly.length > 1 ? "apply" : "applies"} only to --from-server and --url` };
    return { kind: "file", file };
  }
  let timeoutMs = DEFAULT_TIMEOUT_MS;
  if (options.timeout !== undefined) {
    timeoutMs = /^\d+$/.test(options.timeout) ? Number(options.timeout) : NaN;
    if (!(timeoutMs >= 1 && timeoutMs <= MAX_TIMEOUT_MS)) {
      return { usage: `--timeout takes a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, not '${options.timeout}'` };
    }
  }
  const protocol = options.protocol ?? "legacy";
  if (options.fromServer !== undefined) {
    const split = splitCommandLine(options.fromServer);
    if ("error" in split) return { usage: `--from-server: ${split.error} in '${options.fromServer}'` };
    return { kind: "server", server: { command: options.fromServer }, timeoutMs, protocol };
  }
  const url = options.url!;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    return { usage: `--url takes an http:// or https:// URL, not '${url}'` };
  }
  return { kind: "server", server: { url }, timeoutMs, protocol };
}
