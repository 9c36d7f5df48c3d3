/** Config resolution: defaults, paths relative to the config file, and located errors. */
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveConfig, serverInfoFromPackageJson } from "../../../src/config/config.js";
import { removeProject, tempProject } from "../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));
function project(files: Record<string, string>): string {
  const dir = tempProject("config", files);
  dirs.push(dir);
  return dir;
}

describe("resolveConfig", () => {
  it("uses defaults and the nearest package.json without a config file", () => {
    const dir = project({ "package.json": JSON.stringify({ name: "weather", version: "3.1.4" }), "sub/x": "" });
    const { config, diagnostics } = resolveConfig({ cwd: path.join(dir, "sub") });
    expect(diagnostics).toEqual([]);
    expect(config).toMatchObject({
      root: path.join(dir, "sub"),
      specs: ["specs/**/*.yaml", "specs/**/*.yml"],
      outDir: path.join(dir, "sub", "generated"),
      handlersDir: path.join(dir, "sub", "handlers"),
      server: { name: "weather", version: "3.1.4" },
    });
  });

  it("resolves every path against the config file's folder", () => {
    const dir = project({ "pkg/mcp-gen.config.yaml": "specs: [defs/*.yaml]\nout: gen\nhandlers: src/h\n" });
    const { config } = resolveConfig({ cwd: dir, configFile: "pkg/mcp-gen.config.yaml" });
    expect(config).toMatchObject({
      root: path.join(dir, "pkg"),
      specs: ["defs/*.yaml"],
      outDir: path.join(dir, "pkg", "gen"),
      handlersDir: path.join(dir, "pkg", "src", "h"),
    });
  });

  it.each([
    ["unknown field", "spec: x\n", { line: 1, column: 1 }, /unknown config field `spec`/],
    ["specs of the wrong type", "specs: 3\n", { line: 1, column: 8 }, /`specs` must be a glob/],
    ["out not a string", "out: [a]\n", { line: 1, column: 6 }, /`out` must be a folder path/],
    ["unknown server field", "server: { name: a, port: 1 }\n", { line: 1, column: 26 }, /server\.port/],
    ["same out and handlers", "out: x\nhandlers: x\n", { line: 2, column: 11 }, /different folders/],
  ])("reports %s with its position (MG060)", (_name, text, position, message) => {
    const dir = project({ "mcp-gen.config.yaml": text });
    const { diagnostics } = resolveConfig({ cwd: dir });
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: "MG060",
        severity: "error",
        message: expect.stringMatching(message),
        location: expect.objectContaining({ file: "mcp-gen.config.yaml", ...position }),
      }),
    ]);
  });

  it("reports a missing --config file", () => {
    const { config, diagnostics } = resolveConfig({ cwd: project({}), configFile: "nope.yaml" });
    expect(config).toBeUndefined();
    expect(diagnostics[0]).toMatchObject({ code: "MG060", message: "config file not found: nope.yaml" });
  });

  it("falls back to the folder name when there is no package.json", () => {
    expect(serverInfoFromPackageJson("/")).toEqual({ name: "mcp-server", version: "0.0.0" });
  });
});
