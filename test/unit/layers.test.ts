/**
 * The layers of src/ (docs/maintainers/layers.md): each folder imports only the folders
 * before it in LAYERS, so a reader can follow a spec from load to write by folder names and
 * a change to a lower layer never needs an upper one. The runtime stands apart: generated
 * servers load it without the generator, so it imports nothing outside src/runtime/ and
 * nothing in the generator imports it. Every import counts: static, `import type`,
 * `export ... from`, `import()` and a worker's `new URL("./x.js", import.meta.url)`.
 */
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../helpers/source-files.js";

/** Lowest first. `index.ts` (the package's API) sits on top; `cli.ts` is the cli layer's entry. */
const LAYERS = ["util", "diagnostics", "yaml", "config", "spec", "contract", "lint", "emit", "write", "build", "commands", "cli", "index"] as const;

/**
 * What every emitter or command may use; one emitter (emit/docs, emit/tools ...) never imports another, nor one
 * command another. commands/tool-source reads a tool list from a file, a server's command or a URL (import, diff, client).
 */
const SHARED_UNITS = new Set(["emit/shared", "emit/precompiled", "commands/tool-source"]);

/** The only modules allowed to re-export: the package's public entries. */
const PUBLIC_ENTRIES = new Set(["index.ts", "runtime/index.ts"]);

interface Import {
  /** src-relative, `/`-separated. */
  from: string;
  /** As written. */
  specifier: string;
  /** src-relative `.ts` path, or undefined for a package or a builtin. */
  target?: string;
  reExport: boolean;
}

function importsOf(file: string, text: string): Import[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  // Names an import brings in, by the import's specifier: `import { x } from "./a.js"; export { x };` re-exports too.
  const importedNames = new Map<string, ts.StringLiteralLike>();
  const add = (literal: ts.Node, reExport = false) => {
    if (!ts.isStringLiteralLike(literal)) return;
    const specifier = literal.text;
    const target = specifier.startsWith(".") ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.js$/, ".ts") : undefined;
    found.push({ from: file, specifier, target, reExport });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      add(node.moduleSpecifier);
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const names = [clause?.name, ...(bindings === undefined ? [] : ts.isNamedImports(bindings) ? bindings.elements.map((e) => e.name) : [bindings.name])];
      for (const name of names) if (name) importedNames.set(name.text, node.moduleSpecifier as ts.StringLiteralLike);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) add(node.moduleSpecifier, true);
    else if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
      for (const element of node.exportClause.elements) {
        const imported = importedNames.get((element.propertyName ?? element.name).text);
        if (imported) add(imported, true);
      }
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments.length > 0) add(node.arguments[0]);
    else if (
      ts.isNewExpression(node) &&
      node.expression.getText(source) === "URL" &&
      node.arguments?.length === 2 &&
      node.arguments[1].getText(source) === "import.meta.url" &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      /^\.\.?\/.*\.js$/.test(node.arguments[0].text)
    ) {
      add(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The layer of a src-relative path; `runtime` for the runtime, undefined outside src/. */
function layerOf(file: string): string | undefined {
  if (file.startsWith("../")) return undefined;
  if (file === "index.ts") return "index";
  if (file === "cli.ts") return "cli";
  return file.split("/")[0];
}

/** What a cycle is counted between: a layer, or one emitter or command (emit/docs, commands/init). */
function unitOf(file: string): string {
  const parts = file.split("/");
  if ((parts[0] === "emit" || parts[0] === "commands") && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return layerOf(file) ?? file;
}

function rank(layer: string): number {
  return (LAYERS as readonly string[]).indexOf(layer);
}

/** Every import against the rules, one line each: `file: import "specifier" (why)`. */
export function layerViolations(files: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  const say = (i: Import, why: string) => problems.push(`src/${i.from}: import "${i.specifier}" (${why})`);
  const edges = new Map<string, Map<string, Import>>();
  for (const [file, text] of files) {
    const layer = layerOf(file)!;
    if (layer !== "runtime" && rank(layer) < 0) {
      problems.push(`src/${file}: ${layer}/ is not a layer (put the file in one of ${LAYERS.join(", ")})`);
      continue;
    }
    for (const i of importsOf(file, text)) {
      if (i.reExport && !PUBLIC_ENTRIES.has(file)) say(i, "a re-export hides where the name lives: import it from its module");
      if (layer === "runtime") {
        if (i.target !== undefined && layerOf(i.target) !== "runtime") say(i, "the runtime imports nothing outside src/runtime/");
        continue;
      }
      if (i.target === undefined) continue;
      const to = layerOf(i.target);
      if (to === undefined) continue; // package.json, templates/, schema/: data, not layers
      if (to === "runtime") {
        say(i, "the generator does not import the runtime");
        continue;
      }
      if (rank(to) < 0) continue; // reported on the file itself
      if (layer === "emit" && to === "write") say(i, "emit/ does not import write/: emitters return files, the writer writes them");
      else if (rank(to) > rank(layer)) say(i, `${layer} → ${to}: ${to} comes after ${layer} in ${LAYERS.join(" → ")}`);
      const [a, b] = [unitOf(file), unitOf(i.target)];
      if (a !== b && (layer === "emit" || layer === "commands") && to === layer && !SHARED_UNITS.has(b)) {
        say(
          i,
          `${a}/ imports ${b}/: one ${layer === "emit" ? "emitter" : "command"} does not use another; move what both need to ${layer === "emit" ? "emit/shared/" : "a lower layer"}`,
        );
      }
      if (a !== b) {
        if (!edges.has(a)) edges.set(a, new Map());
        if (!edges.get(a)!.has(b)) edges.get(a)!.set(b, i);
      }
    }
  }
  for (const cycle of cyclesOf(edges)) {
    const steps = cycle.map((unit, n) => edges.get(unit)!.get(cycle[(n + 1) % cycle.length])!);
    problems.push(`cycle between folders ${[...cycle, cycle[0]].join(" → ")}: ${steps.map((i) => `src/${i.from} imports "${i.specifier}"`).join("; ")}`);
  }
  return problems;
}

/** One cycle per strongly connected group of units (Tarjan), each as the units along it. */
function cyclesOf(edges: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const connect = (unit: string) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit)!);
    stack.push(unit);
    for (const next of edges.get(unit)?.keys() ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(unit, Math.min(low.get(unit)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(unit, Math.min(low.get(unit)!, index.get(next)!));
    }
    if (low.get(unit) === index.get(unit)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== unit);
      if (group.length > 1) groups.push(group);
    }
  };
  for (const unit of [...edges.keys()].sort()) if (!index.has(unit)) connect(unit);
  // A path through the group that comes back to its start: breadth-first from its first member.
  return groups.map((group) => {
    const members = new Set(group);
    const start = [...group].sort()[0];
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const unit = queue.shift()!;
      for (const next of edges.get(unit)?.keys() ?? []) {
        if (!members.has(next)) continue;
        if (next === start) {
          const cycle = [unit];
          while (cycle[0] !== start) cycle.unshift(previous.get(cycle[0])!);
          return cycle;
        }
        if (!previous.has(next)) {
          previous.set(next, unit);
          queue.push(next);
        }
      }
    }
    return group;
  });
}

