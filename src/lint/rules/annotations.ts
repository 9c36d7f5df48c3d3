/**
 * MG100–MG102: annotations against each other and against MCP's defaults (readOnlyHint
 * false, destructiveHint true, idempotentHint false, openWorldHint true).
 */
import { createDiagnostic } from "../../diagnostics/messages.js";
import { code, type Finding, type ToolLintContext } from "../context.js";
import { wordsOf } from "../words.js";

/** Verbs that start the name or description of a tool that only reads. */
const READ_VERBS = new Set([
  "get",
  "list",
  "search",
  "read",
  "fetch",
  "find",
  "query",
  "lookup",
  "look",
  "show",
  "describe",
  "retrieve",
  "view",
  "count",
  "browse",
  "inspect",
  "return",
]);
/** Third-person forms, as descriptions often start: "Gets the ...", "Returns ...". */
const READ_VERBS_THIRD_PERSON = new Set(
  [...READ_VERBS].map((verb) => (/(ch|sh|s|x)$/.test(verb) ? `${verb}es` : verb.endsWith("y") ? `${verb.slice(0, -1)}ies` : `${verb}s`)),
);
/** A name with any of these words is not taken for read-only, whatever its description says. */
const WRITE_WORDS = new Set([
  "create",
  "delete",
  "remove",
  "update",
  "write",
  "set",
  "send",
  "post",
  "put",
  "patch",
  "modify",
  "add",
  "insert",
  "upload",
  "move",
  "rename",
  "edit",
  "execute",
  "exec",
  "run",
  "kill",
  "start",
  "stop",
  "restart",
  "install",
  "merge",
  "push",
  "close",
  "cancel",
  "approve",
  "submit",
  "save",
  "apply",
  "reset",
  "clear",
  "drop",
  "launch",
]);

export function annotationRules(ctx: ToolLintContext): Finding[] {
  const findings: Finding[] = [];
  const annotations = ctx.tool.wire.annotations ?? {};
  const readOnly = annotations.readOnlyHint === true;
  if (readOnly && annotations.destructiveHint === true) {
    findings.push(createDiagnostic({ code: "MG100", format: { tool: ctx.tool.name }, location: ctx.at(["annotations", "destructiveHint"]) }));
  }
  if (readOnly) {
    for (const key of ["destructiveHint", "idempotentHint"] as const) {
      if (!(key in annotations) || (key === "destructiveHint" && annotations[key] === true)) continue;
      findings.push(createDiagnostic({ code: "MG101", format: { key }, location: ctx.at(["annotations", key], "key") }));
    }
  }
  if (!("readOnlyHint" in annotations) && !("destructiveHint" in annotations)) {
    const reason = readOnlyReason(ctx.source.specName, ctx.tool.wire.description);
    if (reason) {
      findings.push(
        createDiagnostic({
          code: "MG102",
          format: { tool: ctx.tool.name, reason },
          location: "annotations" in ctx.tool.wire ? ctx.at(["annotations"], "key") : ctx.at(["name"]),
        }),
      );
    }
  }
  return findings;
}

/**
 * Why a tool looks like it only reads, or undefined: its name starts with a read verb
 * (`get_`, `list_`, `search_`...), or its description does (`Get ...`, `Returns ...`) and
 * no word of its name is a write verb (`get_or_create_user` is not read-only).
 */
export function readOnlyReason(name: string, description: string | undefined): string | undefined {
  const nameWords = wordsOf(name.replace(/^.*\./, ""));
  if (nameWords.some((word) => WRITE_WORDS.has(word))) return undefined;
  if (nameWords.length > 0 && READ_VERBS.has(nameWords[0])) return `its name starts with ${code(nameWords[0])}`;
  const first = wordsOf(description ?? "")[0];
  if (first && (READ_VERBS.has(first) || READ_VERBS_THIRD_PERSON.has(first))) return `its description starts with ${code(first)}`;
  return undefined;
}
