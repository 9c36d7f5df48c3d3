/**
 * The emitters, all of one shape: `emit(model, context)` returns the files (and, for the
 * handler stubs, diagnostics) an emitter makes of the model. Emitters read no disk and
 * keep nothing at module scope: the author's handler files, the session's memo tables and
 * what the session already has on disk come in the context. `generate` walks `EMITTERS`
 * in order; each emitter's module is loaded when it runs, so a run answered from the build
 * cache loads none of them.
 */
import path from "node:path";
import type { ResolvedConfig } from "../config/config.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { CompiledSchemas } from "../spec/schemas.js";
import type { ProjectModel } from "../spec/model.js";
import { toPosix } from "../util/posix.js";
import type { GeneratedFile, ReuseFile, ReuseShared } from "./shared/generated-file.js";
import type { TypeTranslations } from "./tools/tool-modules.js";

export interface EmitContext {
  config: ResolvedConfig;
  /** The handlers folder's top-level `.ts` files by name, with their text, as the run found them. */
  handlers: ReadonlyMap<string, string>;
  /** The build session's memo tables. */
  memo: { schemas: CompiledSchemas; translations: TypeTranslations };
  /**
   * What the build session already has on disk from an earlier run, unchanged (a partial
   * run); the emitters leave those files out. Absent: every file is emitted.
   */
  recorded?: {
    /** A tool's own file (see `ReuseFile`). */
    toolFile?: ReuseFile;
    /** A project-wide file rendered from data of this key (see `ReuseShared`). */
    sharedFile?: ReuseShared;
    /** The validators files, whose schemas did not change. */
    validators?: boolean;
  };
}

export interface Emitted {
  files: GeneratedFile[];
  diagnostics?: Diagnostic[];
}

export interface Emitter {
  /** What it emits, for messages and tests. */
  readonly name: string;
  emit(model: ProjectModel, context: EmitContext): Promise<Emitted>;
}

/** Every emitter, in the order `generate` runs them. */
export const EMITTERS: readonly Emitter[] = [
  {
    name: "tool types",
    async emit(model, { memo, recorded }) {
      const { emitToolModules } = await import("./tools/tool-modules.js");
      return { files: await emitToolModules(model, memo.translations, recorded?.toolFile) };
    },
  },
  {
    name: "validators",
    async emit(model, { memo, recorded }) {
      if (recorded?.validators) return { files: [] };
      // ajv is loaded only when some schema's validator code is not remembered.
      const modules = await import("./validators/validators-module.js");
      if (modules.chunksComplete(model, memo.schemas.chunks)) return { files: modules.emitValidatorsFromChunks(model, memo.schemas.chunks) };
      const { emitValidators } = await import("./validators/validators.js");
      return { files: emitValidators(model, memo.schemas) };
    },
  },
  {
    name: "registry",
    async emit(model, { recorded }) {
      const { emitRegistry } = await import("./registry/registry.js");
      return { files: emitRegistry(model, recorded?.sharedFile) };
    },
  },
  {
    name: "handlers interface",
    async emit(model, { recorded }) {
      const { emitHandlersInterface } = await import("./handlers/handlers-interface.js");
      return { files: emitHandlersInterface(model, recorded?.sharedFile) };
    },
  },
  {
    name: "server",
    async emit(model) {
      const { emitServer } = await import("./server/server.js");
      return { files: emitServer(model) };
    },
  },
  {
    name: "examples",
    async emit(model) {
      const { emitExamples } = await import("./examples/examples.js");
      return { files: emitExamples(model) };
    },
  },
  {
    name: "docs",
    async emit(model, { config, memo, recorded }) {
      const { emitDocs } = await import("./docs/docs.js");
      return { files: emitDocs(model, config, recorded?.toolFile, recorded?.sharedFile, memo.schemas) };
    },
  },
  {
    name: "handler stubs",
    async emit(model, { config, handlers }) {
      const { emitHandlerStubs } = await import("./handlers/stubs.js");
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
