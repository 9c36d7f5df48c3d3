/**
 * HTML escaping for spec text. Every string from a spec reaches a page through
 * `escapeHtml` (text and double-quoted attribute values alike); nothing from a spec is
 * ever placed inside `<script>` or `<style>`.
 */

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/**
 * A description as paragraphs: blank lines split them, single newlines break lines,
 * and `code spans` become `<code>`. Other markdown is shown as written.
 */
export function descriptionHtml(text: string): string {
  return text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${inlineCodeSpans(escapeHtml(paragraph.trim())).replace(/\r?\n|[\r\u2028\u2029]/g, "<br>")}</p>`)
    .join("\n");
}

/** Works on escaped text: backticks survive escaping, and what they enclose is already safe. */
function inlineCodeSpans(escaped: string): string {
  return escaped.replace(/`([^`\r\n]+)`/g, "<code>$1</code>");
}

/** An id fragment from spec text: lower-case letters and digits of any script, and `-`; never empty. */
export function slug(text: string): string {
  const cleaned = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return cleaned || "x";
}
