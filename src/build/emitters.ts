/**
 * The emitters a run walks, in order (the contract: src/emit/shared/emitter.ts), and how
 * a run turns what they describe into text. Each emitter's module is loaded when a run
 * emits (all at once, so their files are read in parallel), and a run answered from the
 * build cache loads none of them.
 */
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { EmitContext, Emitter } from "../emit/shared/emitter.js";
import { type GeneratedFile, type RenderedFile, renderFiles } from "../emit/shared/generated-file.js";
import type { ProjectModel } from "../spec/model.js";

export interface EmitterEntry {
  /** What it emits, for messages and tests. */
  readonly name: string;
  /** Its module, which exports the contract's `emit`. */
  load(): Promise<Emitter>;
}

/** Every emitter, in the order `generate` runs them. */
export const EMITTERS: readonly EmitterEntry[] = [
  { name: "tool types", load: () => import("../emit/tools/tool-modules.js") },
  { name: "validators", load: () => import("../emit/validators/validators.js") },
  { name: "registry", load: () => import("../emit/registry/registry.js") },
  { name: "handlers interface", load: () => import("../emit/handlers/handlers-interface.js") },
  { name: "server", load: () => import("../emit/server/server.js") },
  { name: "client", load: () => import("../emit/client/client.js") },
  { name: "examples", load: () => import("../emit/examples/examples.js") },
  { name: "docs", load: () => import("../emit/docs/docs.js") },
  { name: "handler stubs", load: () => import("../emit/handlers/stubs.js") },
];

/** Every emitter's files, in order, not yet rendered; and what they reported. */
export async function describeAll(model: ProjectModel, context: Omit<EmitContext, "report">): Promise<{ files: GeneratedFile[]; diagnostics: Diagnostic[] }> {
  const emitters = await Promise.all(EMITTERS.map((entry) => entry.load()));
  const diagnostics: Diagnostic[] = [];
  const report = (diagnostic: Diagnostic) => diagnostics.push(diagnostic);
  const files = emitters.flatMap((emitter) => emitter.emit(model, { ...context, report }));
  return { files, diagnostics };
}

/**
 * The files rendered, but for those `keep` says are already on disk as they would be
 * rendered (their area paths are returned as `kept`).
 */
export async function renderOrKeep(
  files: readonly GeneratedFile[],
  keep: (file: GeneratedFile) => boolean = () => false,
): Promise<{ files: RenderedFile[]; kept: string[] }> {
  const kept: string[] = [];
  const wanted = files.filter((file) => {
    if (!keep(file)) return true;
    kept.push(file.path);
    return false;
  });
  return { files: await renderFiles(wanted), kept };
}

/** Every emitter over the model, every file rendered: a run with nothing to keep. */
export async function emitAll(model: ProjectModel, context: Omit<EmitContext, "report">): Promise<{ files: RenderedFile[]; diagnostics: Diagnostic[] }> {
  const described = await describeAll(model, context);
  return { files: await renderFiles(described.files), diagnostics: described.diagnostics };
}
