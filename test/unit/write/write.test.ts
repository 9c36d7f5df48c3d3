import { mkdirSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyPlan } from "../../../src/write/apply.js";
import { lstatOrUndefined, nodeWriterFs } from "../../../src/write/fs.js";
import { planWrite } from "../../../src/write/plan.js";
import { amend, failingFs, freshProject, gen, mtimes, snapshot, stub } from "./helpers.js";

const MANIFEST = (...files: string[]): string => JSON.stringify({ generator: "mcp-gen", version: 1, files }, null, 2) + "\n";

const firstRun = () => [
  gen("registry.ts", "// registry v1\n"),
  gen("tools/get_weather.ts", "// weather v1\n"),
  gen("tools/web_search.ts", "// search v1\n"),
  stub("get_weather.ts", "// stub\n"),
  amend("index.ts", "export const handlers = {};\n"),
];

async function generate(dirs: ReturnType<typeof freshProject>, files = firstRun()) {
  const plan = await planWrite(files, dirs);
  return { plan, result: await applyPlan(plan) };
}

describe("planWrite and applyPlan", () => {
  it("writes a fresh project and a manifest of the generated files only", async () => {
    const dirs = freshProject();
    const { plan, result } = await generate(dirs);
    expect(plan.diagnostics).toEqual([]);
    expect(plan.actions.map((a) => [a.action, a.path])).toEqual([
      ["create", "generated/.mcp-gen-manifest.json"],
      ["create", "generated/registry.ts"],
      ["create", "generated/tools/get_weather.ts"],
      ["create", "generated/tools/web_search.ts"],
      ["create", "handlers/get_weather.ts"],
      ["create", "handlers/index.ts"],
    ]);
    expect(plan.actions[1].absPath).toBe(path.join(dirs.generated, "registry.ts"));
    expect(plan.stale).toEqual([
      "generated/.mcp-gen-manifest.json",
      "generated/registry.ts",
      "generated/tools/get_weather.ts",
      "generated/tools/web_search.ts",
    ]);
    expect(plan.pendingHandlers).toEqual(["handlers/get_weather.ts", "handlers/index.ts"]);
    expect(result).toEqual({ written: plan.actions.map((a) => a.path), removed: [], diagnostics: [] });
    expect(snapshot(dirs.root)).toEqual({
      "generated/": "",
      "generated/.mcp-gen-manifest.json": MANIFEST("registry.ts", "tools/get_weather.ts", "tools/web_search.ts"),
      "generated/registry.ts": "// registry v1\n",
      "generated/tools/": "",
      "generated/tools/get_weather.ts": "// weather v1\n",
      "generated/tools/web_search.ts": "// search v1\n",
      "handlers/": "",
      "handlers/get_weather.ts": "// stub\n",
      "handlers/index.ts": "export const handlers = {};\n",
    });
  });

  it("writes nothing on a second identical run", async () => {
    const dirs = freshProject();
    await generate(dirs);
    const before = mtimes(dirs.root);
    const { plan, result } = await generate(dirs);
    expect(plan.actions.map((a) => a.action)).toEqual(["unchanged", "unchanged", "unchanged", "unchanged", "keep", "unchanged"]);
    expect(plan.stale).toEqual([]);
    expect(plan.pendingHandlers).toEqual([]);
    expect(result).toEqual({ written: [], removed: [], diagnostics: [] });
    expect(mtimes(dirs.root)).toEqual(before);
  });

  it("rewrites only the file that changed", async () => {
    const dirs = freshProject();
    await generate(dirs);
    const before = mtimes(dirs.root);
    const files = firstRun();
    files[1] = gen("tools/get_weather.ts", "// weather v2\n");
    const { plan, result } = await generate(dirs, files);
    expect(plan.stale).toEqual(["generated/tools/get_weather.ts"]);
    expect(result.written).toEqual(["generated/tools/get_weather.ts"]);
    expect(readFileSync(path.join(dirs.generated, "tools/get_weather.ts"), "utf8")).toBe("// weather v2\n");
    const after = mtimes(dirs.root);
    for (const file of Object.keys(before).filter((f) => f !== "generated/tools/get_weather.ts")) expect(after[file]).toBe(before[file]);
  });

  it("writes contents byte for byte, line endings included", async () => {
    const dirs = freshProject();
    await generate(dirs, [gen("a.txt", "one\r\ntwo\n\u00e9\ufeff")]);
    expect(readFileSync(path.join(dirs.generated, "a.txt"))).toEqual(Buffer.from("one\r\ntwo\n\u00e9\ufeff", "utf8"));
  });

  it("removes a generated file no longer produced and prunes its empty folder", async () => {
    const dirs = freshProject();
    await generate(dirs, [gen("registry.ts", "r\n"), gen("tools/deep/old.ts", "old\n")]);
    const { plan, result } = await generate(dirs, [gen("registry.ts", "r\n")]);
    expect(plan.actions.map((a) => [a.action, a.path])).toEqual([
      ["update", "generated/.mcp-gen-manifest.json"],
      ["unchanged", "generated/registry.ts"],
      ["remove", "generated/tools/deep/old.ts"],
    ]);
    expect(plan.stale).toEqual(["generated/.mcp-gen-manifest.json", "generated/tools/deep/old.ts"]);
    expect(result).toEqual({ written: ["generated/.mcp-gen-manifest.json"], removed: ["generated/tools/deep/old.ts"], diagnostics: [] });
    expect(snapshot(dirs.generated)).toEqual({ ".mcp-gen-manifest.json": MANIFEST("registry.ts"), "registry.ts": "r\n" });
  });

  it("never removes the generated folder itself, nor a folder still holding a user's file", async () => {
    const dirs = freshProject();
    await generate(dirs, [gen("tools/a.ts", "a\n")]);
    writeFileSync(path.join(dirs.generated, "tools", "mine.md"), "user notes\n");
    await generate(dirs, []);
    expect(snapshot(dirs.generated)).toEqual({ ".mcp-gen-manifest.json": MANIFEST(), "tools/": "", "tools/mine.md": "user notes\n" });
  });

  it("leaves a user's file in generated/ alone when it is not in the manifest", async () => {
    const dirs = freshProject();
    mkdirSync(dirs.generated, { recursive: true });
    writeFileSync(path.join(dirs.generated, "notes.md"), "mine\n");
    await generate(dirs);
    const { plan } = await generate(dirs, [gen("registry.ts", "// registry v1\n")]);
    expect(plan.actions.some((a) => a.path === "generated/notes.md")).toBe(false);
    await applyPlan(plan);
    expect(readFileSync(path.join(dirs.generated, "notes.md"), "utf8")).toBe("mine\n");
  });

  it("removes nothing a tampered or foreign manifest claims", async () => {
    const dirs = freshProject();
    mkdirSync(dirs.generated, { recursive: true });
    writeFileSync(path.join(dirs.root, "outside.txt"), "x\n");
    writeFileSync(path.join(dirs.generated, "inside.txt"), "y\n");
    for (const manifest of [
      MANIFEST("../outside.txt", "/etc/hostname", ".mcp-gen-manifest.json"),
      JSON.stringify({ generator: "other-tool", version: 1, files: ["inside.txt"] }),
      JSON.stringify({ generator: "mcp-gen", version: 2, files: ["inside.txt"] }),
      "not json",
    ]) {
      writeFileSync(path.join(dirs.generated, ".mcp-gen-manifest.json"), manifest);
      const plan = await planWrite([], dirs);
      expect(plan.actions.map((a) => [a.action, a.path])).toEqual([["update", "generated/.mcp-gen-manifest.json"]]);
    }
    expect(readFileSync(path.join(dirs.root, "outside.txt"), "utf8")).toBe("x\n");
  });

  it("never overwrites a handler stub the author edited", async () => {
    const dirs = freshProject();
    await generate(dirs);
    writeFileSync(path.join(dirs.handlers, "get_weather.ts"), "// my logic\n");
    const { plan, result } = await generate(dirs);
    expect(plan.actions.find((a) => a.path === "handlers/get_weather.ts")).toMatchObject({ action: "keep" });
    expect(plan.actions.find((a) => a.path === "handlers/get_weather.ts")?.contents).toBeUndefined();
    expect(result.written).toEqual([]);
    expect(readFileSync(path.join(dirs.handlers, "get_weather.ts"), "utf8")).toBe("// my logic\n");
  });

  it("updates an amended handler file only when its text differs, and never removes handlers", async () => {
    const dirs = freshProject();
    await generate(dirs);
    const files = firstRun().filter((f) => f.path !== "get_weather.ts");
    files[files.length - 1] = amend("index.ts", "export const handlers = { a };\n");
    const { plan, result } = await generate(dirs, files);
    expect(plan.stale).toEqual([]);
    expect(plan.pendingHandlers).toEqual(["handlers/index.ts"]);
    expect(result).toEqual({ written: ["handlers/index.ts"], removed: [], diagnostics: [] });
    expect(readFileSync(path.join(dirs.handlers, "get_weather.ts"), "utf8")).toBe("// stub\n");
  });

  it("treats a symlinked handler as present and leaves it and its target alone", async () => {
    const dirs = freshProject();
    mkdirSync(dirs.handlers, { recursive: true });
    writeFileSync(path.join(dirs.root, "shared.ts"), "// shared\n");
    symlinkSync(path.join(dirs.root, "shared.ts"), path.join(dirs.handlers, "get_weather.ts"));
    symlinkSync(path.join(dirs.root, "shared.ts"), path.join(dirs.handlers, "index.ts"));
    symlinkSync(path.join(dirs.root, "missing.ts"), path.join(dirs.handlers, "dangling.ts"));
    const { plan, result } = await generate(dirs, [stub("get_weather.ts", "// stub\n"), amend("index.ts", "x\n"), stub("dangling.ts", "// stub\n")]);
    expect(plan.actions.filter((a) => a.area === "handlers").map((a) => [a.action, a.path])).toEqual([
      ["keep", "handlers/dangling.ts"],
      ["keep", "handlers/get_weather.ts"],
      ["keep", "handlers/index.ts"],
    ]);
    expect(result.written).toEqual(["generated/.mcp-gen-manifest.json"]);
    expect(readFileSync(path.join(dirs.root, "shared.ts"), "utf8")).toBe("// shared\n");
    expect(snapshot(dirs.handlers)).toEqual({ "dangling.ts": "-> missing.ts", "get_weather.ts": "-> shared.ts", "index.ts": "-> shared.ts" });
  });

  it("lists changed, missing and extra generated files as stale, and handler stubs separately", async () => {
    const dirs = freshProject();
    await generate(dirs);
    writeFileSync(path.join(dirs.generated, "registry.ts"), "// hand-edited\n");
    unlinkSync(path.join(dirs.generated, "tools/web_search.ts"));
    unlinkSync(path.join(dirs.handlers, "get_weather.ts"));
    const files = firstRun().filter((f) => f.path !== "tools/get_weather.ts");
    const plan = await planWrite(files, dirs);
    expect(plan.stale).toEqual([
      "generated/.mcp-gen-manifest.json",
      "generated/registry.ts",
      "generated/tools/get_weather.ts",
      "generated/tools/web_search.ts",
    ]);
    expect(plan.actions.filter((a) => a.area === "generated").map((a) => a.action)).toEqual(["update", "update", "remove", "create"]);
    expect(plan.pendingHandlers).toEqual(["handlers/get_weather.ts"]);
  });

  it.each<[string, string, string]>([
    ["an absolute path", "/etc/passwd", "which is absolute"],
    ["a path escaping through ..", "tools/../../x.ts", "which escapes its folder through `..`"],
    ["a backslash", "tools\\x.ts", "which contains a backslash (paths use `/`)"],
    ["an empty segment", "tools//x.ts", "which has an empty or `.` segment"],
    ["a Windows drive", "C:/x.ts", "which is absolute"],
  ])("rejects %s as an internal error and writes nothing", async (_name, badPath, reason) => {
    const dirs = freshProject();
    const plan = await planWrite([gen("ok.ts", "ok\n"), gen(badPath, "bad\n")], dirs);
    expect(plan.diagnostics).toEqual([{ code: "MG099", severity: "error", message: `emitter produced generated path ${JSON.stringify(badPath)}, ${reason}` }]);
    expect(plan.actions).toEqual([]);
    const result = await applyPlan(plan);
    expect(result.written).toEqual([]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["MG099"]);
    expect(snapshot(dirs.root)).toEqual({});
  });

  it("rejects two files with one path, and a file named like the manifest", async () => {
    const dirs = freshProject();
    const plan = await planWrite([gen("a.ts", "1"), gen("a.ts", "2"), gen(".mcp-gen-manifest.json", "{}")], dirs);
    expect(plan.diagnostics.map((d) => d.message)).toEqual([
      "two emitters produced generated/a.ts",
      "emitter produced generated/.mcp-gen-manifest.json, which belongs to the writer",
    ]);
  });
});

