/**
 * The one contract every emitter meets: `emit(model, context)` describes the files it
 * makes of the model (`GeneratedFile`: a content key and a lazy render). Emitters read no
 * disk and keep nothing at module scope: the config, the author's handler files and the
 * build session's memo tables come in the context. Which files are rendered and which are
 * kept as an earlier run left them is the build session's decision (src/build/), never
 * the emitter's. The list of emitters a run walks is the build layer's (src/build/emitters.ts).
 *
 * Findings an emitter makes about the author's files (the handler stubs': a handler whose
 * tool is gone, an index it cannot amend, a rename it refuses) go to `context.report`, as a
 * TypeSpec emitter reports through its program: they are not files, a run may have many or
 * none, and the session keeps them with the run's other diagnostics.
 */
import type { ResolvedConfig } from "../../config/config.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { ProjectModel } from "../../spec/model.js";
import type { CompiledSchemas } from "../../spec/compiled-schemas.js";
import type { ToolHashes } from "../../spec/tool-hashes.js";
import type { ToolTokens } from "../../spec/token-count.js";
import type { GeneratedFile } from "./generated-file.js";

/** What the memo of types translations offers an emitter (src/emit/tools/tool-modules.ts's `TypeTranslations`). */
export interface TranslationsMemo {
  declarations(tool: ProjectModel["tools"][number]): Promise<string>;
}

/** What the memo of token counts offers an emitter (src/spec/token-count.ts's `TokenCounts`). */
export interface TokensMemo {
  of(entry: ProjectModel["tools"][number]["wire"]): ToolTokens;
  /** What the entry's count follows from (its content), without counting. */
  entryKey(entry: ProjectModel["tools"][number]["wire"]): string;
}

export interface EmitContext {
  config: ResolvedConfig;
  /** The handlers folder's top-level `.ts` files by name, with their text, as the run found them. */
  handlers: ReadonlyMap<string, string>;
  /**
   * Handler files mcp-gen wrote and may take back, by name: the hash (`textHash`) of the text
   * it wrote, from the manifest. Absent or empty: every handler file counts as the author's.
   */
  handlersWritten?: ReadonlyMap<string, string>;
  /** The build session's memo tables. */
  memo: { schemas: CompiledSchemas; translations: TranslationsMemo; tools: ToolHashes; tokens: TokensMemo };
  /** Takes a finding about the author's files. */
  report(diagnostic: Diagnostic): void;
}

export interface Emitter {
  emit(model: ProjectModel, context: EmitContext): GeneratedFile[];
}
