/**
 * The guard behind "a tool is never left out in silence": if a check ever declines a tool
 * without saying why, the run fails with MG099 at that tool instead of generating a server
 * without it. No real check does that today (that is the point of the guard), so the schema
 * checker is replaced here by one that declines `ghost` and reports nothing.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { resolveConfig } from "../../../src/config/config.js";
import { buildModel } from "../../../src/spec/build-model.js";
import { removeProject, tempProject } from "../../helpers/project.js";

vi.mock("../../../src/spec/schemas.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../src/spec/schemas.js")>();
  return {
    ...real,
    checkToolSchemas: (args: Parameters<typeof real.checkToolSchemas>[0]) =>
      (args.yaml.value as { name?: string }).name === "ghost" ? { diagnostics: [] } : real.checkToolSchemas(args),
  };
});

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

describe("a tool a check declines without a diagnostic", () => {
  it("fails the run with MG099 at the tool, and the other tools are still modelled", () => {
    const dir = tempProject("unmodelled", {
      "specs/real.yaml": "name: real\ninputSchema: { type: object }\n",
      "specs/ghost.yaml": "# a comment\nname: ghost\ninputSchema: { type: object }\n",
    });
    dirs.push(dir);
    const { config } = resolveConfig({ cwd: dir });
    const result = buildModel(config!);
    expect(result.model).toBeUndefined();
    expect(result.diagnostics).toEqual([
      {
        code: "MG099",
        severity: "error",
        message: "internal error: tool `ghost` could not be modelled, and no problem was reported for it",
        location: expect.objectContaining({ file: "specs/ghost.yaml", line: 2, column: 1 }),
        hint: "please report this spec to mcp-gen",
      },
    ]);
    expect(result.perSpec.get("specs/real.yaml")?.tools.map((t) => t.name)).toEqual(["real"]);
    expect(result.perSpec.get("specs/ghost.yaml")?.tools).toEqual([]);
  });
});
