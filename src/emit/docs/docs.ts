/**
 * The docs: markdown pages that docs frameworks (VitePress, Docusaurus, Starlight) take
 * as they are, a static HTML reference, and `catalog.json` (the same facts as data).
 * All spec text goes through `markdown-text.ts` (or the HTML escaper) before it reaches a page.
 */
import { renderCatalog, toolTitle } from "./catalog.js";
import { clientConfigJson } from "./client-config.js";
import { exampleExchanges, wrappedOutputNote } from "./exchanges.js";
import { scopesSentence, toolBadges, otherAnnotations } from "./hints.js";
import { htmlPages } from "./html/site.js";
import { schemaTable, type PropertyRow, type SchemaTable } from "./schema-table.js";
import { tagGroups } from "./tag-groups.js";
import { CompiledSchemas } from "../../spec/compiled-schemas.js";
import type { ToolTokens } from "../../spec/token-count.js";
import { contextCostSentence, countedHere, listCostPhrase, type ToolTokensOf } from "./token-cost.js";
import type { JsonObject, ProjectModel, ToolModel } from "../../spec/model.js";
import type { EmitContext } from "../shared/emitter.js";
import type { GeneratedFile } from "../shared/generated-file.js";
import { toolHash } from "../../spec/tool-hashes.js";
import { generatedHeader, specFiles } from "../shared/header.js";
import { codeBlock, escapeBlock, escapeCell, escapeText, firstSentence, inlineCode, inlineCodeCell } from "./markdown-text.js";
import { renderKey, renderTemplate } from "../shared/templates.js";
import { counted } from "../../util/counted.js";
import { textHash } from "../../util/text-hash.js";
import { relativeInside } from "../../util/posix.js";

export type DocsFormat = "markdown" | "html";

export interface DocsOptions {
  /** Default: markdown only. */
  formats?: readonly DocsFormat[];
  /** Folder of the docs inside the output area, `/`-separated; "" for the area itself. Default: `docs`. */
  dir?: string;
}

/** What `emitDocs` reads of a project's configuration (a `ResolvedConfig` fits). */
export interface DocsConfigSource {
  outDir: string;
  docs?: { formats?: readonly DocsFormat[]; outDir?: string };
}

/** The emitter (src/emit/shared/emitter.ts). */
export function emit(model: ProjectModel, context: EmitContext): GeneratedFile[] {
  return emitDocs(
    model,
    context.config,
    context.memo.schemas,
    (tool) => context.memo.tools.of(tool),
    (tool) => context.memo.tokens.of(tool.wire),
    (tool) => context.memo.tokens.entryKey(tool.wire),
  );
}

/**
 * Every docs file, paths relative to the generated area. With both formats the HTML
 * reference goes to `<dir>/html/`, so a docs framework pointed at `<dir>` sees only markdown.
 * A tool's markdown page is keyed by the tool's hash, its place in the sidebar and the
 * hashes of the other tools its sequences call; the index by its template's data, with
 * what the tools' entries hold where the page gives the list's token cost.
 */
export function emitDocs(
  model: ProjectModel,
  source?: DocsConfigSource | DocsOptions,
  /** The session's compiled schemas (error examples show the runtime's input check). */
  schemas: CompiledSchemas = new CompiledSchemas(),
  hashOf: (tool: ToolModel) => string = toolHash,
  /** Each tool's token count; without it, counted here. */
  tokens: ToolTokensOf = countedHere(),
  /** What a tool's token count follows from: its `tools/list` entry (the session's memo keeps it made). */
  countedContent: (tool: ToolModel) => string = (tool) => JSON.stringify(tool.wire),
): GeneratedFile[] {
  const options = source && "outDir" in source ? docsOptions(source) : (source ?? {});
  const formats = options.formats && options.formats.length > 0 ? options.formats : (["markdown"] as const);
  const dir = options.dir ?? "docs";
  const htmlPrefix = formats.includes("markdown") && formats.includes("html") ? "html/" : "";
  const files: GeneratedFile[] = [];
  const areaPath = (path: string) => (dir ? `${dir}/${path}` : path);
  const add = (path: string, render: () => string, key?: string) =>
    files.push({ area: "generated", path: areaPath(path), mode: "generated", ...(key === undefined ? {} : { key }), render });
  if (formats.includes("markdown")) {
    const toolNamed = (name: string) => model.tools.find((other) => other.name === name);
    model.tools.forEach((tool, index) => {
      // A sequence's step that calls another tool shows that tool's request and response: its hash is part of the key.
      const called = [...new Set(tool.examples.flatMap((example) => (example.steps ?? []).map((step) => step.tool)))].filter((name) => name !== tool.name);
      const others = called.map((name) => toolNamed(name)).map((other) => (other ? `:${hashOf(other)}` : ""));
      add(`${tool.ids.file}.md`, () => renderToolPage(tool, index + 1, schemas, tokens(tool), toolNamed), `${hashOf(tool)}:${index + 1}${others.join("")}`);
    });
    // The list's token count follows from the tools' entries: the key names what they hold,
    // so describing counts nothing, and a run waits for the tokenizer only if it renders.
    const index = indexContext(model);
    const listKey = renderKey("docs-index.md", { ...index, tokens: textHash(model.tools.map(countedContent).join("\n")) });
    add("index.md", () => renderIndex({ ...index, tokens: listCostPhrase(model, tokens, inlineCode) }), listKey);
  }
  if (formats.includes("html")) {
    for (const page of htmlPages(model, schemas, tokens)) add(`${htmlPrefix}${page.path}`, page.render);
  }
  add("catalog.json", () => renderCatalog(model, (tool) => pageLinks(tool, formats, htmlPrefix), tokens));
  return files;
}

