/**
 * The validators emitter: ajv standalone code for every input and output schema, laid
 * out as validators-module.ts describes.
 *
 * The functions are the checker's own (src/spec/schemas.ts compiles each distinct schema
 * once per build session), so tools with equal schemas share one function. Each distinct
 * schema's chunk is remembered in the session: its later runs (watch), and runs the
 * build cache hands the chunks to, do not compile it again.
 */
import type { ProjectModel } from "../../spec/model.js";
import type { CompiledSchemas } from "../../spec/schemas.js";
import type { GeneratedFile } from "../shared/generated-file.js";
import { standaloneChunk } from "../../spec/standalone-code.js";
import { assembleValidators, type ValidatorSource } from "./validators-module.js";

/**
 * `validators.js`, its `.d.ts`, and one module per dialect in use. Expects a checked
 * model (every schema compiles); throws otherwise.
 */
export function emitValidators(model: ProjectModel, schemas: CompiledSchemas): GeneratedFile[] {
  return assembleValidators(model, schemas.chunks, (source, key) => chunkOf(schemas, source, key));
}

function chunkOf(schemas: CompiledSchemas, source: ValidatorSource, key: string): string {
  const remembered = schemas.chunks.get(key);
  if (remembered !== undefined) return remembered;
  const { validate, problems } = schemas.compile(source.schema, source.dialect);
  if (!validate) throw new Error(`${source.exportName}: the schema does not compile: ${problems.map((p) => p.message).join("; ")}`);
  const code = standaloneChunk(schemas.compiler(source.dialect), validate);
  schemas.chunks.remember(key, code);
  return code;
}
