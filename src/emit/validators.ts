/**
 * The validators emitter: ajv standalone code for every input and output schema.
 *
 * One Ajv instance cannot compile both dialects, and two instances' standalone code
 * uses the same internal names (`validate10`, `schema31`, ...). So each dialect gets
 * its own module, and `validators.js` re-exports them all under one name per schema:
 *
 *   validators.js              export { validateGetWeatherInput, ... } from "./validators-2020-12.js"; ...
 *   validators-2020-12.js      the 2020-12 schemas (only when some tool uses 2020-12)
 *   validators-draft-07.js     the draft-07 schemas (only when some tool uses draft-07)
 *   validators.d.ts            one `CompiledValidator` declaration per export
 */
import standaloneCodeModule from "ajv/dist/standalone/index.js";
import { type AnyAjv, createAjv } from "../spec/ajv.js";
import type { Dialect, JsonObject, ProjectModel } from "../spec/model.js";
import { unknownFormatsOf } from "../spec/vocabulary.js";
import type { GeneratedFile } from "./generated-file.js";
import { generatedHeader } from "./header.js";

// ajv's standalone entry is CommonJS; under NodeNext its default import is the module object.
const standaloneCode = ((standaloneCodeModule as unknown as { default?: unknown }).default ??
  standaloneCodeModule) as (ajv: AnyAjv, refs: Record<string, string>) => string;

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
  const unknownFormats = [...new Set(group.flatMap((source) => unknownFormatsOf(source.schema)))].sort();
  const ajv = createAjv(dialect, { standalone: true, unknownFormats });
  const exports: Record<string, string> = {};
  for (const source of group) {
    // Keyed by export name: a root `$id` would be the key instead, and two tools may share one.
    const { $id: _id, ...schema } = source.schema;
    ajv.addSchema(schema, source.exportName);
    exports[source.exportName] = source.exportName;
  }
  return withCommonJsRequire(standaloneCode(ajv, exports));
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
