/**
 * `catalog.json`: every fact the docs show, as data, for teams that build their own
 * pages. Its shape is `schema/catalog.schema.json`; change both together.
 */
import { firstSentence } from "./markdown-text.js";
import type { JsonObject, ProjectModel, ToolExample, ToolModel } from "../../spec/model.js";
import { effectiveHints } from "./hints.js";
import { TOKEN_ENCODING, type ToolTokens } from "../../spec/token-count.js";

export const CATALOG_VERSION = 1;

/** The display name MCP clients choose: `title`, then `annotations.title`, then the name. */
export function toolTitle(tool: ToolModel): string {
  // A blank title would be an empty heading and an invisible link: the next one in line is shown.
  const written = [tool.wire.title, tool.wire.annotations?.title].find((title) => typeof title === "string" && title.trim() !== "");
  return typeof written === "string" ? written : tool.name;
}

/**
 * `pages`: each format's page for a tool, relative to the catalog's folder; `tokens`: its
 * token count (src/spec/token-count.ts).
 */
export function renderCatalog(model: ProjectModel, pages: (tool: ToolModel) => JsonObject, tokens: (tool: ToolModel) => ToolTokens): string {
  const catalog = {
    catalogVersion: CATALOG_VERSION,
    server: { name: model.server.name, version: model.server.version },
    tokens: { encoding: TOKEN_ENCODING, total: model.tools.reduce((sum, tool) => sum + tokens(tool).total, 0) },
    tools: model.tools.map((tool) => ({
      name: tool.name,
      title: toolTitle(tool),
      summary: firstSentence(tool.wire.description ?? ""),
      tags: tool.tags,
      hints: { ...effectiveHints(tool.wire.annotations ?? {}) },
      ...(tool.auth ? { scopes: tool.auth.scopes } : {}),
      source: tool.sources[0] ?? null,
      pages: pages(tool),
      tokens: tokens(tool),
      definition: tool.wire,
      examples: tool.examples.map(exampleData),
    })),
  };
  return `${JSON.stringify(catalog, null, 2)}\n`;
}

/** An example as data: its location is about the spec, not the tool. */
function exampleData(example: ToolExample): JsonObject {
  const data: JsonObject = {};
  if (example.title !== undefined) data.title = example.title;
  if (example.steps) {
    data.steps = example.steps.map((step) => {
      const { location: _location, ...rest } = step;
      return JSON.parse(JSON.stringify(rest)) as JsonObject;
    });
    return data;
  }
  data.input = example.input;
  if (example.output !== undefined) data.output = example.output;
  if (example.error) data.error = true;
  if (example.match !== undefined) data.match = example.match;
  return data;
}
