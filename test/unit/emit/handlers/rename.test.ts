/** A renamed tool (`renamedFrom:`) takes its handler along: file, export, type import and index entry. */
import path from "node:path";
import { afterAll, describe, expect, it, test } from "vitest";
import { emitHandlerStubs } from "../../../../src/emit/handlers/stubs.js";
import type { ToolModel } from "../../../../src/spec/model.js";
import { applyPlan } from "../../../../src/write/apply.js";
import { planWrite } from "../../../../src/write/plan.js";
import { modelFromWire, projectOf } from "../../../helpers/project-model.js";
import { removeProject, snapshotTree, tempProject, writeFiles } from "../../../helpers/project.js";

const layout = { generatedFromHandlers: "../generated", handlersDir: "handlers" };
const tool = (name: string, renamedFrom?: string): ToolModel => ({
  ...modelFromWire({ name, inputSchema: { type: "object" } }),
  ...(renamedFrom ? { renamedFrom } : {}),
});
const emit = (tools: ToolModel[], files: Record<string, string>) => emitHandlerStubs(projectOf(tools), { files: new Map(Object.entries(files)) }, layout);

const OLD_HANDLER = `import { ToolError } from "mcp-gen/runtime";
import type { GetWeatherHandler } from "../generated/tools/get_weather.js";

/** Get current weather for a location. */
export const getWeather: GetWeatherHandler = async (input, context) => {
  // the author's body: getWeather GetWeatherHandler get_weather stay as written here
  const city = String((input as { location?: string }).location ?? "Paris");
  return \`sunny in \${city}\`;
};

function helper(): number {
  return 42;
}
`;

const RENAMED_HANDLER = OLD_HANDLER.replace(
  'import type { GetWeatherHandler } from "../generated/tools/get_weather.js";',
  'import type { FetchForecastHandler } from "../generated/tools/fetch_forecast.js";',
).replace("export const getWeather: GetWeatherHandler =", "export const fetchForecast: FetchForecastHandler =");

const OLD_INDEX = `import type { ToolHandlers } from "../generated/handlers.js";
import { getWeather } from "./get_weather.js"; // weather
import { ping } from "./ping.js";

const logged = <T,>(handler: T): T => handler;

export const handlers = {
  // the weather tool
  get_weather: logged(getWeather),
  ping: ping,
} satisfies ToolHandlers;
`;

const T2_HANDLER = `import type { T2Handler } from "../generated/tools/t2.js";\n\nexport const t2: T2Handler = async (input) => "two";\n`;

