/**
 * The handlebars templates in the package's `templates/` folder, compiled once.
 *
 * Every template is compiled with `noEscape` (handlebars escapes for HTML, which is
 * wrong for both TypeScript and markdown): callers pass values that are already safe
 * for the target — JSON-stringified strings and checked identifiers for TypeScript,
 * escaped text for markdown. `strict` turns a missing variable into an error instead
 * of an empty string.
 */
import { readFileSync } from "node:fs";
import Handlebars from "handlebars";

export type TemplateName = "registry.ts" | "handlers.ts" | "server.ts" | "docs-tool.md" | "docs-index.md" | "docs-schema.md";

// From src/emit/ (vitest) and dist/emit/ (built package) alike, templates/ is two levels up.
const templatesDir = new URL("../../templates/", import.meta.url);

const handlebars = Handlebars.create();
const compiled = new Map<TemplateName, Handlebars.TemplateDelegate>();

export function renderTemplate(name: TemplateName, context: object): string {
  let template = compiled.get(name);
  if (!template) {
    const source = readFileSync(new URL(`${name}.hbs`, templatesDir), "utf8");
    template = handlebars.compile(source, { noEscape: true, strict: true });
    compiled.set(name, template);
  }
  return template(context);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Guards the one way spec-derived text reaches TypeScript unquoted. Identifiers come
 * from the model, which derives and checks them; a bad one here is a generator bug.
 */
export function tsIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`internal error: ${JSON.stringify(name)} is not a TypeScript identifier`);
  return name;
}

/** A string literal in TypeScript source: JSON's escaping is valid TypeScript (U+2028/9 included since ES2019). */
export function tsString(value: string): string {
  return JSON.stringify(value);
}
