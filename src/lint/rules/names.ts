/** MG106, MG107: tool names clients accept and people can predict. */
import type { Location } from "../../diagnostics/diagnostic.js";
import { code, type Finding, type ToolLintContext } from "../context.js";

/** Several MCP clients reject longer names, although MCP itself allows 128. */
export const CLIENT_TOOL_NAME_LIMIT = 64;

export function nameLengthRule(ctx: ToolLintContext): Finding[] {
  const name = ctx.tool.name;
  if (name.length <= CLIENT_TOOL_NAME_LIMIT) return [];
  const namespaced = name !== ctx.source.specName ? " with its namespace" : "";
  return [
    {
      code: "MG106",
      message: `tool name ${code(name)} is ${name.length} characters long${namespaced}; several MCP clients reject names over ${CLIENT_TOOL_NAME_LIMIT}`,
      location: ctx.at(["name"]),
    },
  ];
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
  const main = STYLE_ORDER.reduce<NameStyle | undefined>((best, style) => ((counts.get(style) ?? 0) > (best ? counts.get(best)! : 0) ? style : best), undefined);
  const findings: Finding[] = [];
  const example = styled.find((other) => other.style === main);
  for (const { ctx, style } of styled) {
    if (!style || style === main) continue;
    findings.push({
      code: "MG107",
      message:
        style === "mixed"
          ? `tool name ${code(ctx.specName)} mixes naming styles within itself`
          : `tool name ${code(ctx.specName)} is ${style} while this server's tools are ${main}${example ? ` (e.g. ${code(example.ctx.specName)})` : ""}`,
      location: ctx.location,
    });
  }
  return findings;
}
