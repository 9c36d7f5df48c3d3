/** MG112: a tool without examples (they are checked, run as tests and shown in the docs). */
import { code, type Finding, type ToolLintContext } from "../context.js";

export function examplesRule(ctx: ToolLintContext): Finding[] {
  if (ctx.tool.examples.length > 0) return [];
  return [
    {
      code: "MG112",
      message: `tool ${code(ctx.tool.name)} has no examples`,
      location: ctx.at(["name"], "key"),
    },
  ];
}
