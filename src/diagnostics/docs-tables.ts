/**
 * The docs' code and lint tables, rendered from the message catalogue, and the sections of
 * the site's diagnostics page (docs/reference/diagnostics.md) that hold them (between
 * `<!-- mcp-gen:<name>:start -->` and `...:end -->`).
 * `npm run docs:tables` rewrites them; a test fails when the page drifts.
 */
import type { DiagnosticCode } from "./diagnostic.js";
import { isLintCode, LINT_RULES, MAX_WARNINGS_CODE, MESSAGES } from "./messages.js";

export const DOCS_TABLES_COMMAND = "npm run docs:tables";

type Entry = (typeof MESSAGES)[DiagnosticCode] & { docs?: string };

function docsText(code: DiagnosticCode): string {
  const entry: Entry = MESSAGES[code];
  return cell(entry.docs ?? entry.title);
}

function cell(text: string): string {
  return text.replaceAll("|", "\\|");
}

/** `MG100–MG112, MG140`: runs of consecutive codes as ranges. */
function codeRanges(codes: readonly DiagnosticCode[]): string {
  const numbers = codes.map((code) => Number(code.slice(2))).sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  for (const n of numbers) {
    const last = runs.at(-1);
    if (last && n === last[1] + 1) last[1] = n;
    else runs.push([n, n]);
  }
  const name = (n: number) => `MG${String(n).padStart(3, "0")}`;
  return runs.map(([from, to]) => (from === to ? name(from) : to === from + 1 ? `${name(from)}, ${name(to)}` : `${name(from)}–${name(to)}`)).join(", ");
}

/** Every code by number; the lint codes as one row that points at the lint table. */
export function renderCodeTable(): string {
  const codes = (Object.keys(MESSAGES) as DiagnosticCode[]).sort();
  const lintCodes = codes.filter(isLintCode);
  const rows: string[] = [];
  let lintRowDone = false;
  for (const code of codes) {
    if (isLintCode(code)) {
      if (!lintRowDone) rows.push(`| ${codeRanges(lintCodes)} | — | lint rules, see [Lint rules](#lint-rules) |`);
      lintRowDone = true;
      continue;
    }
    rows.push(`| ${code} | ${MESSAGES[code].severity} | ${docsText(code)} |`);
  }
  return ["| code | severity | meaning |", "|---|---|---|", ...rows].join("\n");
}

export function renderLintTable(): string {
  const rows = LINT_RULES.map((rule) => `| ${rule.code} | \`${rule.name}\` | ${rule.category} | ${rule.defaultSeverity} | ${docsText(rule.code)} |`);
  rows.push(`| ${MAX_WARNINGS_CODE} | — | — | ${MESSAGES[MAX_WARNINGS_CODE].severity} | ${docsText(MAX_WARNINGS_CODE)} |`);
  return ["| code | name | category | default | finds |", "|---|---|---|---|---|", ...rows].join("\n");
}

export const DOCS_TABLES: ReadonlyArray<{ name: string; render: () => string }> = [
  { name: "codes", render: renderCodeTable },
  { name: "lint-rules", render: renderLintTable },
];

const startMarker = (name: string) => `<!-- mcp-gen:${name}:start (rendered from src/diagnostics/messages.ts by \`${DOCS_TABLES_COMMAND}\`; do not edit) -->`;
const endMarker = (name: string) => `<!-- mcp-gen:${name}:end -->`;

/**
 * `text` with each table's section replaced by its rendering. A missing or broken pair of
 * markers is an error: silently skipping a table would let it drift.
 */
export function updateDocsTables(text: string): string {
  let result = text;
  for (const { name, render } of DOCS_TABLES) {
    const start = result.indexOf(`<!-- mcp-gen:${name}:start`);
    const startEnd = start < 0 ? -1 : result.indexOf("-->", start);
    const end = result.indexOf(endMarker(name));
    if (start < 0 || startEnd < 0 || end < startEnd) throw new Error(`no <!-- mcp-gen:${name}:start --> ... <!-- mcp-gen:${name}:end --> section`);
    result = `${result.slice(0, start)}${startMarker(name)}\n${render()}\n${result.slice(end)}`;
  }
  return result;
}
