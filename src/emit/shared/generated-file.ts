/**
 * What every emitter returns. Paths are relative to the area's root folder
 * (`generated/` or `handlers/`), with `/` separators.
 */
import type { ToolModel } from "../../spec/model.js";

export type OutputArea = "generated" | "handlers";

export interface GeneratedFile {
  area: OutputArea;
  path: string;
  contents: string;
  /**
   * - `generated`: owned by mcp-gen; rewritten when it differs, removed when no longer produced.
   * - `create`: an authored file's first version (a handler stub); written only when absent.
   * - `update`: an authored file that mcp-gen amends without losing edits (handlers/index.ts);
   *   the emitter computed the new text from the current one, written only when it differs.
   * - `rename`: an authored file moved to `path` from `from` (a renamed tool's handler) with
   *   `contents`; done only while `from` still holds `fromContents` and `path` is absent.
   * - `remove`: an authored-area file mcp-gen wrote and takes back (a stub whose tool is gone);
   *   removed only while it still holds `contents`, byte for byte.
   */
  mode: "generated" | "create" | "update" | "rename" | "remove";
  /**
   * With `create`: a stub mcp-gen may take back once its tool is gone, while it still holds
   * the text written; the writer records that text's hash in the manifest.
   */
  takeBack?: boolean;
  /** With `rename`: the area path of the file being moved. */
  from?: string;
  /** With `rename`: the text the emitter read from `from`; the move is skipped if it changed since. */
  fromContents?: string;
}

/**
 * Asked once per project-wide file (the registry, the handlers interface, the docs
 * index) with `key`, a hash of the template and all the data its text is rendered from:
 * true when the file on disk is already that text (a previous run rendered it from data
 * with the same key), and the emitter may leave it out. The build cache answers it and
 * records every key it is asked about for the next run; without one, every file is emitted.
 */
export type ReuseShared = (path: string, key: string) => boolean;

/**
 * Asked once per tool file: true when the file on disk is already what this tool and
 * position give (a previous run wrote it and nothing it depends on changed), and the
 * emitter may leave it out. The build cache answers it; without one, every file is emitted.
 */
export type ReuseFile = (tool: ToolModel, index: number, path: string) => boolean;
