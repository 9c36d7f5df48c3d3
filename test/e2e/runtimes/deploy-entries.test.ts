/**
 * The demo server where users deploy it: bundled by esbuild as ONE ES module Worker
 * script and served by workerd (miniflare, no compatibility flags, so no `node:`
 * modules), by Deno and by Bun; and mounted in a Node framework (Hono). Every entry is
 * the code docs/guide/deploy.md shows, and each is driven over HTTP by the official SDK
 * client in both protocol eras, every message checked against the revision's schema.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { transform } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkWire, connect, listAllTools, type Connection, type Era } from "../../helpers/mcp.js";
import { REPO_ROOT, removeProject, tempProject } from "../../helpers/project.js";
import { BUN, bundleWorker, DENO, serveInWorkerd, serveProcess, type RunningRuntime, type WorkerBundle } from "../../helpers/runtimes.js";

const DEPLOY_DOC = path.join(REPO_ROOT, "docs/guide/deploy.md");
const DEMO_WORKER = path.join(REPO_ROOT, "test/fixtures/runtimes/demo-worker.ts");

/** The code block titled `file` in docs/guide/deploy.md. */
function docsEntry(file: string): string {
  const doc = readFileSync(DEPLOY_DOC, "utf8");
  const start = doc.indexOf(`\`\`\`ts [${file}]\n`);
  if (start < 0) throw new Error(`docs/guide/deploy.md has no block titled ${file}`);
  const body = doc.slice(doc.indexOf("\n", start) + 1);
  return body.slice(0, body.indexOf("```\n"));
}

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

let project: string;
let bundle: WorkerBundle;
let registry: { toolDefinitions: Array<{ name: string }> };
type Validators = Record<string, ((data: unknown) => boolean) & { errors?: unknown }>;
let validators: Validators;

beforeAll(async () => {
  // A deployment's folder: the bundle in dist/, the Deno and Bun entries beside it.
  project = tempProject("runtimes");
  cleanups.push(() => removeProject(project));
  bundle = await bundleWorker(DEMO_WORKER, path.join(project, "dist/worker.js"));
  writeFileSync(path.join(project, "deno.ts"), docsEntry("deno.ts"));
  writeFileSync(path.join(project, "bun.ts"), docsEntry("bun.ts"));
  registry = await import(pathToFileURL(path.join(REPO_ROOT, "build/demo/generated/registry.js")).href);
  validators = (await import(pathToFileURL(path.join(REPO_ROOT, "build/demo/generated/validators.js")).href)) as Validators;
});

/** The Hono entry, compiled as the project's tsc would, beside the built demo it imports. */
async function honoEntry(): Promise<string> {
  const { code } = await transform(docsEntry("hono.ts"), { loader: "ts", format: "esm", target: "es2022" });
  const file = path.join(REPO_ROOT, "build/demo/deploy-hono.js");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, code);
  return file;
}

const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as Array<{ type: string; text?: string }>).map((c) => (c.type === "text" ? c.text : `[${c.type}]`)).join("\n");

describe("the docs' entries are the code the tests run", () => {
  it("server.ts is what `mcp-gen init` writes; worker.ts is what `init --template workers` writes", () => {
    expect(docsEntry("server.ts")).toBe(readFileSync(path.join(REPO_ROOT, "templates/init/server.ts"), "utf8"));
    expect(docsEntry("worker.ts")).toBe(readFileSync(path.join(REPO_ROOT, "templates/init-workers/worker.ts"), "utf8"));
  });
});

describe("the generated server where `node:` imports fail", () => {
  it("workerd without nodejs_compat refuses a script that imports a node: module", async () => {
    await expect(serveInWorkerd(path.join(REPO_ROOT, "test/fixtures/runtimes/node-builtin-worker.js"))).rejects.toThrow(/No such module "node:os"/);
  });

  it("the demo's Worker bundle imports nothing, and workerd loads it and serves", async () => {
    expect(bundle.imports).toEqual([]);
    const runtime = await serveInWorkerd(path.join(project, "dist/worker.js"));
    cleanups.push(() => runtime.stop());
    const connection = await connect({ kind: "http", url: new URL("/mcp", runtime.url) }, "modern");
    cleanups.push(() => connection.close());
    expect(text(await connection.client.callTool({ name: "calculate_sum", arguments: { a: 2, b: 3 } }))).toBe("5");
  });
});

