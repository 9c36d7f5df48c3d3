/**
 * The static HTML reference: `index.html` (search, filters by annotation and tag) and
 * one page per tool. Self-contained: CSS and JS are inline, nothing is fetched, links
 * are relative, so it works from a file system, a zip or any static host.
 */
import { generatedHeader, specFiles } from "../../shared/header.js";
import { firstSentence } from "../markdown-text.js";
import type { ProjectModel, ToolModel } from "../../../spec/model.js";
import { toolTitle } from "../catalog.js";
import { clientConfigJson } from "../client-config.js";
import { exampleExchanges, wrappedOutputNote } from "../exchanges.js";
import { CompiledSchemas } from "../../../spec/compiled-schemas.js";
import { effectiveHints, otherAnnotations, scopesSentence, toolBadges, type Badge } from "../hints.js";
import { schemaTable, type PropertyRow, type SchemaTable } from "../schema-table.js";
import { tagGroups } from "../tag-groups.js";
import { counted } from "../../../util/counted.js";
import { descriptionHtml, escapeHtml, slug } from "./escape.js";
import { SCRIPT } from "./script.js";
import { STYLE } from "./style.js";
import { contextCostSentence, countedHere, listCostPhrase, type ToolTokensOf } from "../token-cost.js";
import type { ToolTokens } from "../../../spec/token-count.js";

export interface HtmlPage {
  /** Relative to the reference's folder. */
  path: string;
  contents: string;
}

export function renderHtmlSite(model: ProjectModel, schemas: CompiledSchemas = new CompiledSchemas(), tokens: ToolTokensOf = countedHere()): HtmlPage[] {
  return htmlPages(model, schemas, tokens).map((page) => ({ path: page.path, contents: page.render() }));
}

/** The reference's pages, each rendered when asked. */
export function htmlPages(
  model: ProjectModel,
  schemas: CompiledSchemas = new CompiledSchemas(),
  tokens: ToolTokensOf = countedHere(),
): Array<{ path: string; render: () => string }> {
  return [
    ...model.tools.map((tool) => ({ path: `${tool.ids.file}.html`, render: () => toolPage(model, tool, schemas, tokens(tool)) })),
    { path: "index.html", render: () => indexPage(model, listCostPhrase(model, tokens, htmlCode)) },
  ];
}

function document(options: { header: string; title: string; description: string; body: string; script?: boolean; serverName: string }): string {
  return `${options.header}
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="${escapeHtml(options.description)}">
<title>${escapeHtml(options.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site"><a href="./index.html">${escapeHtml(options.serverName)} · tool reference</a></header>
<main id="main">
${options.body}
</main>
${options.script ? `<script>${SCRIPT}</script>\n` : ""}</body>
</html>
`;
}

/** A name in code type, escaped. */
function htmlCode(text: string): string {
  return `<code>${escapeHtml(text)}</code>`;
}

// --- Index ---------------------------------------------------------------------------

const FILTERS: Array<{ attribute: string; label: string }> = [
  { attribute: "data-read-only", label: "Read-only" },
  { attribute: "data-not-destructive", label: "Not destructive" },
  { attribute: "data-idempotent", label: "Idempotent" },
  { attribute: "data-closed-world", label: "Closed world" },
];

