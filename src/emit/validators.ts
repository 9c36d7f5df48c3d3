/**
 * The validators emitter: ajv standalone code for every input and output schema.
 *
 * The functions are the checker's own (src/spec/schemas.ts compiles each distinct schema
 * once per process), so tools with equal schemas share one function. One Ajv instance
 * cannot compile both dialects, and two instances' standalone code uses the same internal
 * names (`validate10`, `schema31`, ...). So each dialect gets its own module, and
 * `validators.js` re-exports them all under one name per schema:
 *
 *   validators.js              export { validateGetWeatherInput, ... } from "./validators-2020-12.js"; ...
 *   validators-2020-12.js      the 2020-12 schemas (only when some tool uses 2020-12)
 *   validators-draft-07.js     the draft-07 schemas (only when some tool uses draft-07)
 *   validators.d.ts            one `CompiledValidator` declaration per export
 */
import type { ValidateFunction } from "ajv";
import type { Dialect, JsonObject, ProjectModel } from "../spec/model.js";
import { compileSchema, schemaCompiler } from "../spec/schemas.js";
import type { GeneratedFile } from "./generated-file.js";
import { generatedHeader } from "./header.js";
import { standaloneModule } from "./standalone-code.js";

/** The dialects in the order their modules are re-exported. */
const DIALECTS: readonly Dialect[] = ["2020-12", "draft-07"];

interface ValidatorSource {
  exportName: string;
  dialect: Dialect;
  schema: JsonObject;
}

/** `validateGetWeatherInput` for the tool whose identifiers' `pascal` is `GetWeather`. */
export function validatorNames(pascal: string): { input: string; output: string } {
  return { input: `validate${pascal}Input`, output: `validate${pascal}Output` };
}

/**
 * `validators.js`, its `.d.ts`, and one module per dialect in use. Expects a checked
 * model (every schema compiles); ajv throws otherwise.
 */
export function emitValidators(model: ProjectModel): GeneratedFile[] {
  const sources = validatorSources(model);
  const header = generatedHeader([...new Set(model.tools.map((tool) => tool.sources[0]))].sort());
  const files: GeneratedFile[] = [];
  const reexports: string[] = [];
  for (const dialect of DIALECTS) {
    const group = sources.filter((source) => source.dialect === dialect);
    if (group.length === 0) continue;
    const path = `validators-${dialect}.js`;
    files.push(generated(path, `${header}\n${dialectModule(dialect, group)}`));
    reexports.push(`export {\n${group.map((source) => `  ${source.exportName},\n`).join("")}} from "./${path}";`);
  }
  files.push(generated("validators.js", [header, ...reexports, ""].join("\n")));
  const declarations = sources.map((source) => `export declare const ${source.exportName}: CompiledValidator;`);
  files.push(
    generated(
      "validators.d.ts",
      [header, `import type { CompiledValidator } from "mcp-gen/runtime";`, "", ...declarations, ""].join("\n"),
    ),
  );
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function validatorSources(model: ProjectModel): ValidatorSource[] {
  const sources: ValidatorSource[] = [];
  for (const tool of model.tools) {
    const names = validatorNames(tool.ids.pascal);
    sources.push({ exportName: names.input, dialect: tool.inputDialect, schema: tool.wire.inputSchema });
    if (tool.wire.outputSchema) {
      sources.push({
        exportName: names.output,
        dialect: tool.outputDialect ?? "2020-12",
        schema: tool.wire.outputSchema,
      });
    }
  }
  return sources;
}

function dialectModule(dialect: Dialect, group: ValidatorSource[]): string {
  const exports = group.map((source) => [source.exportName, compiled(source)] as const);
  return withCommonJsRequire(standaloneModule(schemaCompiler(dialect), exports));
}

/** The checker's function for this schema; compiled now if this process has not compiled it yet. */
function compiled(source: ValidatorSource): ValidateFunction {
  const { validate, problems } = compileSchema(source.schema, source.dialect);
  if (!validate) throw new Error(`${source.exportName}: the schema does not compile: ${problems.map((p) => p.message).join("; ")}`);
  return validate;
}

/**
 * ajv's ESM output still loads its runtime helpers (`ucs2length`, deep equality, uri,
 * ajv-formats' formats) with `require`, which an ES module does not have. A `require`
 * made with `createRequire` loads them as CommonJS, exactly as ajv expects, under Node
 * and under test runners alike. (Default-importing them instead depends on each tool's
 * CommonJS interop: vitest hands over `exports.default` where Node hands over
 * `module.exports`, and ajv's `.default` accesses then break.)
 */
export function withCommonJsRequire(code: string): string {
  const body = code.replace(/^"use strict";\n?/, "").trimEnd();
  if (!/\brequire\(/.test(body)) return `${body}\n`;
  return ['import { createRequire } from "node:module";', "const require = createRequire(import.meta.url);", body, ""].join("\n");
}

function generated(path: string, contents: string): GeneratedFile {
  return { area: "generated", path, contents, mode: "generated" };
}
