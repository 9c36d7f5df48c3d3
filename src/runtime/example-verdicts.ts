/**
 * The verdict on one example call: whether what `tools/call` returned is what the example
 * expects (a rejection, a success whose structured content matches the outputSchema, or
 * the example's exact output), and, when it is not, one line that says why, with the
 * server's log when the failure is the server's own. examples.ts runs the calls.
 */
import { normalizeReturn } from "./results.js";
import type { CallToolResult, ToolEntry, ToolReturn } from "./types.js";

export interface Verdict {
  pass: boolean;
  message: string;
}

export interface CallContext {
  hasOutputSchema: boolean;
  entry?: ToolEntry;
  serverLog: () => string[];
  owned: boolean;
}

// The runtime's wording for failures that are the server's fault (see call-tool.ts).
const INTERNAL_FAILURE = /failed with an internal error|timed out after \d+ ms|was cancelled/;

export function judgeRejection(result: CallToolResult, context: CallContext): Verdict {
  const text = resultText(result);
  if (result.isError !== true) return { pass: false, message: `expected the input to be rejected, but the call succeeded: ${clip(text)}` };
  if (INTERNAL_FAILURE.test(text)) return { pass: false, message: `expected a rejection, got an internal failure: ${failureDetails(text, context)}` };
  return { pass: true, message: `rejected: ${clip(oneLine(text))}` };
}

/** `example` is the call's expected side: its `output`, and whether the result must equal it (`match: exact`). */
export function judgeSuccess(example: { output?: unknown; match?: "schema" | "exact" }, result: CallToolResult, context: CallContext): Verdict {
  const text = resultText(result);
  if (result.isError === true) {
    const details = INTERNAL_FAILURE.test(text) ? failureDetails(text, context) : clip(text.replace(/\s*\n\s*/g, "; "));
    return { pass: false, message: `the call failed: ${details}` };
  }
  if (context.hasOutputSchema) {
    if (result.structuredContent === undefined) return { pass: false, message: "the tool has an outputSchema but the result has no structuredContent" };
    const validate = context.entry?.validateOutput;
    if (validate && !validate(result.structuredContent)) {
      const violations = (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? e.keyword}`);
      return { pass: false, message: `structuredContent does not match the outputSchema: ${violations.join("; ")}` };
    }
  }
  if (example.match === "exact" && example.output !== undefined) {
    const difference = context.hasOutputSchema ? firstDifference(example.output, result.structuredContent, "") : contentDifference(example.output, result);
    if (difference !== undefined) return { pass: false, message: `the result differs from the example's output: ${difference}` };
    return { pass: true, message: "succeeded; the result equals the example's output" };
  }
  return { pass: true, message: context.hasOutputSchema ? "succeeded; structuredContent matches the outputSchema" : "succeeded" };
}

/** A tool without outputSchema: the example's `output` is what the handler would return (a string, blocks...). */
function contentDifference(expected: unknown, result: CallToolResult): string | undefined {
  const normalized = normalizeReturn(expected as ToolReturn);
  if (!normalized) return firstDifference(expected, result.content, "");
  return firstDifference(normalized.content, result.content, "/content");
}

/** The first place two JSON values differ, as `/path: expected X, got Y`; undefined when equal. */
export function firstDifference(expected: unknown, actual: unknown, at: string): string | undefined {
  const where = at || "/";
  if (Array.isArray(expected) || Array.isArray(actual)) {
    if (!Array.isArray(expected) || !Array.isArray(actual)) return `${where}: expected ${show(expected)}, got ${show(actual)}`;
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      if (i >= expected.length) return `${at}/${i}: unexpected ${show(actual[i])}`;
      if (i >= actual.length) return `${at}/${i}: missing, expected ${show(expected[i])}`;
      const difference = firstDifference(expected[i], actual[i], `${at}/${i}`);
      if (difference !== undefined) return difference;
    }
    return undefined;
  }
  if (isObject(expected) && isObject(actual)) {
    for (const key of Object.keys(expected)) {
      const path = `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      if (!Object.hasOwn(actual, key)) return `${path}: missing, expected ${show(expected[key])}`;
      const difference = firstDifference(expected[key], actual[key], path);
      if (difference !== undefined) return difference;
    }
    for (const key of Object.keys(actual)) {
      if (!Object.hasOwn(expected, key)) return `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}: unexpected ${show(actual[key])}`;
    }
    return undefined;
  }
  return Object.is(expected, actual) || (expected === 0 && actual === 0) ? undefined : `${where}: expected ${show(expected)}, got ${show(actual)}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function failureDetails(text: string, context: CallContext): string {
  const log = context.serverLog();
  if (log.length > 0) return clip(`${oneLine(text)} — server log: ${log.join(" | ")}`, 1000);
  const hint = context.owned ? "" : " (pass a server factory, `(options) => createServer(handlers, options)`, to see the server's log here)";
  return `${clip(oneLine(text))}${hint}`;
}

function resultText(result: CallToolResult): string {
  return (result.content ?? []).map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("\n");
}

function oneLine(text: string): string {
  const lines = text.split("\n");
  return lines.length > 1 ? `${lines[0]} ${lines.slice(1).join("; ")}` : text;
}

export function show(value: unknown): string {
  return value === undefined ? "nothing" : clip(safeJson(value), 200);
}

export function safeJson(value: unknown, replacer?: (key: string, value: unknown) => unknown): string {
  try {
    return JSON.stringify(value, replacer) ?? String(value);
  } catch {
    return String(value);
  }
}

function clip(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
