/**
 * A spec's tool that runs as a task: `execution.taskSupport` (MCP's, on the wire) and `task:`
 * (generator-only: ttl and poll interval): their diagnostics, the model and the registry.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { resolveConfig } from "../../../src/config/config.js";
import type { Diagnostic } from "../../../src/diagnostics/diagnostic.js";
import { emitRegistry } from "../../../src/emit/registry/registry.js";
import { buildModel } from "../../../src/spec/build-model.js";
import { checkShape } from "../../../src/spec/shape.js";
import { parseYaml } from "../../../src/yaml/load.js";
import { renderedNow } from "../../helpers/rendered.js";

function shape(text: string) {
  const parsed = parseYaml("specs/t.yaml", "/project/specs/t.yaml", text);
  if (!parsed.yaml) throw new Error(`fixture does not parse: ${JSON.stringify(parsed.diagnostics)}`);
  return checkShape([parsed.yaml]);
}

const seen = (d: Diagnostic) =>
  `${d.location?.file}:${d.location?.line}:${d.location?.column} ${d.code} ${d.severity} ${d.message}${d.hint ? ` (${d.hint})` : ""}`;

const tool = (...lines: string[]) => ["name: t", "inputSchema: { type: object }", ...lines, ""].join("\n");

describe("task diagnostics", () => {
  test.each([
    {
      given: tool("task: { ttl: 60000 }"),
      want: [
        "specs/t.yaml:3:1 MG018 error `task` applies only to a tool that runs as a task, and this one's `execution.taskSupport` is not set (forbidden) (add `execution: { taskSupport: optional }` (or `required`), or remove `task`)",
      ],
    },
    {
      given: tool("execution: { taskSupport: forbidden }", "task: { pollInterval: 500 }"),
      want: [
        "specs/t.yaml:4:1 MG018 error `task` applies only to a tool that runs as a task, and this one's `execution.taskSupport` is `forbidden` (add `execution: { taskSupport: optional }` (or `required`), or remove `task`)",
      ],
    },
    {
      given: tool("execution: { taskSupport: sometimes }"),
      want: ["specs/t.yaml:3:27 MG010 error `execution.taskSupport` must be one of `forbidden`, `optional`, `required`"],
    },
    {
      given: tool("execution: { taskSupport: optional }", "task: { ttl: 1.5, poll: 3 }"),
      want: [
        "specs/t.yaml:4:14 MG010 error `task.ttl` must be an integer, not a number",
        "specs/t.yaml:4:19 MG011 error unknown field `poll` in `task` (expected one of `ttl`, `pollInterval`)",
      ],
    },
  ])("$given", ({ given, want }) => {
    const result = shape(given);
    expect(result.diagnostics.map(seen)).toEqual(want);
    expect(result.tools).toEqual([]);
  });

  test("a task tool with or without `task:` passes", () => {
    expect(shape(tool("execution: { taskSupport: required }", "task: { ttl: 600000, pollInterval: 2000 }")).diagnostics).toEqual([]);
    expect(shape(tool("execution: { taskSupport: optional }")).diagnostics).toEqual([]);
  });
});

describe("task through model and registry", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-gen-task-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, "mcp-gen.config.yaml"), "specs: ['specs/*.yaml']\nserver: { name: task-test, version: 1.0.0 }\n");
  mkdirSync(path.join(dir, "specs"));
  writeFileSync(
    path.join(dir, "specs", "export.yaml"),
    "name: export\ninputSchema: { type: object }\nexecution: { taskSupport: optional }\ntask: { ttl: 600000, pollInterval: 2000 }\n",
  );
  writeFileSync(path.join(dir, "specs", "quick.yaml"), "name: quick\ninputSchema: { type: object }\nexecution: { taskSupport: required }\n");
  const { config } = resolveConfig({ cwd: dir, configFile: path.join(dir, "mcp-gen.config.yaml") });
  const { model, diagnostics } = buildModel(config!);

  test("the model carries `task`; the wire definition keeps `execution` and never `task`", () => {
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const [exportTool, quick] = model!.tools;
    expect(exportTool.task).toEqual({ ttl: 600000, pollInterval: 2000 });
    expect(exportTool.wire).toEqual({ name: "export", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } });
    expect(quick.task).toBeUndefined();
  });

  test("the registry gives a tool its `task`, and the others nothing", () => {
    expect(renderedNow(emitRegistry(model!))[0].contents).toContain(`  "export": {
    definition: exportTool,
    validateInput: validateExportInput,
    task: { ttl: 600000, pollInterval: 2000 },
  },
  "quick": {
    definition: quickTool,
    validateInput: validateQuickInput,
  },
`);
  });
});
