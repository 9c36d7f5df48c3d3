/**
 * Hostile file systems: an unwritable generated/ and a full disk (simulated through the
 * writer's injectable fs, since tests run as root where chmod changes nothing), a handler
 * that is a symlink out of the project, and network `$ref`s that must never be fetched.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { lstatSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../../src/config/config.js";
import { emitAll, generate } from "../../../src/build/generate.js";
import { buildModel } from "../../../src/spec/build-model.js";
import { applyPlan } from "../../../src/write/apply.js";
import { nodeWriterFs, type WriterFs } from "../../../src/write/fs.js";
import { planWrite } from "../../../src/write/plan.js";
import { removeProject, tempProject, writeFiles } from "../../helpers/project.js";
import { listTree } from "../../helpers/hostile/harness.js";

const SPEC = (description: string) =>
  `name: get_weather\ndescription: ${description}\ninputSchema:\n  type: object\n  properties:\n    city: { type: string }\n`;
const projects: string[] = [];
afterAll(() => projects.forEach(removeProject));

function project(files: Record<string, string>): string {
  const dir = tempProject("hostile-fs");
  projects.push(dir);
  writeFiles(dir, files);
  return dir;
}

/** generate, with the write stage on `fs`. */
async function generateWith(dir: string, fs: WriterFs) {
  const { config } = resolveConfig({ cwd: dir });
  const built = buildModel(config!);
  const emitted = await emitAll(built.model!, config!);
  const plan = await planWrite(emitted.files, { root: config!.root, generated: config!.outDir, handlers: config!.handlersDir });
  return applyPlan(plan, { fs });
}

const failing = (code: string, when: (path: string, call: number) => boolean): WriterFs => {
  let calls = 0;
  const fail = (p: string) => {
    const error = Object.assign(new Error(`${code}: simulated, ${p}`), { code });
    throw error;
  };
  return {
    ...nodeWriterFs,
    writeFile: async (p, data, options) => {
      if (when(p, ++calls)) fail(p);
      return nodeWriterFs.writeFile(p, data, options);
    },
  };
};

describe("write failures leave the previous output byte-identical", () => {
  it.each([
    ["generated/ read-only (EACCES on every write there)", "EACCES", (p: string) => p.includes(`${path.sep}generated${path.sep}`)],
    ["disk full on the third file (ENOSPC)", "ENOSPC", (_p: string, call: number) => call === 3],
    ["disk full on the last file (ENOSPC)", "ENOSPC", (p: string) => p.includes("handlers.ts")],
  ])("%s", async (_name, code, when) => {
    const dir = project({ "specs/get_weather.yaml": SPEC("Old text.") });
    expect((await generate({ cwd: dir })).exitCode).toBe(0);
    const before = listTree(dir);
    writeFiles(dir, { "specs/get_weather.yaml": SPEC("New text.") });
    writeFiles(dir, { "specs/extra.yaml": SPEC("Another.").replace("get_weather", "extra_tool") });
    const result = await generateWith(dir, failing(code as string, when as (p: string, c: number) => boolean));
    expect(result.diagnostics.map((d) => [d.code, d.severity])).toEqual([["MG090", "error"]]);
    expect(result.diagnostics[0].message).toContain(code as string);
    // Without the two new spec files, the tree is exactly what it was: no temp files, no half-written output.
    const after = listTree(dir).filter((l) => !l.startsWith("specs/"));
    expect(after).toEqual(before.filter((l) => !l.startsWith("specs/")));
    expect(result.written).toEqual([]);
  });
});

describe("handlers that are symlinks", () => {
  it("a handler symlinked to a file outside the project is left alone, and so is its target", async () => {
    const outside = project({ "evil.ts": "export const secret = 1;\n" });
    const dir = project({ "specs/get_weather.yaml": SPEC("Weather.") });
    writeFiles(dir, { "handlers/.keep": "" });
    symlinkSync(path.join(outside, "evil.ts"), path.join(dir, "handlers", "get_weather.ts"));
    const outsideBefore = listTree(outside);
    const result = await generate({ cwd: dir });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(lstatSync(path.join(dir, "handlers", "get_weather.ts")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path.join(dir, "handlers", "get_weather.ts"))).toBe(path.join(outside, "evil.ts"));
    expect(listTree(outside)).toEqual(outsideBefore);
    expect(readFileSync(path.join(outside, "evil.ts"), "utf8")).toBe("export const secret = 1;\n");
    expect(result.written.every((file) => file.startsWith("generated/") || file.startsWith("handlers/"))).toBe(true);
    expect(result.written).not.toContain("handlers/get_weather.ts");
  });

  it("generated/ that is a symlink out of the project is not written through", async () => {
    const outside = project({ "keep.txt": "mine\n" });
    const dir = project({ "specs/get_weather.yaml": SPEC("Weather.") });
    symlinkSync(outside, path.join(dir, "generated"), "dir");
    const outsideBefore = listTree(outside);
    const result = await generate({ cwd: dir });
    expect(listTree(outside)).toEqual(outsideBefore);
    expect(result.diagnostics.filter((d) => d.severity === "error").map((d) => [d.code, d.message])).toEqual([
      ["MG090", "generated is a symbolic link; mcp-gen writes only into real folders"],
    ]);
  });
});

describe("network $ref", () => {
  it("is reported and never fetched", async () => {
    const requests: string[] = [];
    const server = createServer((req, res) => {
      requests.push(req.url ?? "");
      res.writeHead(200, { "content-type": "application/json" }).end('{"type":"string"}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const dir = project({
        "specs/net.yaml": `name: net\ninputSchema:\n  type: object\n  properties:\n    a: { $ref: 'http://127.0.0.1:${port}/s.json' }\n    b: { $ref: 'http://localhost:${port}/s.json#/x' }\n`,
      });
      const result = await generate({ cwd: dir });
      expect(result.diagnostics.map((d) => `${d.code} ${d.location?.line}:${d.location?.column}`)).toEqual(["MG031 5:16", "MG031 6:16"]);
      expect(result.written).toEqual([]);
      expect(requests).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

it("the corpus helpers see symlinks and bytes", () => {
  const dir = project({ "a.txt": "x" });
  symlinkSync("a.txt", path.join(dir, "b"));
  writeFileSync(path.join(dir, "c.txt"), "y");
  expect(listTree(dir, ["node_modules"]).map((l) => l.replace(/ [0-9a-f]+$/, ""))).toEqual(["a.txt 1", "b -> a.txt", "c.txt 1"]);
  expect(listTree(dir, ["node_modules"])[0]).not.toBe(listTree(dir, ["node_modules"])[2]);
});
