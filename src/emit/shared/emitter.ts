/**
 * The one contract every emitter meets: `emit(model, context)` returns the files (and,
 * for the handler stubs, diagnostics) it makes of the model. Emitters read no disk and
 * keep nothing at module scope: the author's handler files, the build session's memo
 * tables and what the session already has on disk come in the context. The list of
 * emitters a run walks is the build layer's (src/build/emitters.ts).
 */
import type { ResolvedConfig } from "../../config/config.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { CompiledSchemas } from "../../spec/schemas.js";
import type { ProjectModel } from "../../spec/model.js";
import type { ToolTokens } from "../../spec/token-count.js";
import type { GeneratedFile, ReuseFile, ReuseShared } from "./generated-file.js";

/** What the memo of types translations offers an emitter (src/emit/tools/tool-modules.ts's `TypeTranslations`). */
export interface TranslationsMemo {
  declarations(tool: ProjectModel["tools"][number]): Promise<string>;
}

/** What the memo of token counts offers an emitter (src/spec/token-count.ts's `TokenCounts`). */
export interface TokensMemo {
  of(entry: ProjectModel["tools"][number]["wire"]): ToolTokens;
}

export interface EmitContext {
  config: ResolvedConfig;
  /** The handlers folder's top-level `.ts` files by name, with their text, as the run found them. */
  handlers: ReadonlyMap<string, string>;
  /** The build session's memo tables. */
  memo: { schemas: CompiledSchemas; translations: TranslationsMemo; tokens: TokensMemo };
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
