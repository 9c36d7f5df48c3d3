/** What `generate --watch` listens to, and which changes start a run. */
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { globBase, isRelevant, watchTargets } from "../../src/watch/targets.js";
import { removeProject, tempProject } from "../helpers/project.js";

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
    ["package.json", false, false],
    ["more", true, true],
    ["handlers/index.ts", false, false],
  ])("%s (folder: %s) starts a run: %s", (rel, isFolder, relevant) => {
    expect(isRelevant(targets, at(rel), isFolder)).toBe(relevant);
  });
});
