/**
 * The handlebars templates in the package's `templates/` folder, precompiled
 * (emit/precompiled/templates.ts, from templates-codegen.ts) and run with handlebars' runtime.
 *
 * Every template is compiled with `noEscape` (handlebars escapes for HTML, which is
 * wrong for both TypeScript and markdown): callers pass values that are already safe
 * for the target — JSON-stringified strings and checked identifiers for TypeScript,
 * escaped text for markdown. `strict` turns a missing variable into an error instead
 * of an empty string.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type HandlebarsModule from "handlebars";
import type { TemplateName } from "./template-names.js";
import { precompiled } from "../precompiled/templates.js";

// The runtime alone (CommonJS, typed as the full package it is a part of).
const handlebars = (createRequire(import.meta.url)("handlebars/runtime") as typeof HandlebarsModule).create();
const loaded = new Map<TemplateName, (context: object) => string>();

export function renderTemplate(name: TemplateName, context: object): string {
  let template = loaded.get(name);
  if (!template) {
    const spec = (precompiled as Record<TemplateName, unknown>)[name];
    template = handlebars.template(spec as never) as (context: object) => string;
    loaded.set(name, template);
  }
  return template(context);
}

/**
 * What `renderTemplate(name, context)` gives, as a hash: equal keys, equal text (the
 * templates are part of mcp-gen's build, which the build cache keys separately). The
 * contexts are plain JSON data, so their JSON is all there is to them.
 */
export function renderKey(name: TemplateName, context: object): string {
  return createHash("sha1").update(name).update("\0").update(JSON.stringify(context)).digest("hex");
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
