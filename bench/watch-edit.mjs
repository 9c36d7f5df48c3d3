/**
 * One spec edited under a running `generate --watch`: the watcher calls `generateWorkspace`
 * again in the same process: the first run does the whole work, every later run uses the
 * build cache, so an edit is a partial run without a new process's start and module loading.
 * This runs the first generation, then `edits` times: edit one spec's description, generate,
 * and prints one JSON line with the time of each run after an edit (in-process, milliseconds).
 * Usage: node bench/watch-edit.mjs <package dir> <project dir> <spec file> <edits>
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [packageDir, projectDir, specFile, editsText] = process.argv.slice(2);
const { generateWorkspace } = await import(pathToFileURL(path.join(packageDir, "dist", "build", "generate.js")).href);
// As the watcher runs it (src/cli/generate.ts): the first run without the build cache, the others with it.
const first = await generateWorkspace({ cwd: projectDir, cache: false });
if (first.exitCode !== 0) throw new Error("the first run failed");
const original = readFileSync(specFile, "utf8");
const ms = [];
try {
  for (let edit = 1; edit <= Number(editsText); edit++) {
    writeFileSync(
      specFile,
      original.replace(/^description: (.*)$/m, (_, text) => `description: ${text} (watch edit ${edit})`),
    );
    const started = performance.now();
    const run = await generateWorkspace({ cwd: projectDir });
    ms.push(performance.now() - started);
    if (run.exitCode !== 0 || run.projects[0].result.written.length === 0) throw new Error(`edit ${edit}: the run failed or wrote nothing`);
  }
} finally {
  writeFileSync(specFile, original);
}
process.stdout.write(`${JSON.stringify({ ms })}\n`);
