/**
 * The emitters are of one shape and pure: `emit(model, context)` describes files (a key
 * and a lazy render) and reads neither the disk nor anything an earlier run left behind,
 * so two sessions give the same files, and a project whose folders do not exist emits all
 * the same (the handler files come in the context). Whether a file is rendered is the
 * session's decision (`renderOrKeep`).
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BuildSession } from "../../../src/build/session.js";
import { resolveConfig } from "../../../src/config/config.js";
import { EMITTERS, emitAll, renderOrKeep } from "../../../src/build/emitters.js";
import type { Diagnostic } from "../../../src/diagnostics/diagnostic.js";
import { renderFiles } from "../../../src/emit/shared/generated-file.js";
import type { EmitContext } from "../../../src/emit/shared/emitter.js";
import { projectModel } from "../../helpers/project-model.js";

const model = projectModel([
  {
    wire: {
      name: "get_weather",
      description: "Get the weather.",
      inputSchema: { type: "object", properties: { city: { type: "string", minLength: 1 } }, required: ["city"] },
      outputSchema: { type: "object", properties: { temperature: { type: "number" } } },
    },
    examples: [{ title: "no city", input: {}, error: true }],
  },
  { wire: { name: "ping", description: "Answers a ping.", inputSchema: { type: "object" } } },
]);

/** A project whose root does not exist: an emitter that read the disk would find nothing there. */
async function context(handlers: ReadonlyMap<string, string> = new Map()): Promise<Omit<EmitContext, "report">> {
  const root = path.join("/nonexistent", "mcp-gen-emitters");
  const { config } = resolveConfig({ cwd: root });
  if (!config) throw new Error("the default config did not resolve");
  return { config: { ...config, docs: { ...config.docs, formats: ["markdown", "html"] } }, handlers, memo: await new BuildSession().memo() };
}

describe("the emitters", () => {
  it("are one list of one shape, run in order", () => {
    expect(EMITTERS.map((emitter) => emitter.name)).toEqual([
      "tool types",
      "validators",
      "registry",
      "handlers interface",
      "server",
      "client",
      "examples",
      "docs",
      "handler stubs",
    ]);
  });

  it("give the same files in two sessions, without a project on disk, and each is what emitAll returns", async () => {
    const first = await emitAll(model, await context());
    const second = await emitAll(model, await context());
    expect(second).toEqual(first);
    expect(first.files.map((file) => file.path)).toEqual(
      expect.arrayContaining(["tools/get_weather.ts", "validators.js", "registry.ts", "handlers.ts", "server.ts", "client.ts", "get_weather.ts", "index.ts"]),
    );
    const each = await context();
    const separately = [];
    const reported: Diagnostic[] = [];
    for (const entry of EMITTERS) {
      const emitter = await entry.load();
      separately.push(...(await renderFiles(emitter.emit(model, { ...each, report: (d) => reported.push(d) }))));
    }
    expect(separately).toEqual(first.files);
    expect(reported).toEqual(first.diagnostics);
  });

  it("take the author's handler files from the context", async () => {
    const authored = "export const getWeather = async () => ({ temperature: 1 });\n";
    const { files } = await emitAll(model, await context(new Map([["get_weather.ts", authored]])));
    const stubs = files.filter((file) => file.area === "handlers").map((file) => file.path);
    // The existing handler is the author's: no stub for it, one for the other tool.
    expect(stubs).not.toContain("get_weather.ts");
    expect(stubs).toContain("ping.ts");
  });

  it("describe files without rendering them: a file the session keeps is never rendered", async () => {
    const each = await context();
    const emitters = await Promise.all(EMITTERS.map((entry) => entry.load()));
    const rendered: string[] = [];
    const files = emitters.flatMap((emitter) =>
      emitter.emit(model, { ...each, report: () => {} }).map((file) => ({
        ...file,
        render: () => {
          rendered.push(file.path);
          return file.render();
        },
      })),
    );
    expect(rendered).toEqual([]);
    const keyed = files.filter((file) => file.key !== undefined).map((file) => file.path);
    expect(keyed).toEqual(
      expect.arrayContaining(["tools/get_weather.ts", "validators.js", "registry.ts", "handlers.ts", "docs/get_weather.md", "docs/index.md"]),
    );
    const { files: out, kept } = await renderOrKeep(files, (file) => file.key !== undefined);
    expect(kept).toEqual(keyed);
    expect(rendered.sort()).toEqual(out.map((file) => file.path).sort());
    expect(rendered.some((path) => keyed.includes(path))).toBe(false);
  });
});
