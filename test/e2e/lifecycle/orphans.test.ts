/** Orphans (MG050) are reported where they are in handlers/ as the run leaves it. */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { removeProject, runCli, tempProject } from "../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

const spec = (name: string) => `name: ${name}\ndescription: The ${name} tool.\ninputSchema:\n  type: object\n`;

it("one spec deleted and another added in the same run: the orphan's line and column are in index.ts as written", () => {
  const dir = tempProject("orphans", {
    "package.json": JSON.stringify({ name: "orphans-demo", version: "1.0.0", type: "module" }),
    "specs/alpha.yaml": spec("alpha"),
    "specs/beta.yaml": spec("beta"),
  });
  dirs.push(dir);
  expect(runCli(["generate"], dir).status).toBe(0);

  // The author's note on the entry makes it theirs: it is kept and reported, not taken back.
  const indexFile = path.join(dir, "handlers/index.ts");
  writeFileSync(indexFile, readFileSync(indexFile, "utf8").replace("  beta: beta,", "  beta: beta, // mine"));
  rmSync(path.join(dir, "specs/beta.yaml"));
  writeFileSync(path.join(dir, "specs/gamma.yaml"), spec("gamma"));
  const run = runCli(["generate"], dir);
  expect(run.status).toBe(0);
  const index = readFileSync(indexFile, "utf8");
  expect(index).toContain('import { gamma } from "./gamma.js";');
  const reported = /^handlers\/index\.ts:(\d+):(\d+) warning MG050 /m.exec(run.stdout + run.stderr);
  expect(reported, run.stdout + run.stderr).not.toBeNull();
  const [line, column] = [Number(reported![1]), Number(reported![2])];
  expect(index.split("\n")[line - 1].slice(column - 1)).toBe("beta: beta, // mine");
  // Its stub, untouched since mcp-gen wrote it, is taken back; the entry that imports it stays, so the file stays too.
  expect(run.stderr).toContain("warning MG050 handlers/beta.ts matches no tool (kept)");
});

it("one spec deleted: its untouched stub and its entry are taken back (MG052)", () => {
  const dir = tempProject("orphans", {
    "package.json": JSON.stringify({ name: "orphans-demo", version: "1.0.0", type: "module" }),
    "specs/alpha.yaml": spec("alpha"),
    "specs/beta.yaml": spec("beta"),
  });
  dirs.push(dir);
  expect(runCli(["generate"], dir).status).toBe(0);
  rmSync(path.join(dir, "specs/beta.yaml"));
  const run = runCli(["generate"], dir);
  expect(run.status).toBe(0);
  expect(run.stderr).toContain("info MG052 handlers/beta.ts removed");
  expect(run.stderr).toContain("info MG052 `beta` taken out of handlers/index.ts");
  expect(existsSync(path.join(dir, "handlers/beta.ts"))).toBe(false);
  expect(readFileSync(path.join(dir, "handlers/index.ts"), "utf8")).not.toContain("beta");
});
