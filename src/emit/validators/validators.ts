/**
 * The validators emitter: ajv standalone code for every input and output schema, laid
 * out as validators-module.ts describes.
 *
 * The functions are the checker's own (src/spec/compiled-schemas.ts compiles each distinct schema
 * once per build session), so tools with equal schemas share one function. Each distinct
 * schema's chunk is remembered in the session: its later runs (watch), and runs the
 * build cache hands the chunks to, do not compile it again, and when every chunk is
 * remembered ajv is not loaded at all.
 */
import type { ProjectModel } from "../../spec/model.js";
import type { CompiledSchemas } from "../../spec/compiled-schemas.js";
import type { EmitContext } from "../shared/emitter.js";
import type { GeneratedFile, RenderedFile } from "../shared/generated-file.js";
import { assembleValidators, chunksComplete, type ValidatorSource, validatorsKey, validatorsPaths } from "./validators-module.js";

/** The emitter (src/emit/shared/emitter.ts). */
export function emit(model: ProjectModel, context: EmitContext): GeneratedFile[] {
  return emitValidators(model, context.memo.schemas);
}

/**
 * `validators.js`, its `.d.ts`, and one module per dialect in use, keyed by the schemas'
 * chunk keys (`validatorsKey`); the first file rendered assembles them all. Expects a
 * checked model (every schema compiles); rendering throws otherwise.
 */
export function emitValidators(model: ProjectModel, schemas: CompiledSchemas): GeneratedFile[] {
  const key = validatorsKey(model, schemas.chunks);
  let assembled: Promise<Map<string, string>> | undefined;
  const texts = () => (assembled ??= assemble(model, schemas).then((files) => new Map(files.map((file) => [file.path, file.contents]))));
  return validatorsPaths(model).map((path) => ({
    area: "generated",
    path,
    mode: "generated",
    key,
    render: async () => (await texts()).get(path) ?? "",
  }));
}

async function assemble(model: ProjectModel, schemas: CompiledSchemas): Promise<RenderedFile[]> {
  const chunks = schemas.chunks;
  if (chunksComplete(model, chunks)) {
    return assembleValidators(model, chunks, (source, key) => {
      const code = chunks.get(key);
      if (code === undefined) throw new Error(`${source.exportName}: no remembered chunk`);
      return code;
    });
  }
  // ajv's code generator is loaded only when some schema's chunk is not remembered.
  const { standaloneChunk } = await import("../../spec/standalone-code.js");
  const chunkOf = (source: ValidatorSource, key: string): string => {
    const remembered = chunks.get(key);
    if (remembered !== undefined) return remembered;
    const { validate, problems } = schemas.compile(source.schema, source.dialect);
    if (!validate) throw new Error(`${source.exportName}: the schema does not compile: ${problems.map((p) => p.message).join("; ")}`);
    const code = standaloneChunk(schemas.compiler(source.dialect), validate);
    chunks.remember(key, code);
    return code;
  };
  return assembleValidators(model, chunks, chunkOf);
}
