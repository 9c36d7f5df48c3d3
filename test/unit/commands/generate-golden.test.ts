/**
 * Whole generated files, compared byte for byte with the golden copies in test/golden/:
 * the demo (its generated/ and the stubs a first run writes into handlers/) and two corpus
 * projects imported from their servers' tools/list. A change to any emitter shows here as
 * a diff of the files a user gets. After an intended change, rewrite the copies with
 * `UPDATE_GOLDEN=1 npm run test:golden` and review them with `git diff test/golden`.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../../src/build/generate.js";
import { importToolList } from "../../../src/commands/import/import-tool-list.js";
import { CORPUS_DIR, REPO_ROOT, removeProject, snapshotTree, tempProject, writeFiles } from "../../helpers/project.js";

const GOLDEN = path.join(REPO_ROOT, "test", "golden");
const UPDATE = process.env.UPDATE_GOLDEN === "1";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

/** Every file below `dir`, relative and sorted. */
function filesBelow(dir: string, sub = ""): string[] {
  if (!existsSync(path.join(dir, sub))) return [];
  return readdirSync(path.join(dir, sub))
    .sort()
    .flatMap((name) => {
      const rel = sub ? `${sub}/${name}` : name;
      return statSync(path.join(dir, rel)).isDirectory() ? filesBelow(dir, rel) : [rel];
    });
}

/** Generates `dir` and compares what it wrote to generated/ and handlers/ with test/golden/<name>/. */
async function expectGolden(name: string, dir: string): Promise<void> {
  const result = await generate({ cwd: dir });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  expect(result.exitCode).toBe(0);
  const outputs = [...snapshotTree(dir)].filter(([file]) => file.startsWith("generated/") || file.startsWith("handlers/"));
  const golden = path.join(GOLDEN, name);
  if (UPDATE) {
    rmSync(golden, { recursive: true, force: true });
    for (const [file, text] of outputs) {
      mkdirSync(path.dirname(path.join(golden, file)), { recursive: true });
      writeFileSync(path.join(golden, file), text);
    }
  }
  // A file added or gone fails as surely as a changed one.
  expect(
    outputs.map(([file]) => file),
    `the files of test/golden/${name}/ (UPDATE_GOLDEN=1 npm run test:golden rewrites them)`,
  ).toEqual(filesBelow(golden));
  for (const [file, text] of outputs) {
    expect(text, `test/golden/${name}/${file} (UPDATE_GOLDEN=1 npm run test:golden rewrites it)`).toBe(readFileSync(path.join(golden, file), "utf8"));
  }
}

/** A new project holding the corpus file's tools, imported as `mcp-gen import` writes them. */
function importedProject(corpusFile: string): string {
  const dir = tempProject(`golden-${path.basename(corpusFile, ".json")}`, {
    "package.json": JSON.stringify({ name: path.basename(corpusFile, ".json"), version: "1.0.0", type: "module" }),
  });
  dirs.push(dir);
  const imported = importToolList(JSON.parse(readFileSync(path.join(CORPUS_DIR, corpusFile), "utf8")), { source: corpusFile });
  expect(imported.files.length).toBeGreaterThan(0);
  writeFiles(dir, Object.fromEntries(imported.files.map((file) => [`specs/${file.path}`, file.contents])));
  return dir;
}

describe("golden files", () => {
  it("the demo: generated/ and the handler stubs of a first run", async () => {
    const dir = tempProject("golden-demo");
    dirs.push(dir);
    for (const entry of ["mcp-gen.config.yaml", "package.json", "specs"]) cpSync(path.join(REPO_ROOT, entry), path.join(dir, entry), { recursive: true });
    await expectGolden("demo", dir);
  });

  it.each([["mcp-ref-everything.json"], ["mongodb-mcp-server-2025-07.json"]])("the corpus project %s", async (corpusFile) => {
    await expectGolden(path.basename(corpusFile, ".json"), importedProject(corpusFile));
  });
});
