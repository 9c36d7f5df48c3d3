/**
 * What every emitter returns: files described, not yet rendered. Each says what its text
 * is rendered from (`key`) and renders it only when asked (`render`), so the build session
 * can keep a file whose key is the one it recorded with the file on disk without rendering
 * it again. Paths are relative to the area's root folder (`generated/` or `handlers/`),
 * with `/` separators.
 */
export type OutputArea = "generated" | "handlers";

export interface GeneratedFile {
  area: OutputArea;
  path: string;
  /**
   * - `generated`: owned by mcp-gen; rewritten when it differs, removed when no longer produced.
   * - `create`: an authored file's first version (a handler stub); written only when absent.
   * - `update`: an authored file that mcp-gen amends without losing edits (handlers/index.ts);
   *   the emitter computed the new text from the current one, written only when it differs.
   * - `rename`: an authored file moved to `path` from `from` (a renamed tool's handler) with
   *   its text; done only while `from` still holds `fromContents` and `path` is absent.
   */
  mode: "generated" | "create" | "update" | "rename";
  /** With `rename`: the area path of the file being moved. */
  from?: string;
  /** With `rename`: the text the emitter read from `from`; the move is skipped if it changed since. */
  fromContents?: string;
  /**
   * A hash of everything the text is rendered from (template, data, header): two runs that
   * give a file the same key give it the same text. Without one, the file is rendered every run.
   */
  key?: string;
  /** The file's text. Called at most once per run, and not at all for a file the session keeps. */
  render(): string | Promise<string>;
}

/** A file with its text: what the writer writes and what `emitAll` hands a caller. */
export interface RenderedFile extends Omit<GeneratedFile, "key" | "render"> {
  contents: string;
}

/** A file whose text is already at hand (nothing to gain by rendering it later). */
export function textFile(area: OutputArea, path: string, contents: string, mode: GeneratedFile["mode"] = "generated"): GeneratedFile {
  return { area, path, mode, render: () => contents };
}

/** How many files are rendered at once: enough to overlap the types' async translations, few enough to bound memory. */
const RENDER_CONCURRENCY = 16;

/** Every file rendered, in order. */
export async function renderFiles(files: readonly GeneratedFile[]): Promise<RenderedFile[]> {
  const rendered: RenderedFile[] = [];
  for (let start = 0; start < files.length; start += RENDER_CONCURRENCY) {
    const chunk = files.slice(start, start + RENDER_CONCURRENCY);
    rendered.push(...(await Promise.all(chunk.map(renderFile))));
  }
  return rendered;
}

export async function renderFile(file: GeneratedFile): Promise<RenderedFile> {
  const { key: _key, render, ...rest } = file;
  return { ...rest, contents: await render() };
}