describe("applyPlan failures", () => {
  const isTemp = (p: string): boolean => /\.tmp$/.test(p);

  it("names temp files .<name>.<pid>.<random>.tmp beside the target and renames the manifest last", async () => {
    const dirs = freshProject();
    const fs = failingFs({ op: "rename", when: () => false });
    await applyPlan(await planWrite(firstRun(), dirs), { fs });
    const writes = fs.calls.filter((c) => c.startsWith("writeFile "));
    expect(writes).toHaveLength(6);
    for (const call of writes) {
      const tempPath = call.slice("writeFile ".length);
      expect(path.basename(tempPath)).toMatch(new RegExp(`^\\.[\\w.-]+\\.${process.pid}\\.[0-9a-f]{8}\\.tmp$`));
    }
    expect(writes[0]).toContain(`${path.join(dirs.generated, ".registry.ts.")}`);
    const renames = fs.calls.filter((c) => c.startsWith("rename "));
    expect(renames.at(-1)).toMatch(/ -> .*\.mcp-gen-manifest\.json$/);
    expect(Object.keys(snapshot(dirs.root)).filter(isTemp)).toEqual([]);
  });

  it("a failure while writing temp files leaves the previous output byte-identical", async () => {
    const dirs = freshProject();
    await generate(dirs);
    const before = snapshot(dirs.root);
    const files = firstRun().map((f) => ({ ...f, contents: f.contents + "// v2\n" }));
    files.push(gen("new/dir/file.ts", "new\n"));
    const fs = failingFs({ op: "writeFile", when: (p) => path.basename(p).startsWith(".web_search.ts."), code: "ENOSPC" });
    const result = await applyPlan(await planWrite(files, dirs), { fs });
    expect(result.written).toEqual([]);
    expect(result.diagnostics).toEqual([
      { code: "MG090", severity: "error", message: "cannot write generated/tools/web_search.ts: ENOSPC: permission denied" },
    ]);
    expect(snapshot(dirs.root)).toEqual(before);
  });

  it("a failed rename stops, cleans up temp files and keeps the previous manifest", async () => {
    const dirs = freshProject();
    await generate(dirs);
    const manifestBefore = readFileSync(path.join(dirs.generated, ".mcp-gen-manifest.json"), "utf8");
    const files = [gen("registry.ts", "// registry v2\n"), gen("tools/get_weather.ts", "// weather v2\n")];
    const fs = failingFs({ op: "rename", when: (p) => p.endsWith("get_weather.ts") });
    const result = await applyPlan(await planWrite(files, dirs), { fs });
    expect(result.written).toEqual(["generated/registry.ts"]);
    expect(result.removed).toEqual([]);
    expect(result.diagnostics).toEqual([
      { code: "MG090", severity: "error", message: "cannot write generated/tools/get_weather.ts: EACCES: permission denied" },
    ]);
    const after = snapshot(dirs.root);
    expect(Object.keys(after).filter(isTemp)).toEqual([]);
    expect(after["generated/tools/get_weather.ts"]).toBe("// weather v1\n");
    expect(after["generated/tools/web_search.ts"]).toBe("// search v1\n");
    expect(after["generated/.mcp-gen-manifest.json"]).toBe(manifestBefore);
  });

  it("a rename onto a directory fails with MG090 on the real file system", async () => {
    const dirs = freshProject();
    mkdirSync(path.join(dirs.generated, "registry.ts", "inner"), { recursive: true });
    const result = await applyPlan(await planWrite([gen("registry.ts", "r\n")], dirs));
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0].code).toBe("MG090");
    expect(result.diagnostics[0].message).toMatch(/^cannot write generated\/registry\.ts: E(ISDIR|NOTEMPTY|EXIST)/);
    expect(snapshot(dirs.root)).toEqual({ "generated/": "", "generated/registry.ts/": "", "generated/registry.ts/inner/": "" });
  });

  it("a failed removal is reported and the old manifest still lists the file", async () => {
    const dirs = freshProject();
    await generate(dirs);
    const fs = failingFs({ op: "unlink", when: (p) => p.endsWith("web_search.ts") });
    const result = await applyPlan(
      await planWrite(
        firstRun().filter((f) => f.path !== "tools/web_search.ts"),
        dirs,
      ),
      { fs },
    );
    expect(result.diagnostics.map((d) => d.message)).toEqual(["cannot remove generated/tools/web_search.ts: EACCES: permission denied"]);
    expect(JSON.parse(readFileSync(path.join(dirs.generated, ".mcp-gen-manifest.json"), "utf8")).files).toContain("tools/web_search.ts");
    expect(Object.keys(snapshot(dirs.root)).filter(isTemp)).toEqual([]);
  });
});

