/**
 * The validators emitter: ajv standalone code for every input and output schema, laid
 * out as validators-module.ts describes.
 *
 * The functions are the checker's own (src/spec/schemas.ts compiles each distinct schema
 * once per process), so tools with equal schemas share one function. Each distinct
 * schema's chunk is remembered (validators-module.ts): later runs in this process, and
 * runs the build cache hands the chunks to, do not compile it again.
 */
import type { ProjectModel } from "../../spec/model.js";
import { compileSchema, schemaCompiler } from "../../spec/schemas.js";
import type { GeneratedFile } from "../shared/generated-file.js";
import { standaloneChunk } from "../../spec/standalone-code.js";
import { rememberChunk, rememberedChunk } from "../../spec/chunks.js";
import { assembleValidators, type ValidatorSource } from "./validators-module.js";

/**
 * `validators.js`, its `.d.ts`, and one module per dialect in use. Expects a checked
 * model (every schema compiles); throws otherwise.
 */
export function emitValidators(model: ProjectModel): GeneratedFile[] {
  return assembleValidators(model, chunkOf);
}

function chunkOf(source: ValidatorSource, key: string): string {
  const remembered = rememberedChunk(key);
  if (remembered !== undefined) return remembered;
  const { validate, problems } = compileSchema(source.schema, source.dialect);
  if (!validate) throw new Error(`${source.exportName}: the schema does not compile: ${problems.map((p) => p.message).join("; ")}`);
  const code = standaloneChunk(schemaCompiler(source.dialect), validate);
  rememberChunk(key, code);
  return code;
}
