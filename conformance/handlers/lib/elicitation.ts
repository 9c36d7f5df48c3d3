import type { ElicitationResult } from "mcp-gen/runtime";

/** How the suite's reference server reports an elicitation answer: `action=…, content={…}`. */
export function describeElicitation(result: ElicitationResult): string {
  return `action=${result.action}, content=${JSON.stringify(result.content ?? {})}`;
}
