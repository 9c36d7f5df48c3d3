/**
 * The validators modules' layout, apart from ajv: each distinct schema's standalone code
 * is one self-contained chunk, so a module can be put together from chunks a previous
 * run produced without loading ajv at all (the build cache in src/build/ keeps them between runs).
 *
 *   validators.js              export { validateGetWeatherInput, ... } from "./validators-2020-12.js"; ...
 *   validators-2020-12.js      the 2020-12 schemas (only when some tool uses 2020-12)
 *   validators-draft-07.js     the draft-07 schemas (only when some tool uses draft-07)
 *   validators.d.ts            one `CompiledValidator` declaration per export
 *
 * In a dialect module every distinct schema is one `export const` whose value is its
 * chunk, run once: `(() => { ...; return validate0; })()`. Each chunk's names are its
 * own (numbered from 0 within it), so a chunk's text depends only on its schema. Exports
 * of equal schemas are the first one's function.
 */
import { createHash } from "node:crypto";
import type { SchemaChunks } from "../../spec/chunks.js";
import type { Dialect, JsonObject, ProjectModel } from "../../spec/model.js";
import type { RenderedFile } from "../shared/generated-file.js";
import { generatedHeader } from "../shared/header.js";

/** The dialects in the order their modules are re-exported. */
const DIALECTS: readonly Dialect[] = ["2020-12", "draft-07"];

export interface ValidatorSource {
  exportName: string;
  dialect: Dialect;
  schema: JsonObject;
}

/** The standalone code of one schema: statements ending in `return <function>;`. */
export type ChunkOf = (source: ValidatorSource, key: string) => string;

export function validatorSources(model: ProjectModel): ValidatorSource[] {
  const sources: ValidatorSource[] = [];
  for (const tool of model.tools) {
    sources.push({ exportName: tool.ids.inputValidator, dialect: tool.inputDialect, schema: tool.wire.inputSchema });
    if (tool.wire.outputSchema) {
      sources.push({ exportName: tool.ids.outputValidator, dialect: tool.outputDialect ?? "2020-12", schema: tool.wire.outputSchema });
    }
  }
  return sources;
}

/** The files `assembleValidators` writes for `model`, by area path. */
export function validatorsPaths(model: ProjectModel): string[] {
  const dialects = new Set(validatorSources(model).map((source) => source.dialect));
  return [...DIALECTS.filter((dialect) => dialects.has(dialect)).map((dialect) => `validators-${dialect}.js`), "validators.d.ts", "validators.js"].sort();
}

/** Everything the validators files depend on, hashed: the exports, their schemas' chunk keys, the header. */
export function validatorsKey(model: ProjectModel, chunks: SchemaChunks): string {
  const hash = createHash("sha1");
  hash.update(generatedHeader([...new Set(model.tools.map((tool) => tool.sources[0]))].sort()));
  for (const source of validatorSources(model)) hash.update(`\0${source.exportName}\0${source.dialect}\0${chunks.keyOf(source.dialect, source.schema)}`);
  return hash.digest("hex");
}

/** `validators.js`, its `.d.ts`, and one module per dialect in use, from each schema's chunk. */
export function assembleValidators(model: ProjectModel, chunks: SchemaChunks, chunkOf: ChunkOf): RenderedFile[] {
  const sources = validatorSources(model);
  const header = generatedHeader([...new Set(model.tools.map((tool) => tool.sources[0]))].sort());
  const files: RenderedFile[] = [];
  const reexports: string[] = [];
  for (const dialect of DIALECTS) {
    const group = sources.filter((source) => source.dialect === dialect);
    if (group.length === 0) continue;
    const path = `validators-${dialect}.js`;
    // ajv's standalone code is untyped JavaScript (validators.d.ts types it): a project with `checkJs` leaves it unchecked.
    files.push(generated(path, `${header}\n// @ts-nocheck\n${dialectModule(group, chunks, chunkOf)}`));
    reexports.push(`export {\n${group.map((source) => `  ${source.exportName},\n`).join("")}} from "./${path}";`);
  }
  files.push(generated("validators.js", [header, ...reexports, ""].join("\n")));
  const declarations = sources.map((source) => `export declare const ${source.exportName}: CompiledValidator;`);
  files.push(generated("validators.d.ts", [header, `import type { CompiledValidator } from "mcp-gen/runtime";`, "", ...declarations, ""].join("\n")));
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function dialectModule(group: readonly ValidatorSource[], chunks: SchemaChunks, chunkOf: ChunkOf): string {
  const first = new Map<string, string>();
  const parts: string[] = [];
  for (const source of group) {
    const key = chunks.keyOf(source.dialect, source.schema);
    const earlier = first.get(key);
    if (earlier) {
      parts.push(`export const ${source.exportName} = ${earlier};`);
      continue;
    }
    first.set(key, source.exportName);
    parts.push(`export const ${source.exportName} = (() => {\n${chunkOf(source, key).trim()}\n})();`);
  }
  return withHelperImports(parts.join("\n\n"));
}

/**
 * ajv's standalone code names its run-time helpers (`ucs2length`, deep equality, uri,
 * ajv-formats' formats) as `require("ajv/dist/runtime/ucs2length")`, which an ES module
 * does not have, and `createRequire` would tie every generated server to Node. Each helper
 * module is imported instead, in sorted order, and each `require(...)` reads its import.
 * The helpers are CommonJS, which loaders hand over in two ways: Node (and Deno, and
 * bundlers targeting them) as the namespace's `default`, bundlers honouring `__esModule`
 * as the namespace itself; `exportsOf` takes whichever is the module's exports.
 */
export function withHelperImports(code: string): string {
  const body = code.replace(/^"use strict";\n?/, "").trimEnd();
  const specifiers = [...new Set(Array.from(body.matchAll(HELPER_REQUIRE), (match) => match[1]))].sort();
  if (specifiers.length === 0) return `${body}\n`;
  return [
    ...specifiers.map((specifier) => `import * as ${helperName(specifier)} from "${/\.[cm]?js$/.test(specifier) ? specifier : `${specifier}.js`}";`),
    "const exportsOf = (namespace) => (namespace.default?.__esModule ? namespace.default : namespace);",
    body.replace(HELPER_REQUIRE, (_match, specifier: string) => `exportsOf(${helperName(specifier)})`),
    "",
  ].join("\n");
}

/** ajv writes its helpers' references as `require("<module>")`, with double quotes. */
const HELPER_REQUIRE = /\brequire\("([^"\\]+)"\)/g;

/** `ajv/dist/runtime/ucs2length` → `ajv_dist_runtime_ucs2length`: no prefix ajv's own names use. */
function helperName(specifier: string): string {
  return specifier.replace(/[^A-Za-z0-9_$]/g, "_");
}

function generated(path: string, contents: string): RenderedFile {
  return { area: "generated", path, contents, mode: "generated" };
}

/** True when every schema of `model` has a remembered chunk. */
export function chunksComplete(model: ProjectModel, chunks: SchemaChunks): boolean {
  return validatorSources(model).every((source) => chunks.get(chunks.keyOf(source.dialect, source.schema)) !== undefined);
}

/** The remembered chunks `model` uses, by key: what the build cache hands the next process. */
export function chunksFor(model: ProjectModel, chunks: SchemaChunks): Array<[string, string]> {
  const used = new Map<string, string>();
  for (const source of validatorSources(model)) {
    const key = chunks.keyOf(source.dialect, source.schema);
    const code = chunks.get(key);
    if (code !== undefined) used.set(key, code);
  }
  return [...used];
}