describe("nodeWriterFs.lstatIfExists", () => {
  it("answers undefined where nothing is, and the link itself (not its target) where a symlink is", async () => {
    const dirs = freshProject();
    expect(await nodeWriterFs.lstatIfExists!(path.join(dirs.root, "absent.ts"))).toBeUndefined();
    expect(await nodeWriterFs.lstatIfExists!(path.join(dirs.root, "no-folder", "absent.ts"))).toBeUndefined();
    writeFileSync(path.join(dirs.root, "here.ts"), "x\n");
    expect((await nodeWriterFs.lstatIfExists!(path.join(dirs.root, "here.ts")))?.isFile()).toBe(true);
    symlinkSync("here.ts", path.join(dirs.root, "link.ts"));
    expect((await nodeWriterFs.lstatIfExists!(path.join(dirs.root, "link.ts")))?.isSymbolicLink()).toBe(true);
  });

  it("still fails for a path that cannot be looked at, which the writer takes as absent", async () => {
    const dirs = freshProject();
    writeFileSync(path.join(dirs.root, "file.ts"), "x\n");
    // A path through a file: ENOTDIR, not "no entry".
    const through = path.join(dirs.root, "file.ts", "inner.ts");
    await expect(nodeWriterFs.lstatIfExists!(through)).rejects.toMatchObject({ code: "ENOTDIR" });
    expect(await lstatOrUndefined(nodeWriterFs, through)).toBeUndefined();
  });
});
