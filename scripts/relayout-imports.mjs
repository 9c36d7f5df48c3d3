// Rewrites relative imports that still name a file of src/ by its place before the layers
// (docs/maintainers/layers.md) to its new place: for a branch started before the move.
//   node scripts/relayout-imports.mjs          rewrite, and list what changed
//   node scripts/relayout-imports.mjs --check  list only
// It reads src/, test/, scripts/, bench/ and conformance/ (static imports, export-from,
// import(), import types, vi.mock and new URL(x, import.meta.url)), in src/ and dist/ form.
// Names that moved inside a module (re-exports that are gone, ServerInfo, Io, specFiles,
// ReuseFile, rebaseDiagnostics) are left to tsc to point out.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const ts = createRequire(import.meta.url)("typescript");
const check = process.argv.includes("--check");

/** src-relative old path → new path. */
const MOVED = new Map([
  ["spec/suggest.ts", "util/suggest.ts"],
  ["lint/rules.ts", "diagnostics/lint-rules.ts"],
  ["spec/load.ts", "yaml/load.ts"],
  ["spec/positions.ts", "yaml/positions.ts"],
  ["emit/standalone-code.ts", "spec/standalone-code.ts"],
  ["spec/tool-spec-validators.ts", "spec/precompiled/tool-spec-validators.ts"],
  ["emit/generated-file.ts", "emit/shared/generated-file.ts"],
  ["emit/header.ts", "emit/shared/header.ts"],
  ["emit/js-literal.ts", "emit/shared/js-literal.ts"],
  ["emit/templates.ts", "emit/shared/templates.ts"],
  ["emit/template-names.ts", "emit/shared/template-names.ts"],
  ["emit/templates-codegen.ts", "emit/shared/templates-codegen.ts"],
  ["emit/templates-precompiled.ts", "emit/precompiled/templates.ts"],
  ["emit/types.ts", "emit/tools/tool-modules.ts"],
  ["emit/plain-types.ts", "emit/tools/direct-types.ts"],
  ["emit/ts-names.ts", "emit/tools/ts-names.ts"],
  ["emit/validators.ts", "emit/validators/validators.ts"],
  ["emit/validators-module.ts", "emit/validators/validators-module.ts"],
  ["emit/registry.ts", "emit/registry/registry.ts"],
  ["emit/server.ts", "emit/server/server.ts"],
  ["emit/examples.ts", "emit/examples/examples.ts"],
  ["emit/stubs.ts", "emit/handlers/stubs.ts"],
  ["emit/handlers-index.ts", "emit/handlers/handlers-index.ts"],
  ["emit/handlers-interface.ts", "emit/handlers/handlers-interface.ts"],
  ["emit/handler-rename.ts", "emit/handlers/handler-rename.ts"],
  ["emit/index-update.ts", "emit/handlers/index-update.ts"],
  ["emit/text-edits.ts", "emit/handlers/text-edits.ts"],
  ["emit/ts-morph-lazy.ts", "emit/handlers/ts-morph-lazy.ts"],
  ["emit/docs.ts", "emit/docs/docs.ts"],
  ["emit/markdown.ts", "emit/docs/markdown-text.ts"],
  ["docs/catalog.ts", "emit/docs/catalog.ts"],
  ["docs/client-config.ts", "emit/docs/client-config.ts"],
  ["docs/exchanges.ts", "emit/docs/exchanges.ts"],
  ["docs/hints.ts", "emit/docs/hints.ts"],
  ["docs/schema-table.ts", "emit/docs/schema-table.ts"],
  ["docs/tag-groups.ts", "emit/docs/tag-groups.ts"],
  ["docs/html/escape.ts", "emit/docs/html/escape.ts"],
  ["docs/html/script.ts", "emit/docs/html/script.ts"],
  ["docs/html/site.ts", "emit/docs/html/site.ts"],
  ["docs/html/style.ts", "emit/docs/html/style.ts"],
  ["generate.ts", "build/generate.ts"],
  ["load-project.ts", "build/load-project.ts"],
  ["cache/build-cache.ts", "build/build-cache.ts"],
  ["cache/spec-memo.ts", "build/spec-memo.ts"],
  ["cache/packed-diagnostics.ts", "build/packed-diagnostics.ts"],
  ["watch/folder-watcher.ts", "build/watch/folder-watcher.ts"],
  ["watch/targets.ts", "build/watch/targets.ts"],
  ["watch/watch-generate.ts", "build/watch/watch-generate.ts"],
  ["docs/build-docs.ts", "commands/docs/build-docs.ts"],
  ["import/command-line.ts", "commands/import/command-line.ts"],
  ["import/file-names.ts", "commands/import/file-names.ts"],
  ["import/from-server.ts", "commands/import/from-server.ts"],
  ["import/import-tool-list.ts", "commands/import/import-tool-list.ts"],
  ["import/limits.ts", "commands/import/limits.ts"],
  ["import/read-tool-list.ts", "commands/import/read-tool-list.ts"],
  ["import/same-value.ts", "commands/import/same-value.ts"],
  ["import/to-yaml.ts", "commands/import/to-yaml.ts"],
  ["import/tool-list.ts", "commands/import/tool-list.ts"],
]);
const GONE = new Map([
  ["import/index.ts", "commands/import/import-tool-list.ts (and read-tool-list, file-names, to-yaml, tool-list)"],
  ["write/index.ts", "write/plan.ts, apply.ts, manifest.ts, fs.ts"],
]);

