/**
 * The emitters a run walks, in order (the contract: src/emit/shared/emitter.ts). Each
 * emitter's module is loaded when it runs, so a run answered from the build cache loads
 * none of them.
 */
import path from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { EmitContext, Emitter } from "../emit/shared/emitter.js";
import type { GeneratedFile } from "../emit/shared/generated-file.js";
import type { ProjectModel } from "../spec/model.js";
import { toPosix } from "../util/posix.js";

/** Every emitter, in the order `generate` runs them. */
export const EMITTERS: readonly Emitter[] = [
  {
    name: "tool types",
    async emit(model, { memo, recorded }) {
      const { emitToolModules } = await import("../emit/tools/tool-modules.js");
      return { files: await emitToolModules(model, memo.translations, recorded?.toolFile) };
    },
  },
  {
    name: "validators",
    async emit(model, { memo, recorded }) {
      if (recorded?.validators) return { files: [] };
      // ajv is loaded only when some schema's validator code is not remembered.
      const modules = await import("../emit/validators/validators-module.js");
      if (modules.chunksComplete(model, memo.schemas.chunks)) return { files: modules.emitValidatorsFromChunks(model, memo.schemas.chunks) };
      const { emitValidators } = await import("../emit/validators/validators.js");
      return { files: emitValidators(model, memo.schemas) };
    },
  },
  {
    name: "registry",
    async emit(model, { recorded }) {
      const { emitRegistry } = await import("../emit/registry/registry.js");
      return { files: emitRegistry(model, recorded?.sharedFile) };
    },
  },
  {
    name: "handlers interface",
    async emit(model, { recorded }) {
      const { emitHandlersInterface } = await import("../emit/handlers/handlers-interface.js");
      return { files: emitHandlersInterface(model, recorded?.sharedFile) };
    },
  },
  {
    name: "server",
    async emit(model) {
      const { emitServer } = await import("../emit/server/server.js");
      return { files: emitServer(model) };
    },
  },
  {
    name: "examples",
    async emit(model) {
      const { emitExamples } = await import("../emit/examples/examples.js");
      return { files: emitExamples(model) };
    },
  },
  {
    name: "docs",
    async emit(model, { config, memo, recorded }) {
      const { emitDocs } = await import("../emit/docs/docs.js");
      return { files: emitDocs(model, config, recorded?.toolFile, recorded?.sharedFile, memo.schemas, (tool) => memo.tokens.of(tool.wire)) };
    },
  },
  {
    name: "handler stubs",
    async emit(model, { config, handlers }) {
      const { emitHandlerStubs } = await import("../emit/handlers/stubs.js");
      const handlersDir = toPosix(path.relative(config.root, config.handlersDir)) || ".";
      let generatedFromHandlers = toPosix(path.relative(config.handlersDir, config.outDir));
      if (!generatedFromHandlers.startsWith(".")) generatedFromHandlers = `./${generatedFromHandlers}`;
      const stubs = emitHandlerStubs(model, { files: handlers }, { generatedFromHandlers, handlersDir });
      return { files: stubs.files, diagnostics: stubs.diagnostics };
    },
  },
];

/** Runs every emitter over the model, in order. */
export async function emitAll(model: ProjectModel, context: EmitContext): Promise<{ files: GeneratedFile[]; diagnostics: Diagnostic[] }> {
  const files: GeneratedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const emitter of EMITTERS) {
    const emitted = await emitter.emit(model, context);
    files.push(...emitted.files);
    diagnostics.push(...(emitted.diagnostics ?? []));
  }
  return { files, diagnostics };
}
