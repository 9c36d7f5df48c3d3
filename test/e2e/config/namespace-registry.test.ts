/** `namespace:` in the compiled registry (tsc, then loaded). The in-process cases are in test/unit/config/namespace.test.ts. */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../../src/build/generate.js";
import { removeProject, tempProject, typeCheck } from "../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

const SPEC =
  "name: create_issue\ndescription: Open an issue.\ninputSchema:\n  type: object\n  properties:\n    title: { type: string, description: Issue title }\n  required: [title]\n";

describe("namespace", () => {
  it("the compiled registry's tools/list payload carries the prefixed name", async () => {
    const dir = tempProject("namespace", {
      "package.json": JSON.stringify({ name: "ns-demo", version: "1.0.0", type: "module" }),
      "mcp-gen.config.yaml": "namespace: github\n",
      "specs/create_issue.yaml": SPEC,
    });
    dirs.push(dir);
    expect((await generate({ cwd: dir })).exitCode).toBe(0);
    // Compiled and loaded, the registry's tools/list payload carries the prefixed name.
    const compiled = typeCheck(dir, ["generated/**/*.ts", "generated/**/*.js", "handlers/**/*.ts"], { noEmit: false, outDir: "build", allowJs: true });
    expect(compiled.output).toBe("");
    const registry = (await import(pathToFileURL(path.join(dir, "build/generated/registry.js")).href)) as {
      toolDefinitions: Array<{ name: string }>;
    };
    expect(registry.toolDefinitions.map((t) => t.name)).toEqual(["github_create_issue"]);
  });
});