describe("emitHandlerStubs with renamedFrom", () => {
  test("renames the handler file, its export and type import, and the index entry; nothing else changes", () => {
    const result = emit([tool("fetch_forecast", "get_weather"), tool("ping")], { "get_weather.ts": OLD_HANDLER, "ping.ts": "", "index.ts": OLD_INDEX });
    expect(result.files.map(({ path, mode, from }) => `${path}:${mode}:${from ?? ""}`)).toEqual([
      "fetch_forecast.ts:rename:get_weather.ts",
      "index.ts:update:",
    ]);
    expect(result.files[0].contents).toBe(RENAMED_HANDLER);
    expect(result.files[0].fromContents).toBe(OLD_HANDLER);
    expect(result.files[1].contents).toBe(`import type { ToolHandlers } from "../generated/handlers.js";
import { fetchForecast } from "./fetch_forecast.js"; // weather
import { ping } from "./ping.js";

const logged = <T,>(handler: T): T => handler;

export const handlers = {
  // the weather tool
  fetch_forecast: logged(fetchForecast),
  ping: ping,
} satisfies ToolHandlers;
`);
    expect(result.diagnostics.map(({ code, severity, location }) => ({ code, severity, file: location?.file }))).toEqual([
      { code: "MG160", severity: "info", file: "handlers/get_weather.ts" },
    ]);
  });

  test("the body stays byte for byte: only four tokens differ", () => {
    const [renamed] = emit([tool("fetch_forecast", "get_weather")], { "get_weather.ts": OLD_HANDLER, "index.ts": OLD_INDEX }).files;
    const body = (text: string) => text.slice(text.indexOf("= async"));
    expect(body(renamed.contents)).toBe(body(OLD_HANDLER));
  });

  test("an aliased type import keeps its alias; an index whose new name is taken imports under the old name", () => {
    const handler = `import type { GetWeatherHandler as Handler } from '../generated/tools/get_weather.js'\nexport const getWeather: Handler = (input) => 'x'\n`;
    const index = `import { getWeather } from './get_weather.js'\nconst fetchForecast = 1\nexport const handlers = { get_weather: getWeather }\n`;
    const result = emit([tool("fetch_forecast", "get_weather")], { "get_weather.ts": handler, "index.ts": index });
    expect(result.files.map((file) => file.contents)).toEqual([
      `import type { FetchForecastHandler as Handler } from '../generated/tools/fetch_forecast.js'\nexport const fetchForecast: Handler = (input) => 'x'\n`,
      `import { fetchForecast as getWeather } from './fetch_forecast.js'\nconst fetchForecast = 1\nexport const handlers = { fetch_forecast: getWeather }\n`,
    ]);
  });

  test("an orphan on the line of a renamed entry is reported at its column in the index as written", () => {
    const index = `import { getWeather } from "./get_weather.js";\nexport const handlers = { get_weather: getWeather, old_tool: oldTool };\n`;
    const result = emit([tool("fetch_forecast", "get_weather")], { "get_weather.ts": OLD_HANDLER, "index.ts": index });
    const written = result.files.find((file) => file.path === "index.ts")?.contents ?? "";
    expect(written).toBe(
      `import { fetchForecast } from "./fetch_forecast.js";\nexport const handlers = { fetch_forecast: fetchForecast, old_tool: oldTool };\n`,
    );
    const orphan = result.diagnostics.find((d) => d.code === "MG050");
    expect(orphan?.location).toEqual({ file: "handlers/index.ts", line: 2, column: 58 });
    expect(written.split("\n")[1].slice(57)).toMatch(/^old_tool: oldTool/);
  });

  // `{ ping, t2 }`: the entry is key and value at once. Before, the entry was not followed: the
  // index kept `t2` and its import of the moved file, gained `t2_renamed: t2Renamed`, and tsc failed.
  test.each([
    {
      name: "one line",
      index: `import { ping } from "./ping.js";\nimport { t2 } from "./t2.js";\n\nexport const handlers = { ping, t2 } satisfies ToolHandlers;\n`,
      tools: [tool("t2_renamed", "t2"), tool("ping")],
      want: `import { ping } from "./ping.js";\nimport { t2Renamed } from "./t2_renamed.js";\n\nexport const handlers = { ping, t2_renamed: t2Renamed } satisfies ToolHandlers;\n`,
    },
    {
      name: "one per line",
      index: `import { ping } from "./ping.js";\nimport { t2 } from "./t2.js";\n\nexport const handlers = {\n  ping,\n  t2,\n} satisfies ToolHandlers;\n`,
      tools: [tool("t2_renamed", "t2"), tool("ping")],
      want: `import { ping } from "./ping.js";\nimport { t2Renamed } from "./t2_renamed.js";\n\nexport const handlers = {\n  ping,\n  t2_renamed: t2Renamed,\n} satisfies ToolHandlers;\n`,
    },
    {
      name: "the new name already taken: the import keeps the old local name",
      index: `import { t2 } from "./t2.js";\nconst t2Renamed = 1;\nexport const handlers = { t2, ping: t2Renamed };\n`,
      tools: [tool("t2_renamed", "t2"), tool("ping")],
      want: `import { t2Renamed as t2 } from "./t2_renamed.js";\nconst t2Renamed = 1;\nexport const handlers = { t2_renamed: t2, ping: t2Renamed };\n`,
    },
    {
      name: "a computed key",
      index: `import { t2 } from "./t2.js";\nexport const handlers = { ["t2"]: t2 };\n`,
      tools: [tool("t2_renamed", "t2")],
      want: `import { t2Renamed } from "./t2_renamed.js";\nexport const handlers = { t2_renamed: t2Renamed };\n`,
    },
  ])("a shorthand or computed entry follows the rename ($name); no MG163 for the index", ({ index, tools, want }) => {
    const files = { "t2.ts": T2_HANDLER, "index.ts": index, ...(tools.length > 1 ? { "ping.ts": "" } : {}) };
    const result = emit(tools, files);
    expect(result.files.map(({ path, mode }) => `${path}:${mode}`)).toEqual(["t2_renamed.ts:rename", "index.ts:update"]);
    expect(result.files[1].contents).toBe(want);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["MG160"]);
  });

  test.each([
    {
      name: "a namespace import",
      index: `import * as weather from "./get_weather.js";\nexport const handlers = { get_weather: weather.getWeather };\n`,
      specifier: '"./get_weather.js"',
    },
    {
      name: "a re-export of the handler",
      index: `import { getWeather } from "./get_weather.js";\nexport { getWeather } from "./get_weather.js";\nexport const handlers = { get_weather: getWeather };\n`,
      specifier: '"./get_weather.js"',
    },
    {
      name: "the new key already there, the old import still used",
      index: `import { getWeather } from "./get_weather.js";\nexport const handlers = { fetch_forecast: getWeather };\n`,
      specifier: '"./get_weather.js"',
    },
  ])("MG161, nothing moved, index left as written, when the index cannot follow: $name", ({ index, specifier }) => {
    const result = emit([tool("fetch_forecast", "get_weather")], { "get_weather.ts": OLD_HANDLER, "index.ts": index });
    expect(result.files).toEqual([]);
    const mg161 = result.diagnostics.filter((d) => d.code === "MG161");
    expect(mg161.map((d) => d.message)).toEqual([
      `\`renamedFrom: get_weather\` of \`fetch_forecast\`: handlers/get_weather.ts was not renamed: handlers/index.ts could not be updated (it would go on importing ${specifier})`,
    ]);
    expect(result.diagnostics.map((d) => d.code)).not.toContain("MG163");
  });

  test.each([
    {
      name: "a syntax error",
      handler: "export const getWeather: GetWeatherHandler = async (input) => {\n  return (\n};\n",
      problem: /syntax error/,
      line: 3,
    },
    {
      name: "an export that is no longer a function written in place",
      handler: 'import type { GetWeatherHandler } from "../generated/tools/get_weather.js";\nexport const getWeather: GetWeatherHandler = withRetry(impl);\n',
      problem: /no longer a function written in place/,
      line: 2,
    },
    {
      name: "an export without the generated type",
      handler: "export const getWeather = async () => 'sunny';\n",
      problem: /no longer declared with the generated `GetWeatherHandler` type/,
      line: 1,
    },
    {
      name: "a default export instead",
      handler: "export default async function getWeather() {}\n",
      problem: /no `export const getWeather` found/,
      line: 1,
    },
    {
      name: "the export used in its own body",
      handler:
        'import type { GetWeatherHandler } from "../generated/tools/get_weather.js";\nexport const getWeather: GetWeatherHandler = async (input, context) => {\n  return getWeather(input, context);\n};\n',
      problem: /`getWeather` is used elsewhere/,
      line: 3,
    },
    {
      name: "the type imported from elsewhere",
      handler: 'import type { GetWeatherHandler } from "./my-types.js";\nexport const getWeather: GetWeatherHandler = async () => "x";\n',
      problem: /is not `GetWeatherHandler` imported from/,
      line: 2,
    },
  ])("MG162, file and index left alone, no stub: $name", ({ handler, problem, line }) => {
    const result = emit([tool("fetch_forecast", "get_weather"), tool("ping")], { "get_weather.ts": handler, "ping.ts": "", "index.ts": OLD_INDEX });
    expect(result.files).toEqual([]);
    const mg162 = result.diagnostics.find((d) => d.code === "MG162");
    expect(mg162).toMatchObject({ severity: "warning", location: { file: "handlers/get_weather.ts", line } });
    expect(mg162?.message).toMatch(problem);
    // The old file and entry are still reported as orphans, as any handler without a tool.
    expect(result.diagnostics.filter((d) => d.code === "MG050").map((d) => d.location?.file)).toEqual(["handlers/get_weather.ts", "handlers/index.ts"]);
  });

  test.each([
    {
      name: "the new file already exists",
      tools: [tool("fetch_forecast", "get_weather")],
      files: { "get_weather.ts": OLD_HANDLER, "fetch_forecast.ts": "// mine\n", "index.ts": OLD_INDEX },
      reason: /handlers\/fetch_forecast\.ts already exists/,
      created: ["index.ts"],
    },
    {
      name: "the old name is still a tool",
      tools: [tool("fetch_forecast", "get_weather"), tool("get_weather")],
      files: { "get_weather.ts": OLD_HANDLER, "index.ts": OLD_INDEX },
      reason: /`get_weather` is still a tool/,
      created: ["fetch_forecast.ts", "index.ts"],
    },
    {
      name: "two tools claim the same old name",
      tools: [tool("fetch_forecast", "get_weather"), tool("fetch_weather", "get_weather")],
      files: { "get_weather.ts": OLD_HANDLER, "index.ts": OLD_INDEX },
      reason: /several tools say `renamedFrom: get_weather`/,
      // `ping: ping` is an entry mcp-gen wrote for a tool that is gone: taken back.
      created: ["index.ts"],
    },
    {
      name: "index.ts cannot be updated",
      tools: [tool("fetch_forecast", "get_weather")],
      files: { "get_weather.ts": OLD_HANDLER, "index.ts": "export const handlers = build();\n" },
      reason: /handlers\/index\.ts could not be updated/,
      created: [],
    },
  ])("MG161 and no rename when $name", ({ tools, files, reason, created }) => {
    const result = emit(tools, files);
    expect(result.files.filter((file) => file.mode === "rename")).toEqual([]);
    expect(result.files.map((file) => file.path)).toEqual(created);
    const mg161 = result.diagnostics.filter((d) => d.code === "MG161");
    expect(mg161.length).toBeGreaterThan(0);
    expect(mg161[0].message).toMatch(reason);
    expect(result.files.find((file) => file.path === "index.ts")?.contents ?? OLD_INDEX).toContain("get_weather: logged(getWeather)");
  });

  // Another authored file importing the old module would break in silence: it is reported at
  // its import, with the path to use, and left as the author wrote it.
  test.each([
    {
      name: "a named import of a helper",
      importer: `import { ToolError } from "mcp-gen/runtime";\nimport { helper } from "./get_weather.js";\n`,
      line: 2,
      column: 24,
      old: '"./get_weather.js"',
      hint: 'import "./fetch_forecast.js" instead',
    },
    {
      name: "a re-export without extension, single quotes",
      importer: `// shared\nexport { helper } from './get_weather'\n`,
      line: 2,
      column: 24,
      old: '"./get_weather"',
      hint: 'import "./fetch_forecast" instead',
    },
    {
      name: "the handler itself, by its export",
      importer: `import { getWeather as weather } from "./get_weather.js";\nexport const both = [weather];\n`,
      line: 1,
      column: 39,
      old: '"./get_weather.js"',
      hint: 'import "./fetch_forecast.js" instead; its `getWeather` is now `fetchForecast`',
    },
    {
      name: "a dynamic import",
      importer: `export async function later() {\n  return (await import("./get_weather.js")).helper;\n}\n`,
      line: 2,
      column: 24,
      old: '"./get_weather.js"',
      hint: 'import "./fetch_forecast.js" instead',
    },
    {
      name: "an import-equals require",
      importer: `import weather = require("./get_weather.js");\nexport const kept = weather;\n`,
      line: 1,
      column: 26,
      old: '"./get_weather.js"',
      hint: 'import "./fetch_forecast.js" instead',
    },
    {
      name: "a type import through the folder's own name, with .ts",
      importer: `type T = typeof import("../handlers/get_weather.ts");\n`,
      line: 1,
      column: 24,
      old: '"../handlers/get_weather.ts"',
      hint: 'import "../handlers/fetch_forecast.ts" instead',
    },
  ])("MG163 when another handler file imports the renamed module ($name); that file is not edited", ({ importer, line, column, old, hint }) => {
    const result = emit([tool("fetch_forecast", "get_weather"), tool("ping")], { "get_weather.ts": OLD_HANDLER, "ping.ts": importer, "index.ts": OLD_INDEX });
    expect(result.files.map(({ path, mode }) => `${path}:${mode}`)).toEqual(["fetch_forecast.ts:rename", "index.ts:update"]);
    const mg163 = result.diagnostics.filter((d) => d.code === "MG163");
    expect(mg163).toEqual([
      {
        code: "MG163",
        severity: "warning",
        message: `handlers/ping.ts imports ${old}, which this run renamed to handlers/fetch_forecast.ts (the import is left as written)`,
        location: { file: "handlers/ping.ts", line, column },
        hint,
      },
    ]);
    expect(importer.split("\n")[line - 1].slice(column)).toMatch(/^\.\.?\/(handlers\/)?get_weather/);
  });

  test("MG163 in a test file and in a handler renamed by the same run (placed in its new file); none for look-alike paths", () => {
    const otherOld = OLD_HANDLER.replaceAll("get_weather", "get_time").replaceAll("GetWeather", "GetTime").replaceAll("getWeather", "getTime");
    const imports = `import { helper } from "./get_weather.js";\n`;
    const files = {
      "get_weather.ts": OLD_HANDLER,
      "get_time.ts": `// time\n${imports}${otherOld}`,
      "get_weather.test.ts": `import { test } from "vitest";\n${imports}`,
      "ping.ts": [
        'import { a } from "./get_weather_extra.js";',
        'import { b } from "./lib/get_weather.js";',
        'import { c } from "get_weather";',
        '// import { d } from "./get_weather.js";',
        'const e = "./get_weather.js";',
        "",
      ].join("\n"),
      "index.ts": OLD_INDEX,
    };
    const result = emit([tool("fetch_forecast", "get_weather"), tool("fetch_time", "get_time"), tool("ping")], files);
    expect(result.files.filter((file) => file.mode === "rename").map((file) => file.path)).toEqual(["fetch_forecast.ts", "fetch_time.ts"]);
    expect(result.diagnostics.filter((d) => d.code === "MG163").map((d) => d.location)).toEqual([
      { file: "handlers/fetch_time.ts", line: 2, column: 24 },
      { file: "handlers/get_weather.test.ts", line: 2, column: 24 },
    ]);
    const movedTime = result.files.find((file) => file.path === "fetch_time.ts")!.contents;
    expect(movedTime.split("\n")[1]).toBe(imports.trimEnd());
  });

  test("no MG163 when the rename is not done", () => {
    const importer = `import { helper } from "./get_weather.js";\n`;
    const result = emit([tool("fetch_forecast", "get_weather")], {
      "get_weather.ts": OLD_HANDLER,
      "ping.ts": importer,
      "index.ts": "export const handlers = build();\n",
    });
    expect(result.files.filter((file) => file.mode === "rename")).toEqual([]);
    expect(result.diagnostics.map((d) => d.code)).toContain("MG161");
    expect(result.diagnostics.map((d) => d.code)).not.toContain("MG163");
  });

  test("after the rename (old file gone), only a leftover index entry follows; running again changes nothing", () => {
    const index = OLD_INDEX;
    const first = emit([tool("fetch_forecast", "get_weather"), tool("ping")], { "fetch_forecast.ts": RENAMED_HANDLER, "ping.ts": "", "index.ts": index });
    expect(first.files.map((file) => file.path)).toEqual(["index.ts"]);
    expect(first.files[0].contents).toContain("fetch_forecast: logged(fetchForecast)");
    const again = emit([tool("fetch_forecast", "get_weather"), tool("ping")], {
      "fetch_forecast.ts": RENAMED_HANDLER,
      "ping.ts": "",
      "index.ts": first.files[0].contents,
    });
    expect(again).toEqual({ files: [], diagnostics: [] });
  });
});

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

