/**
 * A small glob matcher for `/`-separated relative paths. Node 20's `path.matchesGlob`
 * is experimental, so the demo carries its own:
 * - `*` any run of characters within one path segment,
 * - `?` one character within a segment,
 * - `**` as a whole segment: zero or more segments.
 * Every other character matches itself.
 */
export function globToRegExp(pattern: string): RegExp {
  const segments = pattern.split("/");
  let source = "^";
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === "**") {
      source += last ? ".*" : "(?:[^/]+/)*";
      return;
    }
    source += segmentSource(segment);
    if (!last) source += "/";
  });
  return new RegExp(`${source}$`, "u");
}

function segmentSource(segment: string): string {
  let source = "";
  for (const char of segment) {
    if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else source += char.replace(/[\\^$.|+()[\]{}]/gu, "\\$&");
  }
  return source;
}

/**
 * A predicate for `pattern`. A pattern without `/` matches a file's name at any
 * depth (as `find -name` does), so `*.pdf` finds PDFs in subfolders too; a pattern
 * with `/` matches the whole relative path.
 */
export function globMatcher(pattern: string): (relativePath: string) => boolean {
  const regexp = globToRegExp(pattern);
  if (pattern.includes("/")) return (relativePath) => regexp.test(relativePath);
  return (relativePath) => regexp.test(relativePath.slice(relativePath.lastIndexOf("/") + 1));
}
