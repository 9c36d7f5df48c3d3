/**
 * Every test file lives in a tier's folder: vitest.config.ts runs only test/unit, test/e2e
 * and test/slow, so a file anywhere else (a branch written before the tiers) would never run.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/project.js";

function testFiles(dir: string): string[] {
  return readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return rel === "test/golden" || rel === "test/corpus" || rel === "test/fixtures" ? [] : testFiles(rel);
    return /\.test\.[cm]?[jt]s$/.test(entry.name) ? [rel] : [];
  });
}

it("every test file is in test/unit/, test/e2e/ or test/slow/", () => {
  const files = testFiles("test");
  expect(files.length).toBeGreaterThan(100);
  expect(files.filter((file) => !/^test\/(unit|e2e|slow)\//.test(file))).toEqual([]);
});