describe("the writer moves an authored file safely", () => {
  const setup = (files: Record<string, string>) => {
    const root = tempProject("rename-write", files);
    dirs.push(root);
    return { root, generated: path.join(root, "generated"), handlers: path.join(root, "handlers") };
  };
  const move = { area: "handlers" as const, path: "new.ts", contents: "new text\n", mode: "rename" as const, from: "old.ts", fromContents: "old text\n" };

  it("moves the file with its new text and touches nothing else", async () => {
    const dirs = setup({ "handlers/old.ts": "old text\n", "handlers/other.ts": "other\n" });
    const plan = await planWrite([move], dirs);
    expect(plan.actions.filter((a) => a.area === "handlers").map((a) => `${a.action} ${a.fromPath} -> ${a.path}`)).toEqual([
      "rename handlers/old.ts -> handlers/new.ts",
    ]);
    expect(plan.pendingHandlers).toEqual(["handlers/new.ts"]);
    const applied = await applyPlan(plan);
    expect(applied.renamed).toEqual([{ from: "handlers/old.ts", to: "handlers/new.ts" }]);
    expect(applied.diagnostics).toEqual([]);
    const tree = snapshotTree(dirs.root);
    expect([...tree].filter(([file]) => file.startsWith("handlers/"))).toEqual([
      ["handlers/new.ts", "new text\n"],
      ["handlers/other.ts", "other\n"],
    ]);
  });

  it.each([
    { name: "the target exists when planning", files: { "handlers/old.ts": "old text\n", "handlers/new.ts": "theirs\n" }, between: undefined },
    { name: "the old file changed since it was read", files: { "handlers/old.ts": "edited\n" }, between: undefined },
    { name: "the old file is gone", files: { "handlers/keep.ts": "x\n" }, between: undefined },
    { name: "the target appears after planning", files: { "handlers/old.ts": "old text\n" }, between: { "handlers/new.ts": "theirs\n" } },
    { name: "the old file is edited after planning", files: { "handlers/old.ts": "old text\n" }, between: { "handlers/old.ts": "edited later\n" } },
  ])("leaves everything as it is when $name", async ({ files, between }) => {
    const dirs = setup(files);
    const plan = await planWrite([move], dirs);
    if (between) writeFiles(dirs.root, between);
    const before = [...snapshotTree(dirs.root)].filter(([file]) => file.startsWith("handlers/"));
    const applied = await applyPlan(plan);
    expect(applied.renamed ?? []).toEqual([]);
    // Temp files included: the snapshot lists every file.
    expect([...snapshotTree(dirs.root)].filter(([file]) => file.startsWith("handlers/"))).toEqual(before);
  });

  it("rejects a rename out of the handlers folder or from an unsafe path", async () => {
    const dirs = setup({});
    for (const bad of [
      { ...move, from: "../escape.ts" },
      { ...move, area: "generated" as const },
      { ...move, from: "new.ts" },
    ]) {
      const plan = await planWrite([bad], dirs);
      expect(plan.diagnostics.map((d) => d.code)).toEqual(["MG099"]);
      expect(plan.actions).toEqual([]);
    }
  });
});
