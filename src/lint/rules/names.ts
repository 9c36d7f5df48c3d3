/** MG106, MG107: tool names clients accept and people can predict (MG120, the characters, is in portability.ts). */
import type { Location } from "../../diagnostics/diagnostic.js";
import { createDiagnostic } from "../../diagnostics/messages.js";
import type { Finding, ToolLintContext } from "../context.js";

/** The Claude API's limit (`^[a-zA-Z0-9_-]{1,64}$`), although MCP itself allows 128. */
export const CLIENT_TOOL_NAME_LIMIT = 64;

/** `configured`: the config's `lint.maxToolNameLength`, a client's lower limit. */
export function nameLengthRule(ctx: ToolLintContext, configured?: number): Finding[] {
  const name = ctx.tool.name;
  const limit = configured ?? CLIENT_TOOL_NAME_LIMIT;
  if (name.length <= limit) return [];
  const format = { name, length: name.length, limit };
  const location = ctx.at(["name"]);
  if (configured !== undefined) return [createDiagnostic({ code: "MG106", messageId: "configured", format, location })];
  return [createDiagnostic({ code: "MG106", messageId: name !== ctx.source.specName ? "namespaced" : "default", format, location })];
}

export type NameStyle = "snake_case" | "kebab-case" | "camelCase" | "PascalCase" | "mixed";

/**
 * The style of a name as the spec writes it (the namespace is the config's choice), after
 * its last `.` (a dotted prefix is a grouping, not a style). A single lowercase word fits
 * every style: undefined.
 */
export function nameStyle(name: string): NameStyle | undefined {
  const local = name.replace(/^.*\./, "");
  const snake = local.includes("_");
  const kebab = local.includes("-");
  const upper = /[A-Z]/.test(local);
  if (snake && kebab) return "mixed";
  if (snake || kebab) return upper ? "mixed" : snake ? "snake_case" : "kebab-case";
  if (!upper) return undefined;
  return /^[A-Z]/.test(local) ? "PascalCase" : "camelCase";
}

const STYLE_ORDER: NameStyle[] = ["snake_case", "kebab-case", "camelCase", "PascalCase"];

/** What the style rule reads of a tool: its name as the spec spells it, and where. */
export interface SpeltName {
  specName: string;
  location: Location;
}

export function speltName(ctx: ToolLintContext): SpeltName {
  return { specName: ctx.source.specName, location: ctx.at(["name"]) };
}

/** Every tool whose style is not the server's most common one (ties: snake, kebab, camel, Pascal). */
export function nameStyleRule(tools: readonly SpeltName[]): Finding[] {
  const styled = tools.map((ctx) => ({ ctx, style: nameStyle(ctx.specName) }));
  const counts = new Map<NameStyle, number>();
  for (const { style } of styled) if (style && style !== "mixed") counts.set(style, (counts.get(style) ?? 0) + 1);
  const main = STYLE_ORDER.reduce<NameStyle | undefined>(
    (best, style) => ((counts.get(style) ?? 0) > (best ? counts.get(best)! : 0) ? style : best),
    undefined,
  );
  const findings: Finding[] = [];
  const example = styled.find((other) => other.style === main);
  for (const { ctx, style } of styled) {
    if (!style || style === main) continue;
    const name = ctx.specName;
    findings.push(
      style === "mixed"
        ? createDiagnostic({ code: "MG107", messageId: "mixed", format: { name }, location: ctx.location })
        : example
          ? createDiagnostic({ code: "MG107", format: { name, style, serverStyle: String(main), example: example.ctx.specName }, location: ctx.location })
          : createDiagnostic({ code: "MG107", messageId: "noExample", format: { name, style, serverStyle: String(main) }, location: ctx.location }),
    );
  }
  return findings;
}
