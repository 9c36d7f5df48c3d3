#!/usr/bin/env node
/**
 * Writes the generated parts of docs/reference/config.md and docs/reference/spec-format.md
 * from schema/config.schema.json and schema/tool-spec.schema.json: the block between
 * `<!-- generated:start -->` and `<!-- generated:end -->`; the prose around it is authored.
 * The schemas are what editors and the loader read, so the reference cannot drift from them.
 *
 *   node scripts/docs-reference.mjs           write the pages
 *   node scripts/docs-reference.mjs --check   write nothing; exit 1 naming each stale page
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const START = "<!-- generated:start (npm run docs:reference writes this block from the schema; do not edit) -->";
const END = "<!-- generated:end -->";

const readSchema = (name) => JSON.parse(readFileSync(path.join(ROOT, "schema", name), "utf8"));

/** Text for a table cell: one line, pipes escaped. */
const cell = (text) =>
  String(text)
    .replace(/\s*\n\s*/g, " ")
    .replace(/\|/g, "\\|");

function resolve(schema, root) {
  if (typeof schema.$ref === "string" && schema.$ref.startsWith("#/$defs/")) {
    const target = root.$defs[schema.$ref.slice("#/$defs/".length)];
    const { $ref, ...rest } = schema;
    return { ...target, ...rest };
  }
  return schema;
}

function typeOf(raw, root) {
  const schema = resolve(raw, root);
  if (schema.enum) return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(" \\| ");
  const alternatives = schema.anyOf ?? schema.oneOf ?? (schema.then && schema.else ? [schema.then, schema.else] : undefined);
  if (alternatives) return alternatives.map((alternative) => typeOf(alternative, root)).join(" \\| ");
  if (schema.type === "array") return schema.items ? `${wrap(typeOf(schema.items, root))}[]` : "array";
  if (schema.type === "object" && schema.additionalProperties && typeof schema.additionalProperties === "object" && !schema.properties) {
    return `map of ${typeOf(schema.additionalProperties, root)}`;
  }
  if (schema.type) return Array.isArray(schema.type) ? schema.type.join(" \\| ") : schema.type;
  return "any JSON";
}

const wrap = (type) => (type.includes("|") ? `(${type})` : type);

function constraints(raw, root) {
  const schema = resolve(raw, root);
  const out = [];
  if (schema.pattern) out.push(`pattern \`${schema.pattern}\``);
  if (schema.propertyNames?.pattern) out.push(`keys match \`${schema.propertyNames.pattern}\``);
  for (const key of ["minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems"]) {
    if (schema[key] !== undefined) out.push(`${key} ${schema[key]}`);
  }
  if (schema.uniqueItems) out.push("unique items");
  if (schema.items) {
    const items = resolve(schema.items, root);
    if (items.minLength !== undefined && !items.properties) out.push(`items: minLength ${items.minLength}`);
  }
  return out.join("; ");
}

/** Rows for every property of `schema`, depth first, nested objects as `parent.child`. */
function rows(schema, root, prefix, out) {
  const required = new Set(schema.required ?? []);
  for (const [key, raw] of Object.entries(schema.properties ?? {})) {
    const property = resolve(raw, root);
    const name = `${prefix}${key}`;
    out.push({ name, type: typeOf(raw, root), required: required.has(key), description: property.description ?? "", constraints: constraints(raw, root) });
    if (property.type === "object" && property.properties) rows(property, root, `${name}.`, out);
  }
  return out;
}

function table(list) {
  const lines = ["| field | type | required | description |", "|---|---|---|---|"];
  for (const row of list) {
    const description = row.constraints ? `${row.description} (${row.constraints})` : row.description;
    lines.push(`| \`${row.name}\` | ${row.type} | ${row.required ? "yes" : ""} | ${cell(description)} |`);
  }
  return lines.join("\n");
}

function configBlock() {
  const schema = readSchema("config.schema.json");
  return [`${cell(schema.description)}`, "", table(rows(schema, schema, "", []))].join("\n");
}

function specBlock() {
  const schema = readSchema("tool-spec.schema.json");
  const defs = schema.$defs;
  const section = (heading, def, prefix) => [`### ${heading}`, "", cell(def.description), "", table(rows(def, schema, prefix, []))].join("\n");
  return [
    cell(schema.description),
    "",
    section("The tool", defs.tool, ""),
    "",
    section("An example (`examples[]`)", defs.example, "examples[]."),
    "",
    section("A sequence (`examples[]` with `steps`)", defs.sequence, "examples[]."),
    "",
    section("A sequence step (`examples[].steps[]`)", defs.sequenceStep, "examples[].steps[]."),
    "",
    section("An icon (`icons[]`)", defs.icon, "icons[]."),
    "",
    section("Several tools in one file", defs.toolsFile, ""),
  ].join("\n");
}

export const PAGES = [
  { page: "docs/reference/config.md", render: configBlock },
  { page: "docs/reference/spec-format.md", render: specBlock },
];

/** The page's text with its generated block rendered from the schema as it is now. */
export function renderPage(text, block) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`no generated block (${START} ... ${END})`);
  return `${text.slice(0, start)}${START}\n\n${block}\n\n${text.slice(end)}`;
}

/** Pages whose generated block differs from the schema's (relative paths). */
export function stalePages() {
  return PAGES.filter(({ page, render }) => {
    const text = readFileSync(path.join(ROOT, page), "utf8");
    return renderPage(text, render()) !== text;
  }).map(({ page }) => page);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--check")) {
    const stale = stalePages();
    for (const page of stale) console.error(`${page} is stale: run npm run docs:reference`);
    process.exit(stale.length ? 1 : 0);
  }
  for (const { page, render } of PAGES) {
    const file = path.join(ROOT, page);
    const text = readFileSync(file, "utf8");
    const next = renderPage(text, render());
    if (next !== text) {
      writeFileSync(file, next);
      console.log(`wrote ${page}`);
    }
  }
}
