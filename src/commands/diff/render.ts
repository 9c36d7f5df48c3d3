/**
 * A diff's changes as text (grouped by class, for a terminal or a CI log), as Markdown
 * (for a pull-request comment) and as JSON (schema/diff.schema.json).
 */
import type { Change } from "../../contract/compare-tools.js";
import type { TokenDeltas } from "../../contract/token-deltas.js";
import { CHANGE_CLASSES, atOrAbove, type ChangeClass } from "../../contract/rules.js";
import { counted } from "../../util/counted.js";
import type { DiffOutcome, SideSummary } from "./diff.js";

/** The JSON output's shape version: bump on a change a reader must know about. */
export const DIFF_VERSION = 1;

const HEADINGS: { [C in ChangeClass]: string } = { breaking: "Breaking", dangerous: "Dangerous", safe: "Safe" };

export function countByClass(changes: readonly Change[]): { [C in ChangeClass]: number } {
  const counts = { breaking: 0, dangerous: 0, safe: 0 };
  for (const change of changes) counts[change.class]++;
  return counts;
}

/** Whether any change reaches `--fail-on`. */
export function failsOn(changes: readonly Change[], threshold: ChangeClass): boolean {
  return changes.some((change) => atOrAbove(change.class, threshold));
}

function summaryLine(changes: readonly Change[]): string {
  if (changes.length === 0) return "no changes";
  const counts = countByClass(changes);
  return `${counted(changes.length, "change")} (${CHANGE_CLASSES.map((c) => `${counts[c]} ${c}`).join(", ")})`;
}

function sideName(side: SideSummary): string {
  return side.kind === "working-tree" ? "the working tree" : side.source;
}

const where = (change: Change) => (change.location ? `${change.location.file}:${change.location.line}:${change.location.column}` : undefined);

type Compared = Required<Pick<DiffOutcome, "base" | "head" | "changes">> & Pick<DiffOutcome, "tokens">;

const number = (n: number) => n.toLocaleString("en-US");
const signed = (n: number) => (n > 0 ? `+${number(n)}` : n < 0 ? `-${number(-n)}` : "±0");

function tokenLine(tokens: TokenDeltas): string {
  return `tokens (${tokens.encoding}; approximate for other models): ${number(tokens.base)} → ${number(tokens.head)} (${signed(tokens.delta)})`;
}

function toolTokenLine(tool: TokenDeltas["tools"][number]): string {
  const before = tool.base === undefined ? "(added)" : number(tool.base);
  const after = tool.head === undefined ? "(removed)" : number(tool.head);
  return `${before} → ${after} (${signed(tool.delta)})`;
}

export function renderText(outcome: Compared, threshold: ChangeClass): string {
  const { base, head, changes, tokens } = outcome;
  const lines = [
    `mcp-gen diff: ${sideName(base)} (${counted(base.tools, "tool")}) → ${sideName(head)} (${counted(head.tools, "tool")}): ${summaryLine(changes)}`,
  ];
  for (const cls of CHANGE_CLASSES) {
    const group = changes.filter((c) => c.class === cls);
    if (group.length === 0) continue;
    lines.push("", `${HEADINGS[cls]} (${group.length})`);
    for (const change of group) {
      const place = where(change);
      lines.push(`  ${change.tool}${change.path ? ` ${change.path}` : ""}: ${change.message} [${change.code}]`);
      lines.push(`    ${place ? `${place}: ` : ""}${change.reason}`);
    }
  }
  if (tokens) {
    lines.push("", tokenLine(tokens));
    for (const tool of tokens.tools) lines.push(`  ${tool.tool}: ${toolTokenLine(tool)}`);
  }
  const failing = failsOn(changes, threshold);
  lines.push(
    "",
    failing
      ? `fails: ${threshold === "breaking" ? "breaking changes" : "breaking or dangerous changes"} found (--fail-on ${threshold})`
      : `passes: no ${threshold === "breaking" ? "breaking change" : "breaking or dangerous change"} (--fail-on ${threshold})`,
  );
  return `${lines.join("\n")}\n`;
}

/** A cell of a Markdown table: one line, pipes escaped. */
const cell = (text: string) => text.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");
/** Inline code that survives backticks in the text. */
const code = (text: string) => (text.includes("`") ? `\`\` ${text} \`\`` : `\`${text}\``);

export function renderMarkdown(outcome: Compared, threshold: ChangeClass): string {
  const { base, head, changes, tokens } = outcome;
  const failing = failsOn(changes, threshold);
  const lines = [
    `### ${failing ? "❌" : "✅"} mcp-gen diff: ${code(base.source)} → ${head.kind === "working-tree" ? "working tree" : code(head.source)}`,
    "",
    changes.length === 0
      ? "No changes to the tool surface."
      : CHANGE_CLASSES.map((c) => {
          const n = countByClass(changes)[c];
          return c === "breaking" && n > 0 ? `**${n} breaking**` : `${n} ${c}`;
        }).join(" · "),
  ];
  for (const cls of CHANGE_CLASSES) {
    const group = changes.filter((c) => c.class === cls);
    if (group.length === 0) continue;
    lines.push("", `#### ${HEADINGS[cls]} (${group.length})`, "", "| tool | change | where | rule |", "|---|---|---|---|");
    for (const change of group) {
      const place = where(change);
      const at = [change.path ? code(change.path) : "", place ? `(${place})` : ""].filter(Boolean).join(" ");
      lines.push(`| ${code(change.tool)} | ${cell(change.message)} | ${cell(at)} | ${code(change.code)}: ${cell(change.reason)} |`);
    }
  }
  if (tokens) {
    lines.push("", `Tokens (${tokens.encoding}; approximate for other models): ${number(tokens.base)} → ${number(tokens.head)} (**${signed(tokens.delta)}**)`);
    if (tokens.tools.length > 0) {
      lines.push("", "<details><summary>Tokens per tool</summary>", "", "| tool | before → after |", "|---|---|");
      for (const tool of tokens.tools) lines.push(`| ${code(tool.tool)} | ${toolTokenLine(tool)} |`);
      lines.push("", "</details>");
    }
  }
  lines.push("", failing ? `Fails \`--fail-on ${threshold}\`.` : `Passes \`--fail-on ${threshold}\`.`);
  return `${lines.join("\n")}\n`;
}

export function renderJson(outcome: DiffOutcome, threshold: ChangeClass, diagnostics: unknown): string {
  const data: Record<string, unknown> = { diffVersion: DIFF_VERSION, failOn: threshold };
  if (outcome.base) data.base = outcome.base;
  if (outcome.head) data.head = outcome.head;
  if (outcome.changes) {
    data.failed = failsOn(outcome.changes, threshold);
    data.summary = countByClass(outcome.changes);
    data.changes = outcome.changes;
  }
  if (outcome.tokens) data.tokens = outcome.tokens;
  data.diagnostics = diagnostics;
  return `${JSON.stringify(data, null, 2)}\n`;
}