const RUNTIMES: Array<[string, () => Promise<RunningRuntime>]> = [
  ["workerd (miniflare, no compatibility flags)", () => serveInWorkerd(path.join(project, "dist/worker.js"))],
  // Neither runtime may reach for the network (update checks, telemetry) or wait on a prompt.
  [
    "Deno",
    () =>
      serveProcess(DENO, ["run", "--allow-net=127.0.0.1", "--allow-env=PORT", "deno.ts"], {
        cwd: project,
        env: { DENO_NO_UPDATE_CHECK: "1", DENO_NO_PROMPT: "1" },
      }),
  ],
  ["Bun", () => serveProcess(BUN, ["bun.ts"], { cwd: project, env: { DO_NOT_TRACK: "1" } })],
  ["Node with Hono", async () => serveProcess(process.execPath, [await honoEntry()], { cwd: REPO_ROOT })],
];

describe.each(RUNTIMES)("the demo on %s", (runtimeName, start) => {
  const worker = runtimeName !== "Node with Hono";
  let runtime: RunningRuntime;

  beforeAll(async () => {
    runtime = await start();
    cleanups.push(() => runtime.stop());
  });

  describe.each(["legacy", "modern"] as const)("%s era", (era: Era) => {
    let c: Connection;

    beforeAll(async () => {
      c = await connect({ kind: "http", url: new URL("/mcp", runtime.url) }, era);
      cleanups.push(() => c.close());
    });

    it("lists every tool, page by page, in the generated order", async () => {
      const before = c.received.length;
      const tools = await listAllTools(c.client);
      expect(tools.map((t) => t.name)).toEqual(registry.toolDefinitions.map((t) => t.name));
      const pages = c.received.slice(before).filter((m) => (m.result as { tools?: unknown })?.tools !== undefined);
      // The Worker build lists 4 tools a page; the Node entry, the default 100.
      expect(pages.length).toBe(worker ? Math.ceil(registry.toolDefinitions.length / 4) : 1);
    });

    it("calls a tool: structuredContent that meets the outputSchema, and the same JSON as text", async () => {
      const result = await c.client.callTool({ name: "get_weather", arguments: { location: "New York" } });
      expect(result.isError ?? false, text(result)).toBe(false);
      expect(validators.validateGetWeatherOutput(result.structuredContent)).toBe(true);
      expect(JSON.parse(text(result))).toEqual(result.structuredContent);
      expect(text(await c.client.callTool({ name: "calculate_sum", arguments: { a: 2, b: 3 } }))).toBe("5");
    });

    it("answers invalid arguments with every violation and its path", async () => {
      const result = await c.client.callTool({ name: "get_weather", arguments: { units: "kelvin", extra: true } });
      expect(result.isError).toBe(true);
      expect(text(result)).toBe(
        'Invalid arguments for tool "get_weather":\n/location: is required\n/extra: is not allowed\n/units: must be one of metric, imperial',
      );
    });

    it("rejects an unknown tool with JSON-RPC -32602", async () => {
      await expect(c.client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toMatchObject({ code: -32602 });
    });

    it("passes a handler's ToolError to the model", async () => {
      const result = await c.client.callTool({
        name: worker ? "search_files" : "get_weather",
        arguments: worker ? { path: ".", pattern: "*" } : { location: "Atlantis" },
      });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(worker ? /^This deployment has no file system/ : /Atlantis/);
    });

    it("reports progress on the response stream", async () => {
      const updates: number[] = [];
      const before = c.received.length;
      const result = await c.client.callTool(
        { name: "launch_confetti", arguments: { color: "gold", location: "main office" } },
        { onprogress: (p) => updates.push(p.progress) },
      );
      expect(result.isError ?? false, text(result)).toBe(false);
      const sent = c.received
        .slice(before)
        .filter((m) => m.method === "notifications/progress")
        .map((m) => (m.params as { progress: number }).progress);
      expect(sent).toEqual([0, 1, 2, 3]);
    });

    it("sent only messages that validate against the negotiated revision's schema", () => {
      const { checked, problems } = checkWire(c);
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThanOrEqual(8);
    });
  });
});
