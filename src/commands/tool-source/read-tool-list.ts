/** Reads a `tools/list` dump from a JSON file, reporting bad JSON at its line and column. */
import { readFileSync } from "node:fs";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { createDiagnostic, diagnosticMessage } from "../../diagnostics/messages.js";
import { parseYaml } from "../../yaml/load.js";
import { locate } from "../../yaml/positions.js";
import type { DumpPath } from "./tool-list.js";

export interface ReadToolListResult {
  data?: unknown;
  /** The file's text when it could be read, for code frames. */
  text?: string;
  diagnostics: Diagnostic[];
  /** Where a value sits in the file, for diagnostics about one tool. */
  locate?: (path: DumpPath) => Position;
}

function offsetToPosition(text: string, offset: number): Position {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split("\n");
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/** How many characters V8 quotes on each side of an unexpected token. */
const V8_CONTEXT_CHARACTERS = 10;

/**
 * For "Unexpected token 'x', ..."context"... is not valid JSON" V8 gives no offset, but
 * the quoted context pins it down: it starts 10 characters before the token.
 */
function unexpectedTokenOffset(text: string, message: string): number | undefined {
  const match = /^Unexpected token '(.*?)', (\.\.\.)?"(.*)"(\.\.\.)? is not valid JSON$/s.exec(message);
  if (!match) return undefined;
  const [, token, before, context, after] = match;
  if (before) {
    for (let at = text.indexOf(context); at >= 0; at = text.indexOf(context, at + 1)) {
      const offset = at + V8_CONTEXT_CHARACTERS;
      if (text.startsWith(token, offset)) return offset;
    }
    return undefined;
  }
  if (after) return Math.max(0, context.length - V8_CONTEXT_CHARACTERS);
  // The whole text was quoted: the token's place is certain only when it occurs once.
  const first = text.indexOf(token);
  return first >= 0 && text.indexOf(token, first + 1) < 0 ? first : undefined;
}

/** V8 names the failing offset in most JSON.parse messages; use it when it does. */
export function jsonErrorPosition(text: string, message: string): Position {
  const lineColumn = /\(line (\d+) column (\d+)\)/.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const offset = /at position (\d+)/.exec(message);
  if (offset) return offsetToPosition(text, Number(offset[1]));
  if (/end of JSON input/i.test(message)) return offsetToPosition(text, text.length);
  const tokenOffset = unexpectedTokenOffset(text, message);
  if (tokenOffset !== undefined) return offsetToPosition(text, tokenOffset);
  return { line: 1, column: 1 };
}

/** Drops V8's echo of the input (`"{...}" is not valid JSON`) and the position already shown. */
function shortJsonMessage(message: string): string {
  return message
    .replace(/, (\.\.\.)?".*"(\.\.\.)? is not valid JSON$/s, "")
    .replace(/ (in JSON )?at position \d+( \(line \d+ column \d+\))?$/, "")
    .trim();
}

export function readToolListFile(absPath: string, file: string = absPath): ReadToolListResult {
  const cannotRead = (reason: string): ReadToolListResult => ({
    diagnostics: [createDiagnostic({ code: "MG005", format: { reason }, location: { file, line: 1, column: 1 } })],
  });
  let bytes: Buffer;
  try {
    bytes = readFileSync(absPath);
  } catch (error) {
    return cannotRead((error as NodeJS.ErrnoException).code ?? (error as Error).message);
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return cannotRead("not valid UTF-8");
  }
  // TextDecoder already dropped a leading BOM.
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = jsonErrorPosition(text, message);
    return {
      text,
      diagnostics: [
        createDiagnostic({ code: "MG001", messageId: "invalidJson", format: { reason: shortJsonMessage(message) }, location: { file, ...position } }),
      ],
    };
  }

  // JSON is YAML: the YAML parser gives positions JSON.parse does not, and finds duplicate keys.
  let parsedAsYaml: ReturnType<typeof parseYaml> | undefined;
  const asYaml = () => (parsedAsYaml ??= parseYaml(file, absPath, text));
  const locateInFile = (path: DumpPath): Position => {
    const view = asYaml().yaml;
    if (!view) return { line: 1, column: 1 };
    const { line, column } = locate(view, path, "value");
    return { line, column };
  };
  return { data, text, diagnostics: [...inexactIntegers(file, text), ...duplicateKeys(asYaml().diagnostics)], locate: locateInFile };
}

/**
 * An integer beyond JavaScript's exact ones, which JSON.parse changes in silence
 * (9223372036854775807 becomes 9223372036854776000), as a warning at its place.
 */
function inexactIntegers(file: string, text: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  if (!/\d{16}/.test(text)) return diagnostics;
  // JSON's own tokens: outside strings, every run of digits is a number.
  for (const match of text.matchAll(/"(?:[^"\\]|\\.)*"|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g)) {
    const literal = match[1];
    if (literal === undefined || !/^-?\d+$/.test(literal)) continue;
    const value = Number(literal);
    if (Number.isSafeInteger(value) || BigInt(literal) === BigInt(value)) continue;
    diagnostics.push(
      createDiagnostic({
        code: "MG010",
        messageId: "unsafeInteger",
        severity: "warning",
        format: { literal, value: JSON.stringify(value) },
        location: { file, ...offsetToPosition(text, match.index) },
      }),
    );
  }
  return diagnostics;
}

/** A key an object holds twice: JSON.parse keeps the last one without a word. A warning at the second. */
function duplicateKeys(yamlDiagnostics: readonly Diagnostic[]): Diagnostic[] {
  return yamlDiagnostics
    .filter((d) => d.code === "MG002")
    .map((d) => ({
      ...d,
      severity: "warning",
      message: diagnosticMessage({ code: "MG002", messageId: "inJson", format: { duplicate: d.message.replace(/: a mapping may hold each key once$/, "") } }),
    }));
}
