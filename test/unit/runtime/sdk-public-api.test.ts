/**
 * The runtime uses the SDK's public, documented API only (DESIGN §4): no member whose name
 * starts with `_` (the SDK's private and protected ones: `_onrequest`, `_wrapHandler`...),
 * read as `x._name` or `x["_name"]` on anything, and no subclass of an SDK class (which is
 * how protected members are reached). `_meta` is not an SDK member but MCP's reserved field
 * of every message, read from the wire data.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../helpers/project.js";

const RUNTIME_SRC = path.join(REPO_ROOT, "src", "runtime");
const WIRE_FIELDS = new Set(["_meta"]);

/** Every use of an SDK internal in `text`, as `line: what`. */
function internalsUsedIn(text: string, fileName = "x.ts"): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const sdkNames = new Set<string>();
  const found: string[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text.startsWith("@modelcontextprotocol/")) {
      const bindings = node.importClause?.namedBindings;
      if (node.importClause?.name) sdkNames.add(node.importClause.name.text);
      if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) sdkNames.add(element.name.text);
      if (bindings && ts.isNamespaceImport(bindings)) sdkNames.add(bindings.name.text);
    }
    const name = ts.isPropertyAccessExpression(node)
      ? node.name.text
      : ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression)
        ? node.argumentExpression.text
        : undefined;
    if (name?.startsWith("_") && !WIRE_FIELDS.has(name)) found.push(`${at(node)}: ${node.getText(source)}`);
    if (ts.isHeritageClause(node) && node.token === ts.SyntaxKind.ExtendsKeyword && (ts.isClassDeclaration(node.parent) || ts.isClassExpression(node.parent))) {
      for (const type of node.types) {
        const base = type.expression.getText(source);
        if (sdkNames.has(base.split(".")[0])) found.push(`${at(node)}: extends ${base}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the runtime touches no SDK internal", () => {
  it("the scanner finds `_` members however they are read, and subclasses of SDK classes", () => {
    const text = [
      'import { Server as SdkServer, Protocol } from "@modelcontextprotocol/server";',
      'import * as sdk from "@modelcontextprotocol/server";',
      "class A extends SdkServer {}",
      "const B = class extends sdk.Protocol {};",
      "class C extends Error {}",
      "server._onrequest(message);",
      'server["_wrapHandler"]("tools/call", handler);',
      "(server as unknown as { _x: number })._x;",
      "request._meta?.progressToken;",
      "params?.['_meta'];",
    ].join("\n");
    expect(internalsUsedIn(text)).toEqual([
      "3: extends SdkServer",
      "4: extends sdk.Protocol",
      "6: server._onrequest",
      '7: server["_wrapHandler"]',
      "8: (server as unknown as { _x: number })._x",
    ]);
  });

  it("src/runtime/*.ts read no `_` member and subclass no SDK class", () => {
    const files = readdirSync(RUNTIME_SRC)
      .filter((file) => file.endsWith(".ts"))
      .sort();
    expect(files).toEqual(expect.arrayContaining(["create-server.ts", "sdk-server.ts", "http-fetch.ts"]));
    const found = files.flatMap((file) => internalsUsedIn(readFileSync(path.join(RUNTIME_SRC, file), "utf8"), file).map((use) => `${file}:${use}`));
    expect(found).toEqual([]);
  });
});
