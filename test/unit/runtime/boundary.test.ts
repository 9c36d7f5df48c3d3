/**
 * `mcp-gen/runtime` is what a production server loads: it must not pull in the
 * generator (ts-morph, handlebars, json-schema-to-typescript, typescript, or any
 * other module of src/ outside src/runtime/).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../helpers/project.js";

const RUNTIME_SRC = path.join(REPO_ROOT, "src", "runtime");

function specifiersOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return info.importedFiles.map((f) => f.fileName);
}

function isAllowed(specifier: string, fromFile: string): boolean {
  if (specifier.startsWith("node:")) return true;
  if (specifier.startsWith("@modelcontextprotocol/")) return true;
  // The Redis task store, its own entry (mcp-gen/runtime/redis), is the one module with a client library.
  if (specifier === "ioredis") return path.basename(fromFile) === "redis-task-store.ts";
  if (specifier.startsWith("./") || specifier.startsWith("../")) {
    const target = path.resolve(path.dirname(fromFile), specifier);
    return path.dirname(target) === RUNTIME_SRC;
  }
  return false;
}

describe("the runtime's import boundary", () => {
  const files = readdirSync(RUNTIME_SRC)
    .filter((f) => f.endsWith(".ts"))
    .sort()
    .map((f) => path.join(RUNTIME_SRC, f));

  it("scans every runtime module, and finds their imports", () => {
    expect(files.map((f) => path.basename(f))).toEqual(expect.arrayContaining(["index.ts", "call-tool.ts", "create-server.ts", "types.ts"]));
    expect(specifiersOf(path.join(RUNTIME_SRC, "create-server.ts"))).toEqual(
      expect.arrayContaining(["@modelcontextprotocol/server", "node:http", "./call-tool.js"]),
    );
  });

  it("the checker itself rejects generator imports", () => {
    const from = path.join(RUNTIME_SRC, "x.ts");
    expect(isAllowed("../spec/ajv.js", from)).toBe(false);
    expect(isAllowed("./sub/x.js", from)).toBe(false);
    expect(isAllowed("ts-morph", from)).toBe(false);
    expect(isAllowed("ajv", from)).toBe(false);
    expect(isAllowed("fs", from)).toBe(false);
    expect(isAllowed("./results.js", from)).toBe(true);
  });

  it("src/runtime/*.ts import only each other, node: builtins and @modelcontextprotocol/*", () => {
    const offending = files.flatMap((file) =>
      specifiersOf(file)
        .filter((s) => !isAllowed(s, file))
        .map((s) => `${path.basename(file)}: ${s}`),
    );
    expect(offending).toEqual([]);
  });
});
