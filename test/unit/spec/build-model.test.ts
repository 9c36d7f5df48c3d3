/** load → check → model over real files: what is found, and what is reported across files. */
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../../src/config/config.js";
import { buildModel } from "../../../src/spec/build-model.js";
import { findSpecFiles } from "../../../src/spec/find-specs.js";
import { removeProject, tempProject } from "../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

function build(files: Record<string, string>) {
  const dir = tempProject("model", files);
  dirs.push(dir);
  const { config } = resolveConfig({ cwd: dir });
  return { dir, config: config!, result: buildModel(config!) };
}

const tool = (name: string, extra = "") => `name: ${name}\ninputSchema: { type: object }\n${extra}`;

describe("buildModel", () => {
  it("finds specs/**/*.{yaml,yml}, skips schemas/ folders and the output folders, in sorted order", () => {
    const { config } = build({
      "specs/b.yaml": tool("b"),
      "specs/a/c.yml": tool("c"),
      "specs/schemas/shared.yaml": "type: string\n",
      "specs/notes.txt": "not a spec",
      "other/d.yaml": tool("d"),
    });
    expect(findSpecFiles(config)).toEqual(["specs/a/c.yml", "specs/b.yaml"]);
  });

  it("reports a duplicate name at both places", () => {
    const { result } = build({ "specs/one.yaml": tool("same"), "specs/two.yaml": `# second\n${tool("same")}` });
    expect(result.model).toBeUndefined();
    const dup = result.diagnostics.find((d) => d.code === "MG013")!;
    expect(dup.location).toMatchObject({ file: "specs/two.yaml", line: 2, column: 7 });
    expect(dup.related?.[0]).toMatchObject({ file: "specs/one.yaml", line: 1, column: 7 });
  });

  it("reports names that map to one identifier or file", () => {
    const { result } = build({ "specs/a.yaml": tool("get-weather"), "specs/b.yaml": tool("get_weather") });
    const clash = result.diagnostics.find((d) => d.code === "MG014")!;
    expect(clash.severity).toBe("error");
    expect(clash.location).toMatchObject({ file: "specs/b.yaml", line: 1, column: 7 });
    expect(clash.message).toContain("get-weather");
  });

  it("reports duplicate names and schema errors of other tools in the same run", () => {
    const { result } = build({
      "specs/a.yaml": tool("same"),
      "specs/b.yaml": "name: same\ninputSchema: { type: string }\n",
      "specs/c.yaml": "name: other\ninputSchema:\n  type: object\n  required: [missing]\n  properties: {}\n",
    });
    const codes = result.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.location?.file}:${d.location?.line}`);
    expect(codes).toEqual(expect.arrayContaining(["MG013 specs/b.yaml:1", "MG020 specs/b.yaml:2", "MG023 specs/c.yaml:4"]));
  });

  it("reports that no spec matched", () => {
    const { result } = build({ "README.md": "nothing here" });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "MG006",
        severity: "error",
        message: expect.stringContaining("specs/**/*.yaml"),
        hint: expect.stringContaining("mcp-gen init"),
      }),
    ]);
  });

  it("builds the IR: sorted tools, wire fields in authored order, generator keys left out, sources", () => {
    const { result } = build({
      "specs/z.yaml": `description: Zed.\n${tool("zed")}examples:\n  - input: {}\n_meta: { a: 1 }\n`,
      "specs/a.yaml": "name: alpha\ninputSchema:\n  type: object\n  properties:\n    id: { $ref: ./schemas/id.yaml }\n",
      "specs/schemas/id.yaml": "type: string\n",
    });
    const tools = result.model!.tools;
    expect(tools.map((t) => t.name)).toEqual(["alpha", "zed"]);
    expect(Object.keys(tools[1].wire)).toEqual(["description", "name", "inputSchema", "_meta"]);
    expect(tools[1].examples).toHaveLength(1);
    expect(tools[0].sources).toEqual(["specs/a.yaml", "specs/schemas/id.yaml"]);
    expect(JSON.stringify(tools[0].wire.inputSchema)).not.toContain("id.yaml");
    expect(tools[0].ids).toMatchObject({ pascal: "Alpha", file: "alpha" });
    expect(path.isAbsolute(tools[0].location.file)).toBe(false);
  });
});
