/**
 * `generated/examples.ts`: every spec example as data, for `runExamples` and
 * `exampleTests` (mcp-gen/runtime) to run through the real server. Each case keeps
 * its spec location so a failing example points at the YAML that states it.
 */
import type { JsonValue, ProjectModel, ToolExample, ToolModel } from "../../spec/model.js";
import type { EmitContext } from "../shared/emitter.js";
import type { GeneratedFile } from "../shared/generated-file.js";
import { generatedHeader, specFiles } from "../shared/header.js";
import { tsString } from "../shared/templates.js";
import { jsLiteral } from "../shared/js-literal.js";

/** The emitter (src/emit/shared/emitter.ts). */
export function emit(model: ProjectModel, _context?: EmitContext): GeneratedFile[] {
  return emitExamples(model);
}

export function emitExamples(model: ProjectModel): GeneratedFile[] {
  return [{ area: "generated", path: "examples.ts", mode: "generated", render: () => examplesModule(model) }];
}

function examplesModule(model: ProjectModel): string {
  // Tools are sorted by name in the model; examples keep the order the author wrote them in.
  const cases = model.tools.flatMap((tool) => tool.examples.map((example) => renderCase(tool, example)));
  const contents = [
    generatedHeader(specFiles(model)),
    `import type { ToolExampleCase } from "mcp-gen/runtime";`,
    "",
    "/** Every spec example, by tool name then in spec order. Run them with `runExamples` or `exampleTests` from mcp-gen/runtime. */",
    cases.length === 0
      ? "export const examples: readonly ToolExampleCase[] = [];"
      : `export const examples: readonly ToolExampleCase[] = [\n${cases.join("")}];`,
    "",
  ].join("\n");
  return contents;
}

function renderCase(tool: ToolModel, example: ToolExample): string {
  const { file, line, column } = example.location;
  const fields: string[] = [`tool: ${tsString(tool.wire.name)}`];
  if (example.title !== undefined) fields.push(`title: ${tsString(example.title)}`);
  fields.push(`location: ${tsString(`${file}:${line}:${column}`)}`);
  fields.push(`input: ${literal(example.input)}`);
  if (example.output !== undefined) fields.push(`output: ${literal(example.output)}`);
  if (example.error) fields.push("error: true");
  if (example.match !== undefined) fields.push(`match: ${tsString(example.match)}`);
  return `  {\n${fields.map((field) => `    ${field},\n`).join("")}  },\n`;
}

/** A JSON value as a TypeScript expression, indented to sit inside a case. */
function literal(value: JsonValue): string {
  return jsLiteral(value).replace(/\n/g, "\n    ");
}
