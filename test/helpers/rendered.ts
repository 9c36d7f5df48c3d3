/**
 * Emitters describe files and render them when asked (src/emit/shared/generated-file.ts);
 * tests read their text. `renderedNow` is for emitters whose renders are synchronous.
 */
import type { GeneratedFile, RenderedFile } from "../../src/emit/shared/generated-file.js";

export { renderFiles as rendered } from "../../src/emit/shared/generated-file.js";

export function renderedNow(files: readonly GeneratedFile[]): RenderedFile[] {
  return files.map(({ key: _key, render, ...file }) => {
    const contents = render();
    if (typeof contents !== "string") throw new Error(`${file.path} renders asynchronously: use rendered()`);
    return { ...file, contents };
  });
}
