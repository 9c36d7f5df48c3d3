/**
 * One concern per file (issue 22): a hand-written file of src/ longer than LIMIT lines
 * either splits along a seam or says, in its opening comment, why it is one piece
 * ("One file on purpose: ..."), so the next reader knows that the length was chosen
 * and why. The precompiled/ folders hold mcp-gen's own generated code and are left out.
 */
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../helpers/source-files.js";

const LIMIT = 400;
const NOTE = "One file on purpose:";

/** Lines as `wc -l` counts them for a file that ends in a newline. */
function lineCount(text: string): number {
  const lines = text.split("\n");
  return text.endsWith("\n") ? lines.length - 1 : lines.length;
}

/** The doc comment a file opens with (after a `#!` line, if any); undefined when it opens with code. */
function openingComment(text: string): string | undefined {
  return /^(?:#![^\n]*\n)?\s*(\/\*\*[\s\S]*?\*\/)/.exec(text)?.[1];
}

/** Every file over LIMIT lines whose opening comment does not say why it is one piece, as `src/x.ts (N lines)`. */
export function unexplainedLongFiles(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    const lines = lineCount(text);
    if (lines > LIMIT && !openingComment(text)?.includes(NOTE)) found.push(`src/${file} (${lines} lines)`);
  }
  return found;
}

describe("the size of src/'s files", () => {
  it(`every hand-written file over ${LIMIT} lines says in its opening comment why it is one piece ("${NOTE} ...")`, () => {
    const files = sourceFiles(["precompiled"]);
    // The walk sees src/ and leaves the precompiled validators out.
    expect(files.has("spec/refs.ts")).toBe(true);
    expect([...files.keys()].filter((file) => file.includes("precompiled/"))).toEqual([]);
    expect(unexplainedLongFiles(files), "split each file along a seam, or say in its opening comment why it is one piece").toEqual([]);
  });

  it("the check finds each long file without the note (it can fail)", () => {
    const long = (head: string) => `${head}\n${"const x = 1;\n".repeat(LIMIT)}`;
    const tree = new Map([
      ["a/short.ts", "/** Short. */\nexport const a = 1;\n"],
      ["a/exactly.ts", "const x = 1;\n".repeat(LIMIT)],
      ["a/noted.ts", long(`/**\n * Two things.\n *\n * ${NOTE} they share one walk.\n */`)],
      ["a/shebang.ts", long(`#!/usr/bin/env node\n/** ${NOTE} the entry. */`)],
      ["a/bare.ts", long("/** Does two things. */")],
      ["a/none.ts", long("import { x } from './x.js';")],
      ["a/later.ts", long(`import { x } from './x.js';\n/** ${NOTE} not the opening comment. */`)],
      ["a/line-comment.ts", long(`// ${NOTE} not a doc comment.`)],
    ]);
    expect(unexplainedLongFiles(tree)).toEqual([
      `src/a/bare.ts (${LIMIT + 1} lines)`,
      `src/a/none.ts (${LIMIT + 1} lines)`,
      `src/a/later.ts (${LIMIT + 2} lines)`,
      `src/a/line-comment.ts (${LIMIT + 1} lines)`,
    ]);
  });
});
