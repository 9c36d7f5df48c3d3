/** MG112: a tool without examples (they are checked, run as tests and shown in the docs). */
import { createDiagnostic } from "../../diagnostics/messages.js";
import type { Finding, ToolLintContext } from "../context.js";

export function examplesRule(ctx: ToolLintContext): Finding[] {
  if (ctx.tool.examples.length > 0) return [];
  return [createDiagnostic({ code: "MG112", format: { tool: ctx.tool.name }, location: ctx.at(["name"], "key") })];
}