/** The docs folder relative to `outDir`; docs outside it are for `mcp-gen docs --out`. */
export function docsOptions(config: DocsConfigSource): DocsOptions {
  const formats = config.docs?.formats;
  const outDir = config.docs?.outDir;
  let dir = "docs";
  if (outDir) {
    const relative = relativeInside(config.outDir, outDir);
    if (relative !== undefined) dir = relative;
  }
  return { ...(formats ? { formats } : {}), dir };
}

function pageLinks(tool: ToolModel, formats: readonly DocsFormat[], htmlPrefix: string): JsonObject {
  const links: JsonObject = {};
  if (formats.includes("markdown")) links.markdown = `${tool.ids.file}.md`;
  if (formats.includes("html")) links.html = `${htmlPrefix}${tool.ids.file}.html`;
  return links;
}

// --- Markdown pages ------------------------------------------------------------------

/**
 * Frontmatter every framework reads: `title` and `description` (all three),
 * `sidebar_position` (Docusaurus), `sidebar.order` (Starlight), `tags` (Docusaurus,
 * VitePress themes). Values are JSON strings, which YAML reads as double-quoted scalars.
 */
function frontmatter(title: string, description: string, order: number, tags: readonly string[]): string {
  const lines = ["---", `title: ${yamlText(title)}`];
  if (description) lines.push(`description: ${yamlText(description)}`);
  lines.push(`sidebar_position: ${order}`, "sidebar:", `  order: ${order}`);
  if (tags.length > 0) lines.push(`tags: [${tags.map(yamlText).join(", ")}]`);
  lines.push("---");
  return lines.join("\n");
}

/**
 * A frontmatter value. VitePress reads titles as inline markdown (and `</script>` in one
 * breaks its build), the others as plain text: the few characters that mean something
 * there become look-alikes, so every framework shows the same readable text. The page's
 * own heading keeps the exact text.
 */
