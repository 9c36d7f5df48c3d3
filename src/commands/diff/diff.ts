/**
 * `mcp-gen diff <base> [<head>]`: what changed in the tool surface between two versions
 * and what it breaks. Reads both sides (sides.ts), compares them (src/contract/) and
 * returns the changes; src/cli/diff.ts parses the arguments and prints the outcome.
 */
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Change } from "../../contract/compare-tools.js";
import type { TokenDeltas } from "../../contract/token-deltas.js";
import { splitCommandLine } from "../tool-source/command-line.js";
import type { ProtocolNegotiation } from "../tool-source/from-server.js";
import { DEFAULT_TIMEOUT_MS } from "../tool-source/limits.js";
import { loadSide, type SideKind, type SideSource } from "./sides.js";

/** The command's options, as commander parses them. */
export interface DiffCommandOptions {
  /** The base side is this server, started over stdio. */
  baseFromServer?: string;
  /** The base side is the server at this Streamable HTTP endpoint. */
  baseUrl?: string;
  /** The head side is this server, started over stdio. */
  fromServer?: string;
  /** The head side is the server at this Streamable HTTP endpoint. */
  url?: string;
  /** Milliseconds, as typed on the command line. */
  timeout?: string;
  protocol?: ProtocolNegotiation;
  /** The project's config file, for the working tree and git revisions. */
  config?: string;
}

export interface SideSummary {
  source: string;
  kind: SideKind;
  tools: number;
}

export interface DiffOutcome {
  /** The command line is wrong; nothing was read. */
  usage?: string;
  /** Why a side could not be read (the changes are then absent). */
  diagnostics: Diagnostic[];
  /** Texts of the files the diagnostics point into. */
  sources: Map<string, string>;
  base?: SideSummary;
  head?: SideSummary;
  changes?: Change[];
  /** Tokens of the tool list on both sides, per tool and in total. */
  tokens?: TokenDeltas;
}

/** Node turns a larger delay into 1 ms. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Which source each side is, or why the command line is wrong. */
export function diffSources(args: readonly string[], options: DiffCommandOptions): { base: SideSource; head: SideSource } | { usage: string } {
  let timeoutMs = DEFAULT_TIMEOUT_MS;
  const anyServer = [options.baseFromServer, options.baseUrl, options.fromServer, options.url].some((v) => v !== undefined);
  if (!anyServer && (options.timeout !== undefined || options.protocol !== undefined)) {
    return { usage: "--timeout and --protocol apply only to a server side (--from-server, --url, --base-from-server, --base-url)" };
  }
  if (options.timeout !== undefined) {
    timeoutMs = /^\d+$/.test(options.timeout) ? Number(options.timeout) : NaN;
    if (!(timeoutMs >= 1 && timeoutMs <= MAX_TIMEOUT_MS))
      return { usage: `--timeout takes a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, not '${options.timeout}'` };
  }
  const protocol = options.protocol ?? "legacy";
  const server = (command: string | undefined, url: string | undefined, flags: [string, string]): SideSource | { usage: string } | undefined => {
    if (command !== undefined && url !== undefined) return { usage: `give only one of ${flags[0]} and ${flags[1]}` };
    if (command !== undefined) {
      const split = splitCommandLine(command);
      if ("error" in split) return { usage: `${flags[0]}: ${split.error} in '${command}'` };
      return { kind: "server", server: { command }, timeoutMs, protocol };
    }
    if (url !== undefined) {
      if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) return { usage: `${flags[1]} takes an http:// or https:// URL, not '${url}'` };
      return { kind: "server", server: { url }, timeoutMs, protocol };
    }
    return undefined;
  };
  const baseServer = server(options.baseFromServer, options.baseUrl, ["--base-from-server", "--base-url"]);
  const headServer = server(options.fromServer, options.url, ["--from-server", "--url"]);
  if (baseServer && "usage" in baseServer) return baseServer;
  if (headServer && "usage" in headServer) return headServer;
  if (!baseServer && args.length === 0) {
    return {
      usage: `give the base to compare with: a git revision (e.g. HEAD~1), a specs folder, a catalog.json or a tools/list dump${headServer ? " (or --base-from-server / --base-url)" : ""}`,
    };
  }
  const wanted = (baseServer ? 0 : 1) + (headServer ? 0 : 1);
  if (args.length > wanted) {
    return {
      usage:
        baseServer || headServer
          ? `with ${baseServer && headServer ? "two servers" : baseServer ? "a base server" : "a head server"}, give ${wanted === 0 ? "no other side" : "at most one other side"} (got ${args.length})`
          : `give at most two sides, <base> and <head> (got ${args.length})`,
    };
  }
  const rest = [...args];
  const base: SideSource = baseServer ?? { kind: "argument", value: rest.shift()! };
  const head: SideSource = headServer ?? (rest.length > 0 ? { kind: "argument", value: rest.shift()! } : { kind: "working-tree" });
  return { base, head };
}

export async function diffTools(args: readonly string[], options: DiffCommandOptions, cwd: string): Promise<DiffOutcome> {
  const sources = diffSources(args, options);
  if ("usage" in sources) return { usage: sources.usage, diagnostics: [], sources: new Map() };
  const context = { cwd, configFile: options.config };
  // One after the other: two servers starting at once compete for a small machine, and the order of diagnostics stays fixed.
  const base = await loadSide(sources.base, context);
  const head = await loadSide(sources.head, context);
  // The same file on both sides reports its problems once.
  const said = new Set(base.diagnostics.map((d) => JSON.stringify(d)));
  const diagnostics = [...base.diagnostics, ...head.diagnostics.filter((d) => !said.has(JSON.stringify(d)))];
  const allSources = new Map([...base.sources, ...head.sources]);
  if (!base.tools || !head.tools) return { diagnostics, sources: allSources };
  const [{ compareToolLists }, { tokenDeltas }] = await Promise.all([import("../../contract/compare-tools.js"), import("../../contract/token-deltas.js")]);
  return {
    diagnostics,
    sources: allSources,
    base: { source: base.label, kind: base.kind!, tools: base.tools.length },
    head: { source: head.label, kind: head.kind!, tools: head.tools.length },
    changes: compareToolLists(base.tools, head.tools),
    tokens: tokenDeltas(base.tools, head.tools),
  };
}
