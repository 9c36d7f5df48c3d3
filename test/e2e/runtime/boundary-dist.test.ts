/** What the built runtime (dist/runtime) loads in a fresh Node process: no generator package, no other dist/ module. */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../helpers/project.js";

const GENERATOR_PACKAGES = ["ts-morph", "handlebars", "json-schema-to-typescript", "typescript"];
const WORK = path.join(REPO_ROOT, ".tmp", "runtime-boundary");

describe("the runtime's import boundary", () => {
  /** Runs node with a preload that records every module the process resolves or requires. */
  function modulesLoadedBy(entry: string): string[] {
    mkdirSync(WORK, { recursive: true });
    const log = path.join(WORK, `loaded-${path.basename(path.dirname(entry))}-${process.pid}.txt`);
    writeFileSync(log, "");
    const hooks = path.join(WORK, "hooks.mjs");
    writeFileSync(
      hooks,
      [
        'import { appendFileSync } from "node:fs";',
        "export async function resolve(specifier, context, next) {",
        "  const result = await next(specifier, context);",
        '  appendFileSync(process.env.LOAD_LOG, result.url + "\\n");',
        "  return result;",
        "}",
      ].join("\n"),
    );
    const preload = path.join(WORK, "preload.mjs");
    writeFileSync(
      preload,
      [
        'import { appendFileSync } from "node:fs";',
        'import module, { createRequire } from "node:module";',
        `module.register(${JSON.stringify(pathToFileURL(hooks).href)});`,
        // CommonJS requires made from CommonJS modules do not pass the ESM hooks.
        'const Module = createRequire(import.meta.url)("node:module");',
        "const load = Module._load;",
        "Module._load = function (request, parent, isMain) {",
        '  appendFileSync(process.env.LOAD_LOG, "require:" + request + "\\n");',
        "  return load.apply(this, arguments);",
        "};",
        'process.on("exit", () => appendFileSync(process.env.LOAD_LOG, Object.keys(Module._cache).join("\\n") + "\\n"));',
      ].join("\n"),
    );
    const r = spawnSync(
      process.execPath,
      ["--import", pathToFileURL(preload).href, "--input-type=module", "-e", `await import(${JSON.stringify(pathToFileURL(entry).href)});`],
      { cwd: REPO_ROOT, encoding: "utf8", env: { ...process.env, LOAD_LOG: log } },
    );
    expect(r.stderr.replace(/^.*ExperimentalWarning.*\n?|^.*--trace-warnings.*\n?/gm, "")).toBe("");
    expect(r.status).toBe(0);
    return readFileSync(log, "utf8").split("\n").filter(Boolean);
  }

  const mentionsPackage = (loaded: string, name: string) =>
    loaded.includes(`/node_modules/${name}/`) || loaded === `require:${name}` || loaded.startsWith(`require:${name}/`);

  it("the built dist/runtime/index.js loads without ts-morph, handlebars, json-schema-to-typescript, typescript or other dist/ modules", () => {
    const loaded = modulesLoadedBy(path.join(REPO_ROOT, "dist", "runtime", "index.js"));
    // The recorder works: the runtime and the SDK show up.
    expect(loaded.some((l) => l.endsWith("/dist/runtime/create-server.js"))).toBe(true);
    expect(loaded.some((l) => l.includes("/node_modules/@modelcontextprotocol/server/"))).toBe(true);
    for (const name of GENERATOR_PACKAGES) expect(loaded.filter((l) => mentionsPackage(l, name))).toEqual([]);
    const distRoot = pathToFileURL(path.join(REPO_ROOT, "dist")).href + "/";
    const generatorModules = loaded.filter((l) => l.startsWith(distRoot) && !l.startsWith(`${distRoot}runtime/`));
    expect(generatorModules).toEqual([]);
  });

  it("dist/runtime/client.js (mcp-gen/runtime/client) loads nothing of the server runtime, the server SDK or the generator", () => {
    const loaded = modulesLoadedBy(path.join(REPO_ROOT, "dist", "runtime", "client.js"));
    expect(loaded.some((l) => l.endsWith("/dist/runtime/client.js"))).toBe(true);
    for (const name of [...GENERATOR_PACKAGES, "@modelcontextprotocol/server", "@modelcontextprotocol/node"]) {
      expect(loaded.filter((l) => mentionsPackage(l, name))).toEqual([]);
    }
    const distRoot = pathToFileURL(path.join(REPO_ROOT, "dist")).href + "/";
    const serverModules = loaded.filter((l) => l.startsWith(distRoot) && !/\/dist\/runtime\/(client|validation-message|types)\.js$/.test(l));
    expect(serverModules).toEqual([]);
  });

  it("dist/runtime/index.js (a server) does not load the SDK's client", () => {
    const loaded = modulesLoadedBy(path.join(REPO_ROOT, "dist", "runtime", "index.js"));
    expect(loaded.filter((l) => mentionsPackage(l, "@modelcontextprotocol/client"))).toEqual([]);
  });

  it("the same recorder does see generator packages when the generator is loaded (it can fail)", () => {
    // The templates module imports handlebars as it loads (generate.js itself imports its stages lazily).
    const loaded = modulesLoadedBy(path.join(REPO_ROOT, "dist", "emit", "shared", "templates.js"));
    expect(GENERATOR_PACKAGES.filter((name) => loaded.some((l) => mentionsPackage(l, name))).length).toBeGreaterThan(0);
  });
});