describe("the layers of src/", () => {
  const files = sourceFiles();

  it("every folder of src/ is a layer (or the runtime)", () => {
    const folders = new Set([...files.keys()].map(layerOf));
    expect([...folders].filter((folder) => folder !== "runtime" && rank(folder!) < 0)).toEqual([]);
    // The walk sees every layer and the imports in them.
    expect([...folders].sort()).toEqual([...LAYERS, "runtime"].sort());
    expect(importsOf("build/generate.ts", files.get("build/generate.ts")!).length).toBeGreaterThan(5);
  });

  it("no import goes against util → diagnostics → yaml → config → spec → contract → lint → emit → write → build → commands → cli, none crosses the runtime's edge, no folders import each other, no module re-exports", () => {
    expect(layerViolations(files)).toEqual([]);
  });

  it("the checker finds each kind of violation (it can fail)", () => {
    const tree = new Map([
      ["util/a.ts", 'import { b } from "../config/b.js";'],
      ["config/b.ts", 'export const b = 1;\nexport { c } from "./c.js";'],
      ["config/c.ts", "export const c = 1;"],
      ["config/d.ts", 'import { c } from "./c.js";\nimport { a } from "../util/a.js";\nexport { c as see };\nexport const d = a;'],
      ["emit/shared/s.ts", 'import { d } from "../../config/d.js";'],
      ["emit/server/x.ts", 'import { s } from "../shared/s.js";\nimport { r } from "../registry/r.js";'],
      ["emit/registry/r.ts", 'import { s } from "../shared/s.js";'],
      ["emit/tools/t.ts", 'const w = await import("../../write/plan.js");\nimport type { D } from "../docs/d.js";'],
      ["emit/docs/d.ts", 'import { t } from "../tools/t.js";'],
      ["write/plan.ts", 'import type { X } from "../runtime/types.js";'],
      ["runtime/types.ts", 'import { a } from "../util/a.js";\nimport { x } from "node:fs";'],
      ["spec/w.ts", 'const worker = new URL("../lint/worker.js", import.meta.url);'],
      ["lint/worker.ts", ""],
      ["stray/s.ts", 'import { a } from "../util/a.js";'],
    ]);
    expect(layerViolations(tree)).toEqual([
      'src/util/a.ts: import "../config/b.js" (util → config: config comes after util in util → diagnostics → yaml → config → spec → contract → lint → emit → write → build → commands → cli → index)',
      'src/config/b.ts: import "./c.js" (a re-export hides where the name lives: import it from its module)',
      'src/config/d.ts: import "./c.js" (a re-export hides where the name lives: import it from its module)',
      'src/emit/server/x.ts: import "../registry/r.js" (emit/server/ imports emit/registry/: one emitter does not use another; move what both need to emit/shared/)',
      'src/emit/tools/t.ts: import "../../write/plan.js" (emit/ does not import write/: emitters return files, the writer writes them)',
      'src/emit/tools/t.ts: import "../docs/d.js" (emit/tools/ imports emit/docs/: one emitter does not use another; move what both need to emit/shared/)',
      'src/emit/docs/d.ts: import "../tools/t.js" (emit/docs/ imports emit/tools/: one emitter does not use another; move what both need to emit/shared/)',
      'src/write/plan.ts: import "../runtime/types.js" (the generator does not import the runtime)',
      'src/runtime/types.ts: import "../util/a.js" (the runtime imports nothing outside src/runtime/)',
      'src/spec/w.ts: import "../lint/worker.js" (spec → lint: lint comes after spec in util → diagnostics → yaml → config → spec → contract → lint → emit → write → build → commands → cli → index)',
      "src/stray/s.ts: stray/ is not a layer (put the file in one of util, diagnostics, yaml, config, spec, contract, lint, emit, write, build, commands, cli, index)",
      'cycle between folders config → util → config: src/config/d.ts imports "../util/a.js"; src/util/a.ts imports "../config/b.js"',
      'cycle between folders emit/docs → emit/tools → emit/docs: src/emit/docs/d.ts imports "../tools/t.js"; src/emit/tools/t.ts imports "../docs/d.js"',
    ]);
  });
});
