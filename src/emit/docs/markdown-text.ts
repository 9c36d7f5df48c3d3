/**
 * Escaping for markdown (CommonMark + GitHub tables) that docs frameworks take as is.
 * Spec text is written by whoever wrote the tool, often copied from a real server: it
 * must not break a table, open an HTML tag or leave a code fence open for the rest of
 * the page. Two frameworks read more than CommonMark: MDX (Docusaurus) treats `{` as
 * the start of an expression and needs `<br />`, and VitePress compiles each page as a
 * Vue template, where `{{` interpolates, even inside inline code.
 */

/** Plain text on one line (headings, link text): every character shows as written. */
export function escapeText(text: string): string {
  return htmlSafe(oneLine(text).replace(/[\\`*_[\]|~#]/g, "\\$&"));
}

/** Authored markdown inside a table cell: keeps its emphasis and code, loses what would end the cell. */
export function escapeCell(text: string): string {
  return mapOutsideCode(
    text.trim(),
    (plain) => htmlSafe(plain).replace(/\|/g, "\\|").replace(NEWLINE, "<br />"),
    (code) => templateSafeCode(code).replace(/\|/g, "\\|").replace(NEWLINE, " "),
  );
}

/** Authored markdown as a paragraph: kept as markdown, but without raw HTML or a fence left open. */
export function escapeBlock(text: string): string {
  const lines: string[] = [];
  let openFence: string | undefined;
  for (const line of text.trim().split(NEWLINE)) {
    const fence = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (openFence) {
      if (fence && fence[0] === openFence[0] && fence.length >= openFence.length) openFence = undefined;
      lines.push(line);
    } else if (fence) {
      openFence = fence;
      lines.push(line);
    } else {
      lines.push(esmSafe(mapOutsideCode(line, htmlSafe, templateSafeCode)));
    }
  }
  if (openFence) lines.push(openFence);
  return lines.join("\n");
}

/**
 * MDX (Docusaurus reads `.md` as MDX) takes a paragraph that starts with `import` or
 * `export` for JavaScript, and fails the build when it is not: the first letter becomes a
 * character reference, which renders the same.
 */
function esmSafe(line: string): string {
  return line.replace(/^(\s*)([ie])(?=(?:mport|xport)\b)/, (_match, indent: string, letter: string) => `${indent}&#${letter.charCodeAt(0)};`);
}

/** `text` as inline code, whatever backticks it holds. */
export function inlineCode(text: string): string {
  const flat = oneLine(text);
  if (flat.includes("{{")) return entityCode(flat);
  const longestRun = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longestRun + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** Inline code inside a table cell: GitHub splits cells at `|` even inside code spans. */
export function inlineCodeCell(text: string): string {
  return inlineCode(text).replace(/\|/g, "\\|");
}

/** A fenced code block that no content can close early. */
export function codeBlock(language: string, text: string): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longestRun + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

/** One line of a description: the text up to its first sentence end, for summaries. */
export function firstSentence(text: string, maxLength = 160): string {
  const paragraph = text.trim().split(/\r?\n\s*\r?\n/)[0] ?? "";
  const flat = paragraph.replace(/\s+/g, " ").trim();
  const sentence = /^(.*?[.!?])(?:\s|$)/.exec(flat)?.[1] ?? flat;
  return sentence.length > maxLength ? `${sentence.slice(0, maxLength - 1).trimEnd()}…` : sentence;
}

const NEWLINE = /\r\n|[\r\n\u2028\u2029]/g;

/** Applies `plain` to text outside code spans and `code` to the spans (with their backticks). */
function mapOutsideCode(text: string, plain: (text: string) => string, code: (span: string) => string): string {
  let result = "";
  let rest = text;
  for (;;) {
    const span = /(`+)[\s\S]*?[^`]\1(?!`)/.exec(rest);
    if (!span) return result + plain(rest);
    result += plain(rest.slice(0, span.index)) + code(span[0]);
    rest = rest.slice(span.index + span[0].length);
  }
}

function oneLine(text: string): string {
  return text
    .replace(/\s*(?:\r\n|[\r\n\u2028\u2029])\s*/g, " ")
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "\ufffd")
    .trim();
}

/**
 * `<` and `&` would start HTML tags and entities; `>` is left alone (it only quotes at a
 * line start). Braces become references: MDX reads `{` as code and Vue reads `{{`.
 */
function htmlSafe(text: string): string {
  // Control characters (NUL and the like) have no business in a page; CR and LF are handled by callers.
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/\{/g, "&#123;")
    .replace(/\}/g, "&#125;")
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "\ufffd");
}

/** An authored code span (with its backticks), rewritten only when Vue would interpolate it. */
function templateSafeCode(span: string): string {
  if (!span.includes("{{")) return span;
  const inner = /^(`+)([\s\S]*)\1$/.exec(span)?.[2] ?? span;
  const trimmed = inner.length > 2 && inner.startsWith(" ") && inner.endsWith(" ") ? inner.slice(1, -1) : inner;
  return entityCode(trimmed);
}

/**
 * Code as an HTML `<code>` element with every punctuation character a character
 * reference: markdown inside it is inert, and neither MDX nor Vue sees a brace.
 */
function entityCode(text: string): string {
  return `<code>${oneLine(text).replace(/[!-/:-@[-`{-~]/g, (c) => `&#${c.charCodeAt(0)};`)}</code>`;
}
