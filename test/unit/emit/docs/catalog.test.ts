/** catalog.json against its own JSON Schema: the demo's, a hostile project's, every format's. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, test } from "vitest";
import { renderedNow } from "../../../helpers/rendered.js";
import { emitDocs, type DocsFormat } from "../../../../src/emit/docs/docs.js";
import { toolTitle } from "../../../../src/emit/docs/catalog.js";
import { toolTokens } from "../../../../src/spec/token-count.js";
import type { ProjectModel } from "../../../../src/spec/model.js";
import { REPO_ROOT } from "../../../helpers/project.js";
import { demoModel } from "../../../helpers/docs-site.js";
import { hostileModel } from "../../../helpers/hostile-model.js";

const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, "schema", "catalog.schema.json"), "utf8"));
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

function catalog(model: ProjectModel, formats: DocsFormat[]) {
  const file = renderedNow(emitDocs(model, { formats })).find((f) => f.path === "docs/catalog.json");
  if (!file) throw new Error("no catalog.json");
  return JSON.parse(file.contents);
}

describe("catalog.json validates against schema/catalog.schema.json", () => {
  test.each<[string, () => ProjectModel, DocsFormat[]]>([
    ["the demo, markdown", demoModel, ["markdown"]],
    ["the demo, both formats", demoModel, ["markdown", "html"]],
    ["a hostile project, html", hostileModel, ["html"]],
  ])("%s", (_name, model, formats) => {
    const data = catalog(model(), formats);
    expect(validate(data) ? [] : validate.errors).toEqual([]);
  });

  test("the committed demo catalog is valid too", () => {
    const committed = JSON.parse(readFileSync(path.join(REPO_ROOT, "generated", "docs", "catalog.json"), "utf8"));
    expect(validate(committed) ? [] : validate.errors).toEqual([]);
  });

  test("it rejects what it should: a missing field, an unknown one, a bad hint", () => {
    const data = catalog(demoModel(), ["markdown"]);
    expect(validate({ ...data, extra: 1 })).toBe(false);
    const { hints: _hints, ...noHints } = data.tools[0];
    expect(validate({ ...data, tools: [noHints] })).toBe(false);
    expect(validate({ ...data, tools: [{ ...data.tools[0], hints: { ...data.tools[0].hints, readOnly: "yes" } }] })).toBe(false);
  });
});

test("a tool's entry: definition, examples, tags, source, pages per format", () => {
  const weather = catalog(demoModel(), ["markdown", "html"]).tools.find((tool: { name: string }) => tool.name === "get_weather");
  const model = demoModel();
  const tool = model.tools.find((t) => t.name === "get_weather");
  expect(weather).toEqual({
    name: "get_weather",
    title: "Weather Information Provider",
    summary: "Get current weather for a location.",
    tags: ["web"],
    hints: { readOnly: true, destructive: true, idempotent: false, openWorld: true },
    source: "specs/get_weather.yaml",
    pages: { markdown: "get_weather.md", html: "html/get_weather.html" },
    tokens: toolTokens(tool!.wire),
    definition: tool?.wire,
    examples: [
      { title: "New York", input: { location: "New York" }, output: { temperature: 22.5, conditions: "Partly cloudy", humidity: 65 } },
      { title: "location is required", input: {}, error: true },
    ],
  });
});

describe("toolTitle", () => {
  test.each([
    ["title", { title: "Weather", annotations: { title: "Annotated" } }, "Weather"],
    ["annotations.title without title", { annotations: { title: "Annotated" } }, "Annotated"],
    ["a blank title falls back to annotations.title", { title: "  ", annotations: { title: "Annotated" } }, "Annotated"],
    ["an empty title and no annotation title fall back to the name", { title: "", annotations: { title: "" } }, "get_weather"],
    ["nothing but the name", {}, "get_weather"],
  ])("%s", (_what, fields, expected) => {
    const tool = structuredClone(demoModel().tools.find((t) => t.name === "get_weather")!);
    delete tool.wire.title;
    delete tool.wire.annotations;
    Object.assign(tool.wire, fields);
    expect(toolTitle(tool)).toBe(expected);
    // The pages use it: no empty heading.
    const pages = renderedNow(emitDocs({ ...demoModel(), tools: [tool] }, { formats: ["markdown", "html"], dir: "" }));
    expect(pages.find((page) => page.path === "html/get_weather.html")?.contents).toContain(`<h1>${expected}</h1>`);
  });
});
