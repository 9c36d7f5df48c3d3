/** Builds `ProjectModel`s by hand for emitter tests, without going through specs. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { CORPUS_DIR } from "./project.js";
import { toolIdentifiers } from "../../src/spec/identifiers.js";
import type { Dialect, JsonObject, JsonValue, ProjectModel, ToolExample, ToolIdentifiers, ToolModel, WireTool } from "../../src/spec/model.js";

export interface ToolFixture {
  wire: Omit<WireTool, "inputSchema"> & { inputSchema?: JsonObject };
  /** Identifier stem overrides; by default derived from a `snake_case` or `kebab-case` name. */
  ids?: Partial<ToolIdentifiers>;
  examples?: Array<{ title?: string; input: JsonValue; output?: JsonValue; error?: boolean }>;
  sources?: string[];
}

export function toolModel(fixture: ToolFixture): ToolModel {
  const name = fixture.wire.name;
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const pascal = fixture.ids?.pascal ?? words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
  const ids: ToolIdentifiers = {
    pascal,
    handler: pascal[0].toLowerCase() + pascal.slice(1),
    method: pascal[0].toLowerCase() + pascal.slice(1),
    file: name,
    inputType: `${pascal}Input`,
    argumentsType: `${pascal}Arguments`,
    outputType: `${pascal}Output`,
    handlerType: `${pascal}Handler`,
    definition: `${pascal[0].toLowerCase()}${pascal.slice(1)}Tool`,
    module: `tools/${fixture.ids?.file ?? name}`,
    inputValidator: `validate${pascal}Input`,
    outputValidator: `validate${pascal}Output`,
    ...fixture.ids,
  };
  const sources = fixture.sources ?? [`specs/${name}.yaml`];
  const examples: ToolExample[] = (fixture.examples ?? []).map((example, index) => ({
    ...example,
    location: { file: sources[0], line: 10 + index, column: 5 },
  }));
  return {
    name,
    wire: { ...fixture.wire, inputSchema: fixture.wire.inputSchema ?? { type: "object" } } as WireTool,
    inputDialect: "2020-12",
    ...(fixture.wire.outputSchema ? { outputDialect: "2020-12" as const } : {}),
    ids,
    examples,
    tags: [],
    location: { file: sources[0], line: 1, column: 1 },
    sources,
  };
}

export function projectModel(tools: ToolFixture[]): ProjectModel {
  return {
    tools: tools.map(toolModel).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    server: { name: "demo-server", version: "1.2.3" },
  };
}

export const getWeather: ToolFixture = {
  wire: {
    name: "get_weather",
    title: "Weather Information Provider",
    description: "Get current weather for a location.\nUses a public API.",
    inputSchema: {
      type: "object",
      properties: {
        location: { type: "string", description: "City name" },
        units: { type: "string", enum: ["metric", "imperial"], default: "metric" },
      },
      required: ["location"],
    },
    outputSchema: {
      type: "object",
      properties: { temperature: { type: "number" }, conditions: { type: "string" } },
      required: ["temperature", "conditions"],
    },
    annotations: { readOnlyHint: true },
  },
};

export const createIssue: ToolFixture = {
  wire: {
    name: "github.create-issue",
    description: "Open an issue.",
    inputSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
  },
};

/** A model for one wire definition, with the identifiers the real pipeline derives. */
export function modelFromWire(wire: WireTool, dialects: { input?: Dialect; output?: Dialect } = {}): ToolModel {
  return {
    name: wire.name,
    wire,
    inputDialect: dialects.input ?? "2020-12",
    ...(wire.outputSchema ? { outputDialect: dialects.output ?? dialects.input ?? "2020-12" } : {}),
    ids: toolIdentifiers(wire.name),
    examples: [],
    tags: [],
    location: { file: `specs/${wire.name}.yaml`, line: 1, column: 1 },
    sources: [`specs/${wire.name}.yaml`],
  };
}

/** A project of already-built tool models, sorted by name as the pipeline sorts them. */
export function projectOf(tools: ToolModel[]): ProjectModel {
  return { tools: [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)), server: { name: "test", version: "0.0.0" } };
}

/** Every tool of the corpus, one per name, as the model builder would hand them over. */
export function corpusToolModels(): ToolModel[] {
  const byName = new Map<string, ToolModel>();
  for (const file of readdirSync(CORPUS_DIR).sort()) {
    if (!file.endsWith(".json") || file.startsWith("mcp-schema-")) continue;
    for (const wire of JSON.parse(readFileSync(path.join(CORPUS_DIR, file), "utf8")) as WireTool[]) {
      if (byName.has(wire.name)) continue;
      byName.set(
        wire.name,
        modelFromWire(wire, {
          input: String(wire.inputSchema.$schema ?? "").includes("draft-07") ? "draft-07" : "2020-12",
          output: String(wire.outputSchema?.$schema ?? "").includes("draft-07") ? "draft-07" : "2020-12",
        }),
      );
    }
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}
