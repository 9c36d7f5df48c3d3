/** A tool named `__proto__` gets a handler entry that is an own property, and the project type-checks. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { generate } from "../../../src/build/generate.js";
import { removeProject, tempProject, typeCheck } from "../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

it('generate writes `["__proto__"]: proto`, a second run changes nothing, tsc accepts it', async () => {
  const dir = tempProject("proto-tool", {
    "package.json": JSON.stringify({ name: "proto-tool", version: "1.0.0", type: "module" }),
    "specs/proto.yaml": "name: __proto__\ndescription: A valid MCP name.\ninputSchema:\n  type: object\n",
    "specs/ping.yaml": "name: ping\ndescription: Ping.\ninputSchema:\n  type: object\n",
  });
  dirs.push(dir);
  expect((await generate({ cwd: dir })).exitCode).toBe(0);
  const index = readFileSync(path.join(dir, "handlers/index.ts"), "utf8");
  expect(index).toContain('\n  ["__proto__"]: proto,\n');
  expect(index).not.toMatch(/^\s*"?__proto__"?:/m);
  const again = await generate({ cwd: dir });
  expect(again.written).toEqual([]);
  expect(again.diagnostics.filter((d) => d.code.startsWith("MG05"))).toEqual([]);
  const check = typeCheck(dir, ["generated/**/*.ts", "handlers/**/*.ts"]);
  expect(check.output).toBe("");
  expect(check.status).toBe(0);
});
