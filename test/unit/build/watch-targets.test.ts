/** What `generate --watch` listens to, and which changes start a run. */
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { classifyChange, globBase, globTree, isRelevant, watchTargets } from "../../../src/build/watch/targets.js";
import { removeProject, tempProject } from "../../helpers/project.js";

describe("globBase", () => {
  test.each([
    ["specs/**/*.yaml", "specs"],
    ["specs/*.yml", "specs"],
    ["tools/v1/**/*.yaml", "tools/v1"],
    ["**/*.yaml", "."],
    ["{a,b}/*.yaml", "."],
    ["one.yaml", "."],
  ])("%s starts from %s", (glob, base) => {
    expect(globBase("/p", glob)).toBe(path.resolve("/p", base));
  });
});

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

describe("watchTargets and isRelevant", () => {
  const root = tempProject("watch-targets", {
    "specs/a.yaml": "",
    "specs/deep/er/b.yaml": "",
    "specs/node_modules/x/c.yaml": "",
    "specs/.cache/d.yaml": "",
    "specs/generated/e.ts": "",
    "shared/address.yaml": "",
    "package.json": "{}",
  });
  dirs.push(root);
  const at = (rel: string) => path.join(root, ...rel.split("/"));
  const config = {
    root,
    specs: ["specs/**/*.yaml", "more/**/*.yml"],
    ignore: [],
    outDir: at("specs/generated"),
    handlersDir: at("handlers"),
    server: { name: "x", version: "1" },
  } as unknown as Parameters<typeof watchTargets>[0][number]["config"];
  const targets = watchTargets(
    [{ config, sources: new Map([["specs/a.yaml", ""]]), model: { tools: [{ sources: ["specs/a.yaml", "shared/address.yaml"] }] } }],
    [at("mcp-gen.config.yaml")],
  );

  test("watches spec folders (subfolders too, not dependencies, hidden or output folders), each source's folder and the config's", () => {
    expect(targets.folders.map((dir) => path.relative(root, dir).split(path.sep).join("/"))).toEqual([
      // `more/` does not exist yet: its parent is watched so that it is seen when created.
      "",
      "shared",
      "specs",
      "specs/deep",
      "specs/deep/er",
    ]);
  });

  test.each([
    ["specs/new.yaml", false, true],
    ["specs/deep/er/new.yml", false, true],
    ["specs/notes.txt", false, false],
    ["specs/.a.yaml.swp", false, false],
    ["specs/new-folder", true, true],
    ["specs/node_modules/x/c.yaml", false, false],
    ["specs/.cache/d.yaml", false, false],
    ["specs/generated/registry.ts", false, false],
    ["specs/generated/docs/catalog.json", false, false],
    ["shared/address.yaml", false, true],
    ["shared/other.yaml", false, false],
    ["mcp-gen.config.yaml", false, true],
    // The server's name and version come from it.
    ["package.json", false, true],
    ["package-lock.json", false, false],
    ["more", true, true],
    ["handlers/index.ts", false, false],
  ])("%s (folder: %s) starts a run: %s", (rel, isFolder, relevant) => {
    expect(isRelevant(targets, at(rel), isFolder)).toBe(relevant);
  });
});

describe("globTree", () => {
  test.each([
    ["specs/**/*.yaml", "specs", Infinity],
    ["specs/*.yaml", "specs", 0],
    ["*.yaml", ".", 0],
    ["*/tools/*.yaml", ".", 2],
    ["specs/v*/**/x.yaml", "specs", Infinity],
  ])("%s reaches from %s down %s levels", (glob, base, depth) => {
    expect(globTree("/p", glob)).toEqual({ dir: path.resolve("/p", base), depth });
  });
});

describe("classifyChange", () => {
  const root = tempProject("watch-classify", {
    "package.json": "{}",
    "a.tool.yaml": "",
    "specs/one.yaml": "",
    "specs/sub/two.yaml": "",
    "packages/a/mcp-gen.config.yaml": "",
    "packages/a/src/x.yaml": "",
  });
  dirs.push(root);
  const at = (rel: string) => path.join(root, ...rel.split("/"));
  const config = {
    root,
    specs: ["*.tool.yaml", "specs/*.yaml"],
    ignore: [],
    outDir: at("generated"),
    handlersDir: at("handlers"),
    server: { name: "x", version: "1" },
  } as unknown as Parameters<typeof watchTargets>[0][number]["config"];
  const targets = watchTargets(
    [{ config, sources: new Map([["a.tool.yaml", ""]]), missing: ["shared/gone/address.yaml"] }],
    [at("mcp-gen.config.yaml")],
    [{ dir: at("packages"), depth: 1 }],
  );
  const rel = (dir: string) => path.relative(root, dir).split(path.sep).join("/");

  test("watches only the folders the spec globs reach, where a missing $ref target would appear, and where projects are searched", () => {
    // Not specs/sub (`specs/*.yaml` does not reach it), nor packages/a/src (projects lie one level down).
    expect(targets.folders.map(rel)).toEqual(["", "packages", "packages/a", "specs"]);
  });

  test.each([
    ["a.tool.yaml", false, "run"],
    // At the project root, any spec-like file might be a spec: the watch asks the globs before running.
    ["b.tool.yaml", false, "spec?"],
    ["tsconfig.json", false, "spec?"],
    ["README.md", false, undefined],
    ["specs/three.yaml", false, "spec?"],
    ["specs/sub", true, undefined],
    ["specs/sub/three.yaml", false, undefined],
    ["package.json", false, "run"],
    // The folder of a missing $ref target, and the target itself.
    ["shared", true, "run"],
    ["shared/gone", true, "run"],
    ["shared/gone/address.yaml", false, "run"],
    ["shared/other.yaml", false, undefined],
    ["packages/b", true, "projects?"],
    ["packages/b/mcp-gen.config.yaml", false, "projects?"],
    ["packages/a/src/x.yaml", false, undefined],
    ["packages/node_modules", true, undefined],
  ])("%s (folder: %s) means %s", (file, isFolder, kind) => {
    expect(classifyChange(targets, at(file), isFolder)).toBe(kind);
  });
});
