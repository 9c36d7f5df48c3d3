/** The package's handlebars templates (`templates/<name>.hbs`) and how every one is compiled. */
export const TEMPLATE_NAMES = ["registry.ts", "handlers.ts", "server.ts", "client.ts", "docs-tool.md", "docs-index.md", "docs-schema.md"] as const;

export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/**
 * `noEscape`: handlebars escapes for HTML, which is wrong for both TypeScript and
 * markdown; callers pass values already safe for the target. `strict`: a missing
 * variable is an error, not an empty string.
 */
export const TEMPLATE_OPTIONS = { noEscape: true, strict: true } as const;

// From src/emit/ (vitest) and dist/emit/ (built package) alike, templates/ is two levels up.
export const templatesDir = new URL("../../../templates/", import.meta.url);
