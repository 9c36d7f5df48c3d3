/**
 * A handler the author moved out of `handlers/<tool>.ts` (into `handlers/<tool>/index.ts`, or
 * anywhere else) and mapped in handlers/index.ts gets no stub: the index says where it is.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeProject, runCli, tempProject, typeCheck } from "../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

describe("moving a handler into a subfolder, end to end", () => {
  it("no stub comes back, --check finds nothing missing, the project type-checks", () => {
    const dir = tempProject("moved-handler", {
      "package.json": JSON.stringify({ name: "moved-handler", version: "1.0.0", type: "module" }),
      "specs/hello.yaml": "name: hello\ndescription: Hello.\ninputSchema:\n  type: object\n",
    });
    dirs.push(dir);
    expect(runCli(["generate"], dir).status).toBe(0);
    const handlers = path.join(dir, "handlers");
    mkdirSync(path.join(handlers, "hello"));
    renameSync(path.join(handlers, "hello.ts"), path.join(handlers, "hello/index.ts"));
    const moved = readFileSync(path.join(handlers, "hello/index.ts"), "utf8").replace('"../generated/', '"../../generated/');
    writeFileSync(path.join(handlers, "hello/index.ts"), moved);
    const index = readFileSync(path.join(handlers, "index.ts"), "utf8").replace('"./hello.js"', '"./hello/index.js"');
    writeFileSync(path.join(handlers, "index.ts"), index);

    for (const args of [["generate", "--check"], ["generate"], ["generate", "--check"]]) {
      const run = runCli(args, dir);
      expect(run.status, run.stdout + run.stderr).toBe(0);
      expect(run.stdout + run.stderr).not.toMatch(/stub|missing/);
    }
    expect(existsSync(path.join(handlers, "hello.ts"))).toBe(false);
    expect(readFileSync(path.join(handlers, "index.ts"), "utf8")).toBe(index);
    const check = typeCheck(dir, ["generated/**/*.ts", "handlers/**/*.ts"]);
    expect(check.output).toBe("");
    expect(check.status).toBe(0);
  });
});