function filesUnder(dir, out = []) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (["node_modules", "generated", ".tmp", "build", "dist"].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, out);
    else if (/\.(ts|mts|mjs|js|cjs)$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The new specifier for `specifier` in `file`, or undefined when it names nothing that moved. */
function relocated(file, specifier) {
  if (!specifier.startsWith("./") && !specifier.startsWith("../")) return undefined;
  const target = path.resolve(path.dirname(file), specifier);
  for (const [tree, _ext] of [
    ["src", ".ts"],
    ["dist", ".js"],
  ]) {
    const inTree = path.relative(path.join(ROOT, tree), target);
    if (inTree.startsWith("..")) continue;
    const key = inTree.split(path.sep).join("/").replace(/\.js$/, ".ts");
    if (GONE.has(key)) console.error(`${path.relative(ROOT, file)}: ${specifier} is gone; import from ${GONE.get(key)}`);
    const moved = MOVED.get(key);
    if (!moved) return undefined;
    const wanted = path.join(ROOT, tree, moved.replace(/\.ts$/, specifier.endsWith(".ts") ? ".ts" : tree === "dist" || specifier.endsWith(".js") ? ".js" : ""));
    const relative = path.relative(path.dirname(file), wanted).split(path.sep).join("/");
    return relative.startsWith(".") ? relative : `./${relative}`;
  }
  return undefined;
}

let changed = 0;
for (const file of ["src", "test", "scripts", "bench", "conformance"].flatMap((dir) => filesUnder(path.join(ROOT, dir)))) {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS);
  const edits = [];
  const visit = (node) => {
    let literal;
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) literal = node.moduleSpecifier;
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) literal = node.argument.literal;
    else if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const callee = node.expression.kind === ts.SyntaxKind.ImportKeyword ? "import" : node.expression.getText(source);
      if (/^(import|vi\.(mock|doMock|unmock|importActual))$/.test(callee)) literal = node.arguments[0];
    } else if (
      ts.isNewExpression(node) &&
      node.expression.getText(source) === "URL" &&
      node.arguments?.length === 2 &&
      node.arguments[1].getText(source) === "import.meta.url"
    ) {
      literal = node.arguments[0];
    }
    if (literal && ts.isStringLiteralLike(literal)) {
      const next = relocated(file, literal.text);
      if (next !== undefined && next !== literal.text) edits.push([literal.getStart(source) + 1, literal.getEnd() - 1, literal.text, next]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (edits.length === 0) continue;
  changed++;
  let out = text;
  for (const [start, end, from, to] of edits.sort((a, b) => b[0] - a[0])) {
    console.log(`${path.relative(ROOT, file)}: ${from} → ${to}`);
    out = out.slice(0, start) + to + out.slice(end);
  }
  if (!check) writeFileSync(file, out);
}
console.log(`${changed} file(s) ${check ? "would change" : "changed"}`);
