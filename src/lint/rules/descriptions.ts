/** MG103–MG105: descriptions the model can choose tools and fill arguments by. */
import { createDiagnostic } from "../../diagnostics/messages.js";
import { forEachSchemaExcept } from "../../spec/vocabulary.js";
import { VALUE_TEST_KEYWORDS, type Finding, type ToolLintContext } from "../context.js";
import { onlyRepeatsName } from "../words.js";

export function descriptionRules(ctx: ToolLintContext): Finding[] {
  const findings: Finding[] = [];
  const description = ctx.tool.wire.description;
  if (typeof description !== "string" || description.trim() === "") {
    findings.push(
      createDiagnostic({
        code: "MG103",
        format: { tool: ctx.tool.name },
        location: description !== undefined ? ctx.at(["description"]) : ctx.at(["name"], "key"),
      }),
    );
  } else if (onlyRepeatsName(description, ctx.source.specName)) {
    findings.push(createDiagnostic({ code: "MG105", format: { tool: ctx.tool.name }, location: ctx.at(["description"]) }));
  }

  // Input properties: what the model fills in. Output properties are read by code.
  forEachSchemaExcept(ctx.tool.wire.inputSchema, VALUE_TEST_KEYWORDS, (node, schemaPath) => {
    const properties = node.properties;
    if (typeof properties !== "object" || properties === null || Array.isArray(properties)) return;
    for (const [name, property] of Object.entries(properties)) {
      if (typeof property !== "object" || property === null || Array.isArray(property)) continue;
      // A `$ref`'d property takes its description from the target, which is checked there.
      if ("$ref" in property) continue;
      const text = property.description;
      if (typeof text !== "string" || text.trim() === "") {
        findings.push(
          createDiagnostic({
            code: "MG104",
            format: { property: name, tool: ctx.tool.name },
            location: ctx.atSchema("inputSchema", [...schemaPath, "properties", name], "key"),
          }),
        );
      } else if (onlyRepeatsName(text, name)) {
        findings.push(
          createDiagnostic({
            code: "MG105",
            messageId: "property",
            format: { property: name },
            location: ctx.atSchema("inputSchema", [...schemaPath, "properties", name, "description"]),
          }),
        );
      }
    }
  });
  return findings;
}
