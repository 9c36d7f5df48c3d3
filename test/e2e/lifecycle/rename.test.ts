/** A renamed tool (`renamedFrom:`) takes its handler along: file, export, type import and index entry. */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../../src/build/generate.js";
import { removeProject, tempProject, typeCheck, writeFiles } from "../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));
describe("generate with renamedFrom, end to end", () => {
  it("renames the handler on disk, the project type-checks, and the next run changes nothing", async () => {
    const dir = tempProject("rename-e2e", {
      "package.json": JSON.stringify({ name: "rename-demo", version: "1.0.0", type: "module" }),
      "specs/get_weather.yaml": "name: get_weather\ndescription: Weather.\ninputSchema:\n  type: object\n  properties:\n    location: { type: string }\n",
    });
    dirs.push(dir);
    expect((await generate({ cwd: dir })).exitCode).toBe(0);
    const authored = readFileSync(path.join(dir, "handlers/get_weather.ts"), "utf8").replace(
      /throw new ToolError\([^)]*\);/,
      '// AUTHORED: my own code\n  return `weather in ${input.location ?? "nowhere"}`;',
    );
    writeFileSync(path.join(dir, "handlers/get_weather.ts"), authored);

    writeFiles(dir, {
      "specs/get_weather.yaml":
        "name: fetch_forecast\nrenamedFrom: get_weather\ndescription: Forecast.\ninputSchema:\n  type: object\n  properties:\n    location: { type: string }\n",
    });
    const result = await generate({ cwd: dir });
    expect(result.exitCode).toBe(0);
    expect(result.diagnostics.filter((d) => d.code.startsWith("MG16")).map((d) => d.code)).toEqual(["MG160"]);
    expect(existsSync(path.join(dir, "handlers/get_weather.ts"))).toBe(false);
    const renamed = readFileSync(path.join(dir, "handlers/fetch_forecast.ts"), "utf8");
    expect(renamed).toContain('// AUTHORED: my own code\n  return `weather in ${input.location ?? "nowhere"}`;');
    expect(renamed).toContain("export const fetchForecast: FetchForecastHandler = async (input, context) => {");
    expect(readFileSync(path.join(dir, "handlers/index.ts"), "utf8")).toContain("fetch_forecast: fetchForecast,");

    const again = await generate({ cwd: dir });
    expect(again.written).toEqual([]);
    const check = typeCheck(dir, ["generated/**/*.ts", "handlers/**/*.ts"]);
    expect(check.output).toBe("");
    expect(check.status).toBe(0);
  });

  it("an index written with shorthand entries follows the rename, and the project type-checks", async () => {
    const spec = (name: string, more = "") => `name: ${name}\n${more}description: The tool.\ninputSchema:\n  type: object\n`;
    const dir = tempProject("rename-shorthand", {
      "package.json": JSON.stringify({ name: "rename-shorthand", version: "1.0.0", type: "module" }),
      "specs/hello.yaml": spec("hello"),
      "specs/t2.yaml": spec("t2"),
    });
    dirs.push(dir);
    expect((await generate({ cwd: dir })).exitCode).toBe(0);
    const indexPath = path.join(dir, "handlers/index.ts");
    const index = readFileSync(indexPath, "utf8");
    writeFileSync(indexPath, index.slice(0, index.indexOf("export const")) + "export const handlers = {\n  hello,\n  t2,\n} satisfies ToolHandlers;\n");

    writeFiles(dir, { "specs/t2.yaml": spec("t2_renamed", "renamedFrom: t2\n") });
    const result = await generate({ cwd: dir });
    expect(result.exitCode).toBe(0);
    expect(result.diagnostics.filter((d) => /^MG(05|16)/.test(d.code)).map((d) => d.code)).toEqual(["MG160"]);
    expect(readFileSync(indexPath, "utf8")).toBe(`import type { ToolHandlers } from "../generated/handlers.js";
import { hello } from "./hello.js";
import { t2Renamed } from "./t2_renamed.js";

export const handlers = {
  hello,
  t2_renamed: t2Renamed,
} satisfies ToolHandlers;
`);
    expect((await generate({ cwd: dir })).written).toEqual([]);
    const check = typeCheck(dir, ["generated/**/*.ts", "handlers/**/*.ts"]);
    expect(check.output).toBe("");
    expect(check.status).toBe(0);
  });

  it("reports (MG163) another handler file that imports the old module where tsc fails, and leaves that file as written", async () => {
    const dir = tempProject("rename-importer", {
      "package.json": JSON.stringify({ name: "rename-importer", version: "1.0.0", type: "module" }),
      "specs/get_weather.yaml": "name: get_weather\ndescription: Weather.\ninputSchema:\n  type: object\n",
    });
    dirs.push(dir);
    expect((await generate({ cwd: dir })).exitCode).toBe(0);
    const handler = path.join(dir, "handlers/get_weather.ts");
    writeFileSync(handler, `${readFileSync(handler, "utf8")}\nexport function helper(): string {\n  return "sunny";\n}\n`);
    const other = 'import { helper } from "./get_weather.js";\n\nexport const forecast = (): string => helper();\n';
    writeFiles(dir, { "handlers/other.ts": other });

    writeFiles(dir, { "specs/get_weather.yaml": "name: fetch_forecast\nrenamedFrom: get_weather\ndescription: Weather.\ninputSchema:\n  type: object\n" });
    const result = await generate({ cwd: dir });
    expect(result.exitCode).toBe(0);
    expect(existsSync(path.join(dir, "handlers/fetch_forecast.ts"))).toBe(true);
    expect(readFileSync(path.join(dir, "handlers/other.ts"), "utf8")).toBe(other);
    const mg163 = result.diagnostics.filter((d) => d.code === "MG163");
    expect(mg163.map((d) => ({ location: d.location, hint: d.hint }))).toEqual([
      { location: { file: "handlers/other.ts", line: 1, column: 24 }, hint: 'import "./fetch_forecast.js" instead' },
    ]);
    // tsc fails exactly there: the warning names the line to fix.
    const check = typeCheck(dir, ["generated/**/*.ts", "handlers/**/*.ts"]);
    expect(check.output).toContain("handlers/other.ts(1,24): error TS2307: Cannot find module './get_weather.js'");
  });
});