function indexPage(model: ProjectModel, listCost: string): string {
  const count = counted(model.tools.length, "tool");
  const tags = [...new Set(model.tools.flatMap((tool) => tool.tags))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const tagSelect =
    tags.length === 0
      ? ""
      : `<div><label for="search-tag">Tag</label>
<select id="search-tag" name="tag"><option value="">All tags</option>${tags.map((tag) => `<option value="${escapeHtml(tag)}">${escapeHtml(tag)}</option>`).join("")}</select></div>`;
  const search = `<form id="tool-search" class="search" role="search" hidden>
<div><label for="search-query">Search tools</label>
<input id="search-query" name="q" type="search" autocomplete="off" placeholder="name, title or description"></div>
${tagSelect}
<fieldset><legend>Show only tools that are</legend>
${FILTERS.map((filter) => `<label><input type="checkbox" name="only" value="${filter.attribute}"> ${filter.label}</label>`).join("\n")}
</fieldset>
<p id="search-status" class="status" role="status" aria-live="polite" data-total="${model.tools.length}">${model.tools.length} of ${model.tools.length} tools shown</p>
</form>`;
  const ids = uniqueIds(tagGroups(model.tools).map((group) => `group-${slug(group.heading)}`));
  const groups = tagGroups(model.tools)
    .map(
      (group, index) => `<section class="group" aria-labelledby="${ids[index]}">
<h2 id="${ids[index]}">${escapeHtml(group.heading)}</h2>
<ul class="tools">
${group.tools.map(toolCard).join("\n")}
</ul>
</section>`,
    )
    .join("\n");
  const body = `<h1>${escapeHtml(model.server.name)}</h1>
<p class="meta">Version <code>${escapeHtml(model.server.version)}</code>, ${count}, ${listCost}.</p>
${search}
${groups}
<p id="search-empty" hidden>No tool matches.</p>
<h2 id="connect">Connect a client</h2>
<p>Desktop clients (Claude Desktop's <code>claude_desktop_config.json</code>, and the same shape in most others) launch the server with an entry like this one; use the path of your built server:</p>
<pre><code>${escapeHtml(clientConfigJson(model.server))}</code></pre>`;
  return document({
    header: generatedHeader(specFiles(model), "html"),
    title: `${model.server.name} — tool reference`,
    description: `${count} of the MCP server ${model.server.name}.`,
    body,
    script: true,
    serverName: model.server.name,
  });
}

function toolCard(tool: ToolModel): string {
  const hints = effectiveHints(tool.wire.annotations ?? {});
  const title = toolTitle(tool);
  const summary = firstSentence(tool.wire.description ?? "");
  const searchText = [tool.name, title, tool.wire.description ?? "", ...tool.tags].join(" ").toLowerCase();
  const attributes = [
    `data-name="${escapeHtml(tool.name)}"`,
    `data-search="${escapeHtml(searchText)}"`,
    `data-tags="${escapeHtml(tool.tags.join("\n"))}"`,
    `data-read-only="${hints.readOnly}"`,
    // A read-only tool changes nothing, so it destroys nothing whatever its destructiveHint says.
    `data-not-destructive="${hints.readOnly || !hints.destructive}"`,
    `data-idempotent="${hints.readOnly || hints.idempotent}"`,
    `data-closed-world="${!hints.openWorld}"`,
  ].join(" ");
  return `<li ${attributes}>
<h3><a href="./${encodeURIComponent(tool.ids.file)}.html">${escapeHtml(title)}</a></h3>
<p class="meta"><code>${escapeHtml(tool.name)}</code>${tool.tags.map((tag) => ` <span class="tag">${escapeHtml(tag)}</span>`).join("")}</p>
${summary ? `<p>${escapeHtml(summary)}</p>\n` : ""}${badgeList(toolBadges(tool.wire.annotations ?? {}).badges)}
</li>`;
}

function badgeList(badges: Badge[]): string {
  return `<ul class="badges" aria-label="Behaviour">${badges.map((badge) => `<li class="badge ${badgeTone(badge)}">${escapeHtml(badge.label)}</li>`).join("")}</ul>`;
}

function badgeTone(badge: Badge): string {
  if ((badge.hint === "readOnly" && badge.value) || (badge.hint === "destructive" && !badge.value)) return "safe";
  if (badge.hint === "destructive" && badge.value) return "risk";
  return "neutral";
}

// --- Tool pages ----------------------------------------------------------------------

function toolPage(model: ProjectModel, tool: ToolModel, schemas: CompiledSchemas, tokens: ToolTokens): string {
  const annotations = tool.wire.annotations ?? {};
  const { badges, ignored } = toolBadges(annotations);
  const title = toolTitle(tool);
  const wrapped = wrappedOutputNote(tool);
  const behaviour = badges
    .map(
      (badge) =>
        `<dt>${escapeHtml(badge.label)}</dt><dd>${escapeHtml(capitalize(badge.explanation))} ${badge.setAs ? `(<code>${escapeHtml(badge.setAs)}</code>)` : "(MCP default)"}</dd>`,
    )
    .join("\n");
  const scopes = tool.auth ? `\n<dt>Scopes</dt><dd>${capitalize(scopesSentence(tool.auth.scopes, (scope) => `<code>${escapeHtml(scope)}</code>`))}</dd>` : "";
  const notes: string[] = [];
  if (badges.length === 2) notes.push("Destructive and idempotent hints apply only to tools that are not read-only.");
  if (ignored.length > 0) notes.push(`Ignored: ${ignored.map((hint) => `<code>${escapeHtml(hint)}</code>`).join(", ")}.`);
  for (const { key, json } of otherAnnotations(annotations)) notes.push(`<code>${escapeHtml(key)}</code>: <code>${escapeHtml(json)}</code>`);
  const examples = exampleExchanges(tool, schemas, (name) => model.tools.find((other) => other.name === name))
    .map(
      (exchange, index) => `<section aria-labelledby="example-${index + 1}">
<h3 id="example-${index + 1}">${escapeHtml(exchange.title)}</h3>
<p>Request (<code>tools/call</code>):</p>
<pre><code>${escapeHtml(JSON.stringify(exchange.request, null, 2))}</code></pre>
${
  exchange.response
    ? `<p>${exchange.kind === "error" ? "Response (rejected: the result has <code>isError: true</code>):" : "Response:"}</p>
<pre><code>${escapeHtml(JSON.stringify(exchange.response, null, 2))}</code></pre>`
    : "<p>Response: whatever content the handler returns (the example gives no output).</p>"
}
</section>`,
    )
    .join("\n");
  const body = `<p class="meta"><a href="./index.html">All tools</a></p>
<h1>${escapeHtml(title)}</h1>
<p class="meta"><code>${escapeHtml(tool.name)}</code>${tool.sources[0] ? ` · defined in <code>${escapeHtml(tool.sources[0])}</code>` : ""}${tool.tags.map((tag) => ` <span class="tag">${escapeHtml(tag)}</span>`).join("")}</p>
${badgeList(badges)}
<p class="meta">Context cost: ${contextCostSentence(tokens, htmlCode)}.</p>
${tool.wire.description?.trim() ? descriptionHtml(tool.wire.description) : ""}
<h2 id="behaviour">Behaviour</h2>
<dl class="behaviour">
${behaviour}${scopes}
</dl>
${notes.map((note) => `<p class="meta">${note}</p>`).join("\n")}
<h2 id="parameters">Parameters</h2>
${schemaHtml(schemaTable(tool.wire.inputSchema), "Parameters", "No parameters.")}
<h2 id="output">Output</h2>
${tool.wire.outputSchema ? schemaHtml(schemaTable(tool.wire.outputSchema), "Output", "No properties.") : "<p>No <code>outputSchema</code>: the tool returns unstructured content.</p>"}${wrapped ? `\n${descriptionHtml(wrapped)}` : ""}
<h2 id="examples">Examples</h2>
${examples || "<p>None.</p>"}`;
  return document({
    header: generatedHeader(tool.sources, "html"),
    title: `${title} — ${model.server.name}`,
    description: firstSentence(tool.wire.description ?? "") || title,
    body,
    serverName: model.server.name,
  });
}

function schemaHtml(table: SchemaTable, caption: string, noProperties: string): string {
  const main =
    table.rows.length > 0
      ? rowsTable(table.rows, caption)
      : `<p>${table.type === "object" ? noProperties : `Type: <code>${escapeHtml(table.type)}</code>.`}</p>`;
  const definitions = table.definitions
    .map(
      (definition) => `<h4>Definition <code>${escapeHtml(definition.name)}</code></h4>
${definition.description ? descriptionHtml(definition.description) : ""}
${definition.rows.length > 0 ? rowsTable(definition.rows, definition.name) : `<p>Type: <code>${escapeHtml(definition.type)}</code>.</p>`}`,
    )
    .join("\n");
  return definitions ? `${main}\n<h3>Definitions</h3>\n${definitions}` : main;
}

function rowsTable(rows: PropertyRow[], caption: string): string {
  const body = rows
    .map((row) => {
      const parts = row.name.split(/(?<=\.)/);
      const last = parts.pop() ?? row.name;
      const name = `<code>${parts.length > 0 ? `<span class="nest">${escapeHtml(parts.join(""))}</span>` : ""}${escapeHtml(last)}</code>`;
      const description: string[] = [];
      if (row.deprecated) description.push("<strong>Deprecated.</strong>");
      if (row.description) description.push(descriptionHtml(row.description));
      if (row.constraints.length > 0) description.push(`<p>${row.constraints.map((c) => `<code>${escapeHtml(c)}</code>`).join(", ")}</p>`);
      return `<tr><th scope="row" class="name">${name}</th><td><code>${escapeHtml(row.type)}</code></td><td>${row.required ? "yes" : "no"}</td><td>${row.default !== undefined ? `<code>${escapeHtml(row.default)}</code>` : ""}</td><td>${description.join("")}</td></tr>`;
    })
    .join("\n");
  return `<div class="table-wrap" role="region" aria-label="${escapeHtml(caption)}" tabindex="0">
<table>
<caption>${escapeHtml(caption)}</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Default</th><th scope="col">Description</th></tr></thead>
<tbody>
${body}
</tbody>
</table>
</div>`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `ids` with a number added to each repeat (`group-files`, `group-files-2`): headings that slug alike still get their own. */
function uniqueIds(ids: readonly string[]): string[] {
  const taken = new Set<string>();
  return ids.map((id) => {
    let unique = id;
    for (let n = 2; taken.has(unique); n++) unique = `${id}-${n}`;
    taken.add(unique);
    return unique;
  });
}