function yamlText(text: string): string {
  const plain = firstLine(text).replace(/[<>{}`]/g, (c) => LOOKALIKES[c]);
  return JSON.stringify(plain);
}

const LOOKALIKES: Record<string, string> = { "<": "\uFF1C", ">": "\uFF1E", "{": "\uFF5B", "}": "\uFF5D", "`": "\u02CB" };

function firstLine(text: string): string {
  return text.replace(/\s*(?:\r\n|[\r\n\u2028\u2029])\s*/g, " ").trim();
}

function renderToolPage(
  tool: ToolModel,
  order: number,
  schemas: CompiledSchemas,
  tokens: ToolTokens,
  toolNamed: (name: string) => ToolModel | undefined,
): string {
  const annotations = tool.wire.annotations ?? {};
  const { badges, ignored } = toolBadges(annotations);
  const behaviour = badges.map((badge) => `**${badge.label}**: ${badge.explanation} ${badge.setAs ? `(${inlineCode(badge.setAs)})` : "(default)"}`);
  if (badges.length === 2) {
    const note = ignored.length > 0 ? ` (${ignored.map(inlineCode).join(", ")} ${ignored.length > 1 ? "are" : "is"} ignored.)` : "";
    behaviour.splice(1, 0, `Destructive and idempotent hints apply only to tools that are not read-only.${note}`);
  }
  for (const { key, json } of otherAnnotations(annotations)) behaviour.push(`${inlineCode(key)}: ${inlineCode(json)}`);
  if (tool.auth) behaviour.push(`**Scopes**: ${scopesSentence(tool.auth.scopes, inlineCode)}`);
  const title = toolTitle(tool);
  const summary = firstSentence(tool.wire.description ?? "");
  return endWithOneNewline(
    renderTemplate("docs-tool.md", {
      frontmatter: frontmatter(title, summary, order, tool.tags),
      header: generatedHeader(tool.sources, "html"),
      title: escapeText(title),
      name: inlineCode(tool.name),
      source: tool.sources.length > 0 ? inlineCode(tool.sources[0]) : null,
      tags: tool.tags.length > 0 ? tool.tags.map(inlineCode).join(" ") : null,
      badges: badges.map((badge) => inlineCode(badge.label)).join(" "),
      cost: contextCostSentence(tokens, inlineCode),
      description: tool.wire.description?.trim() ? escapeBlock(tool.wire.description) : null,
      behaviour,
      input: renderSchema(schemaTable(tool.wire.inputSchema), "No parameters."),
      output: tool.wire.outputSchema
        ? [renderSchema(schemaTable(tool.wire.outputSchema), "No properties."), ...noteOf(wrappedOutputNote(tool))].join("\n\n")
        : null,
      examples: exampleExchanges(tool, schemas, toolNamed).map((exchange) => ({
        title: escapeText(exchange.title),
        request: codeBlock("json", JSON.stringify(exchange.request, null, 2)),
        response: exchange.response ? codeBlock("json", JSON.stringify(exchange.response, null, 2)) : null,
        rejected: exchange.kind === "error",
      })),
    }),
  );
}

function renderSchema(table: SchemaTable, noProperties: string): string {
  return renderTemplate("docs-schema.md", {
    empty: table.type === "object" ? noProperties : `Type: ${inlineCode(table.type)}.`,
    rows: table.rows.map(markdownRow),
    definitions: table.definitions.map((definition) => ({
      name: inlineCode(definition.name),
      type: inlineCode(definition.type),
      description: definition.description ? escapeBlock(definition.description) : null,
      rows: definition.rows.map(markdownRow),
    })),
  }).trimEnd();
}

function markdownRow(row: PropertyRow) {
  const description: string[] = [];
  if (row.deprecated) description.push("**Deprecated.**");
  if (row.description) description.push(escapeCell(row.description));
  if (row.constraints.length > 0) description.push(row.constraints.map(inlineCodeCell).join(", "));
  return {
    name: inlineCodeCell(row.name),
    type: inlineCodeCell(row.type),
    required: row.required ? "yes" : "no",
    default: row.default !== undefined ? inlineCodeCell(row.default) : "",
    description: description.join("<br />"),
  };
}

/** Everything the index page shows, ready for its template, but the list's token cost (`tokens`): it is counted only to render. */
function indexContext(model: ProjectModel) {
  const count = counted(model.tools.length, "tool");
  return {
    frontmatter: frontmatter(model.server.name, `${count} of the MCP server ${model.server.name}.`, 0, []),
    header: generatedHeader(specFiles(model), "html"),
    server: escapeText(model.server.name),
    version: inlineCode(model.server.version),
    count,
    groups: tagGroups(model.tools).map((group) => ({
      heading: escapeText(group.heading),
      tools: group.tools.map((tool) => ({
        link: `[${inlineCode(tool.name)}](./${encodeURIComponent(tool.ids.file)}.md)`,
        title: escapeCell(toolTitle(tool)),
        summary: escapeCell(firstSentence(tool.wire.description ?? "")),
        behaviour: toolBadges(tool.wire.annotations ?? {})
          .badges.map((badge) => badge.label.toLowerCase())
          .join(", "),
      })),
    })),
    clientConfig: codeBlock("json", clientConfigJson(model.server)),
    serverName: inlineCode(model.server.name),
  };
}

function renderIndex(context: ReturnType<typeof indexContext> & { tokens: string }): string {
  return endWithOneNewline(renderTemplate("docs-index.md", context));
}

function endWithOneNewline(text: string): string {
  return `${text.trimEnd()}\n`;
}

/** A note as a markdown paragraph (its code spans kept), or nothing. */
function noteOf(note: string | undefined): string[] {
  return note === undefined ? [] : [escapeBlock(note)];
}
