/**
 * `mcp-gen budget`'s core (src/commands/budget/budget.ts) and its text (src/cli/budget.ts):
 * the report's order and shares, which source a command line asks for, tool lists read
 * from a dump or a catalog.json.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { budgetText } from "../../../../src/cli/budget.js";
import { budgetReport, budgetSourceFrom, runBudget } from "../../../../src/commands/budget/budget.js";
import { toolTokens } from "../../../../src/spec/token-count.js";
import { removeProject, tempProject } from "../../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

describe("budgetReport", () => {
  const report = budgetReport([
    { name: "b_tool", tokens: { total: 100, parts: { name: 3, description: 20, inputSchema: 60, outputSchema: 10, annotations: 7 } } },
    { name: "c_tool", tokens: { total: 300, parts: { name: 3, description: 150, inputSchema: 147 } } },
    { name: "a_tool", tokens: { total: 100, parts: { name: 3, description: 97 } } },
  ]);

  test("most tokens first, then by name; the total is the sum of the entries", () => {
    expect(report.encoding).toBe("o200k_base");
    expect(report.total).toBe(500);
    expect(report.tools.map((tool) => [tool.name, tool.tokens, tool.share])).toEqual([
      ["c_tool", 300, 0.6],
      ["a_tool", 100, 0.2],
      ["b_tool", 100, 0.2],
    ]);
  });

  test("each tool's parts split into description, schemas (input and output) and the rest", () => {
    expect(report.tools.find((tool) => tool.name === "b_tool")?.split).toEqual({ description: 20, schemas: 70, other: 10 });
  });

  test("the text: a line of totals with the encoding, then a table with each part's share", () => {
    expect(budgetText(report)).toBe(
      [
        "mcp-gen budget: 3 tools, 500 tokens in tools/list (o200k_base; approximate for other models' tokenizers)",
        "",
        "tool    tokens  of list  description  schemas  other  defined in",
        "c_tool     300    60.0%        50.0%    49.0%   1.0%",
        "a_tool     100    20.0%        97.0%     0.0%   3.0%",
        "b_tool     100    20.0%        20.0%    70.0%  10.0%",
        "",
      ].join("\n"),
    );
  });

  test("an empty list costs nothing", () => {
    expect(budgetReport([])).toEqual({ encoding: "o200k_base", total: 0, tools: [] });
  });
});

describe("budgetSourceFrom", () => {
  test.each<[string, string | undefined, Parameters<typeof budgetSourceFrom>[1], unknown]>([
    ["the project's specs by default", undefined, {}, { kind: "specs" }],
    ["a dump file", "tools.json", {}, { kind: "file", file: "tools.json" }],
    ["a server's command", undefined, { fromServer: "node server.js" }, { kind: "server", command: "node server.js", timeoutMs: 30_000 }],
    [
      "a URL with a timeout",
      undefined,
      { url: "http://127.0.0.1:3000/mcp", timeout: "500" },
      { kind: "server", url: "http://127.0.0.1:3000/mcp", timeoutMs: 500 },
    ],
    ["two sources", "tools.json", { url: "http://x/mcp" }, { usage: "give only one of <tools.json>, --from-server and --url (got <tools.json> and --url)" }],
    ["a config with a tool list", "tools.json", { config: "a.yaml" }, { usage: expect.stringMatching(/^--config reads the project's specs/) }],
    ["a timeout without a server", undefined, { timeout: "5" }, { usage: "--timeout applies only to --from-server and --url" }],
    ["a URL that is not http", undefined, { url: "ftp://x" }, { usage: "--url takes an http:// or https:// URL, not 'ftp://x'" }],
    [
      "a timeout that is not a number",
      undefined,
      { url: "http://x/mcp", timeout: "soon" },
      { usage: expect.stringMatching(/^--timeout takes a whole number/) },
    ],
  ])("%s", (_name, file, options, expected) => {
    expect(budgetSourceFrom(file, options)).toEqual(expected);
  });
});

describe("a tool list from a file", () => {
  const weather = { name: "get_weather", description: "Get the weather.", inputSchema: { type: "object", properties: { city: { type: "string" } } } };
  const echo = { name: "echo", inputSchema: { type: "object" } };

  test.each<[string, unknown]>([
    ["a tools/list result", { tools: [weather, echo] }],
    ["a bare array", [weather, echo]],
    ["a JSON-RPC response", { jsonrpc: "2.0", id: 1, result: { tools: [weather, echo] } }],
    [
      "a catalog.json (each tool's definition)",
      {
        catalogVersion: 1,
        server: { name: "s", version: "1" },
        tools: [
          { name: "get_weather", definition: weather },
          { name: "echo", definition: echo },
        ],
      },
    ],
  ])("%s: each entry counted as sent, at its place in the file", async (_name, data) => {
    const dir = tempProject("budget-file");
    dirs.push(dir);
    writeFileSync(path.join(dir, "tools.json"), JSON.stringify(data, null, 2));
    const outcome = await runBudget("tools.json", {}, dir);
    expect(outcome.exitCode).toBe(0);
    const [project] = outcome.projects;
    expect(project.diagnostics).toEqual([]);
    expect(project.report?.tools.map((tool) => [tool.name, tool.tokens, tool.location?.file])).toEqual([
      ["get_weather", toolTokens(weather).total, "tools.json"],
      ["echo", toolTokens(echo).total, "tools.json"],
    ]);
    expect(project.report?.tools[0].location?.line).toBeGreaterThan(1);
  });

  test("a file that is not a tool list: an error at its start, exit 1; an entry without a name: a warning, left out", async () => {
    const dir = tempProject("budget-file", { "other.json": '{ "hello": 1 }\n', "partial.json": JSON.stringify({ tools: [echo, { title: "no name" }] }) });
    dirs.push(dir);
    const other = await runBudget("other.json", {}, dir);
    expect(other.exitCode).toBe(1);
    expect(other.projects[0].diagnostics.map((d) => `${d.code} ${d.severity} ${d.location?.file}:${d.location?.line}`)).toEqual(["MG010 error other.json:1"]);
    const partial = await runBudget("partial.json", {}, dir);
    expect(partial.exitCode).toBe(0);
    expect(partial.projects[0].report?.tools.map((tool) => tool.name)).toEqual(["echo"]);
    expect(partial.projects[0].diagnostics.map((d) => `${d.code} ${d.severity} ${d.message}`)).toEqual(["MG010 warning tool #2 has no string `name`; skipped"]);
  });
});
