/**
 * No module of src/ keeps state at module scope: what a run computes belongs to its build
 * session (src/build/session.ts), or a second caller (a watch, a test, a worker) would find
 * the first one's. A scan of every module's top-level declarations with the TypeScript
 * parser fails on
 *
 * - a top-level `let` or `var`;
 * - a top-level `Map`, `Set`, `WeakMap` or `WeakSet` that starts empty (a cache) unless
 *   its type is read-only, or that the module changes (`set`, `add`, `delete`, `clear`);
 * - an exported function that assigns to or changes such a binding (a setter for shared state).
 *
 * A table built once from constants (words, rules by code) is a constant. The few
 * exceptions are listed below with the reason each is one.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../helpers/project.js";

/** `file: name` → why the binding is not state a run could leave behind for the next. */
const ALLOWED: Record<string, string> = {
  "config/validate.ts: cachedValidate": "compiled from mcp-gen's own config schema, on first use; depends on nothing a run reads",
  "emit/shared/templates.ts: loaded": "mcp-gen's precompiled templates, instantiated on first use; depends on nothing a run reads",
  "emit/handlers/ts-morph-lazy.ts: loaded": "the ts-morph module, loaded on first use (most runs never need it)",
  "spec/ajv.ts: modules": "the ajv modules, loaded on first use",
  "spec/token-count.ts: loaded": "the tokenizer and its tables, loaded on the first count (a run whose counts are remembered never needs it)",
  "spec/ajv.ts: validated": "the formats ajv-formats can check: a fact of the installed package, computed on first use",
  "write/apply.ts: tempCounter": "temp file names must differ within the process, whatever run writes them; one random start per process",
};

const COLLECTIONS = new Set(["Map", "Set", "WeakMap", "WeakSet"]);
const MUTATORS = new Set(["set", "add", "delete", "clear"]);

interface Finding {
  key: string;
  /** The top-level binding the finding is about. */
  binding: string;
  problem: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Everything that may be state in one module's top level, and the exported functions that change it. */
function moduleState(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const mutable = new Map<string, string>();
  const collections = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name)) continue;
      const name = declaration.name.text;
      if (!isConst) {
        mutable.set(name, "a top-level `let`");
        continue;
      }
      const init = declaration.initializer;
      if (init && ts.isNewExpression(init) && ts.isIdentifier(init.expression) && COLLECTIONS.has(init.expression.text)) {
        const readOnly =
          declaration.type !== undefined && ts.isTypeReferenceNode(declaration.type) && /^Readonly/.test(declaration.type.typeName.getText(source));
        if ((init.arguments?.length ?? 0) === 0 && !readOnly) mutable.set(name, `an empty top-level ${init.expression.text} (a cache)`);
        else collections.add(name);
      }
    }
  }
  // A collection built from constants is state once the module changes it.
  const changed = (node: ts.Node, names: ReadonlySet<string>): string | undefined => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const target = node.expression.expression;
      if (ts.isIdentifier(target) && names.has(target.text) && MUTATORS.has(node.expression.name.text)) return target.text;
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      if (ts.isIdentifier(node.left) && names.has(node.left.text)) return node.left.text;
    }
    if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && ts.isIdentifier(node.operand) && names.has(node.operand.text)) {
      const op = node.operator;
      if (op === ts.SyntaxKind.PlusPlusToken || op === ts.SyntaxKind.MinusMinusToken) return node.operand.text;
    }
    return undefined;
  };
  const visitAll = (node: ts.Node, names: ReadonlySet<string>, found: Set<string>): void => {
    const name = changed(node, names);
    if (name) found.add(name);
    ts.forEachChild(node, (child) => visitAll(child, names, found));
  };
  const changedCollections = new Set<string>();
  visitAll(source, collections, changedCollections);
  for (const name of changedCollections) mutable.set(name, "a top-level collection the module changes");

  for (const [name, problem] of mutable) findings.push({ key: name, binding: name, problem });
  const allState = new Set([...mutable.keys()]);
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported || !ts.isFunctionDeclaration(statement) || !statement.name || !statement.body) continue;
    const found = new Set<string>();
    visitAll(statement.body, allState, found);
    for (const name of found) findings.push({ key: `${statement.name.text} → ${name}`, binding: name, problem: "an exported setter for shared state" });
  }
  return findings;
}

describe("module-level state in src/", () => {
  const srcDir = path.join(REPO_ROOT, "src");
  const files = sourceFiles(srcDir);

  it("no module keeps a cache, a `let` or a setter for shared state at its top level, but the listed exceptions", () => {
    const found: string[] = [];
    const allowedSeen = new Set<string>();
    for (const file of files) {
      const relative = path.relative(srcDir, file).split(path.sep).join("/");
      for (const finding of moduleState(file, readFileSync(file, "utf8"))) {
        // An exception's lazy initializer (the exported function that fills it on first use) goes with it.
        const binding = `${relative}: ${finding.binding}`;
        if (ALLOWED[binding]) allowedSeen.add(binding);
        else found.push(`${relative}: ${finding.key} (${finding.problem})`);
      }
    }
    expect(found).toEqual([]);
    // An exception that no longer exists comes off the list.
    expect(Object.keys(ALLOWED).filter((key) => !allowedSeen.has(key))).toEqual([]);
  });

  it("finds each kind of state it is meant to find", () => {
    const findings = moduleState(
      "example.ts",
      `let current: string | undefined;
export function setCurrent(next: string) { current = next; }
const cache = new Map<string, string>();
const WORDS = new Set(["a", "b"]);
const RULES = new Map([["x", 1]]);
export function learn(word: string) { WORDS.add(word); }
export function lookUp(key: string) { return RULES.get(key) ?? cache.get(key); }
const seen = new WeakMap<object, number>();
const NONE: ReadonlySet<string> = new Set();
let counter = 0;
export function next() { return counter++; }
`,
    ).map((finding) => `${finding.key}: ${finding.problem}`);
    expect(findings.sort()).toEqual(
      [
        "current: a top-level `let`",
        "cache: an empty top-level Map (a cache)",
        "WORDS: a top-level collection the module changes",
        "seen: an empty top-level WeakMap (a cache)",
        "counter: a top-level `let`",
        "setCurrent → current: an exported setter for shared state",
        "learn → WORDS: an exported setter for shared state",
        "next → counter: an exported setter for shared state",
      ].sort(),
    );
  });
});
