/** MG103–MG105: descriptions the model can choose tools and fill arguments by. */
import { forEachSchemaExcept } from "../../spec/vocabulary.js";
import { code, VALUE_TEST_KEYWORDS, type Finding, type ToolLintContext } from "../context.js";
import { onlyRepeatsName } from "../words.js";

export function descriptionRules(ctx: ToolLintContext): Finding[] {
  const findings: Finding[] = [];
  const description = ctx.tool.wire.description;
  if (typeof description !== "string" || description.trim() === "") {
    findings.push({
      code: "MG103",
      message: `tool ${code(ctx.tool.name)} has no description`,
      location: description !== undefined ? ctx.at(["description"]) : ctx.at(["name"], "key"),
    });
  } else if (onlyRepeatsName(description, ctx.source.specName)) {
    findings.push({
      code: "MG105",
      message: `the description of ${code(ctx.tool.name)} only repeats its name; say what it does, when to use it, what it returns`,
      location: ctx.at(["description"]),
    });
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
        findings.push({
          code: "MG104",
          message: `input property ${code(name)} of ${code(ctx.tool.name)} has no description`,
          location: ctx.atSchema("inputSchema", [...schemaPath, "properties", name], "key"),
        });
      } else if (onlyRepeatsName(text, name)) {
        findings.push({
          code: "MG105",
          message: `the description of input property ${code(name)} only repeats its name`,
          location: ctx.atSchema("inputSchema", [...schemaPath, "properties", name, "description"]),
        });
      }
    }
  });
  return findings;
}
