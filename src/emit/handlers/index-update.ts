/**
 * Edits an authored `handlers/index.ts` through its syntax tree (ts-morph, loaded only
 * when called): adds what the `handlers` object lacks, follows renamed tools, reports
 * keys naming no tool. The cheap path for an index that is still in the generated
 * shape is in handlers-index.ts; both must give the same result.
 */
import type { ExportDeclaration, Identifier, ImportDeclaration, Node, ObjectLiteralExpression, Project, SourceFile, ts } from "ts-morph";
import type { ProjectModel, ToolIdentifiers, ToolModel } from "../../spec/model.js";
import { lineColumn, moduleSpecifierLiterals, syntaxProblem } from "./handler-rename.js";
import { type IndexRenames, type IndexUpdate, propertyKey, sortedUnique, takenBackImport } from "./handlers-index.js";
import { tsIdentifier } from "../shared/templates.js";
import { applyEdits, lineColumnAt, positionAfterEdits, type TextEdit } from "./text-edits.js";
import { tsMorph } from "./ts-morph-lazy.js";

/**
 * Adds an import and a property for every tool that the `handlers` object lacks, and
 * moves the entry of a renamed tool to its new name, by editing text at positions found
 * in the syntax tree: everything else the author wrote stays byte for byte.
 */
export function updateIndex(project: Project, model: ProjectModel, text: string, renames: IndexRenames): IndexUpdate {
  const { Node } = tsMorph();
  const sourceFile = project.createSourceFile("/existing/index.ts", text, { overwrite: true });
  const syntax = syntaxProblem(sourceFile, text);
  if (syntax) return syntax;
  const object = findHandlersObject(sourceFile);
  if (!object) return { problem: "no `handlers = { ... }` object literal found", line: 1, column: 1 };

  const toolNames = new Set(model.tools.map((tool) => tool.name));
  const keyNodes = new Map<string, Node>();
  const orphans: Array<{ key: string; position: number }> = [];
  for (const property of object.getProperties()) {
    const key = propertyName(property);
    if (key === undefined) continue;
    if (!keyNodes.has(key)) keyNodes.set(key, property);
  }
  const presentKeys = new Set(keyNodes.keys());

  const edits: TextEdit[] = [];
  const renamedKeys = new Set<string>();
  let lookup: FileLookup | undefined;
  for (const tool of model.tools) {
    const rename = renames.indexRenames.get(tool.name);
    if (!rename || presentKeys.has(tool.name) || renamedKeys.has(rename.fromName)) continue;
    const property = keyNodes.get(rename.fromName);
    if (!property) continue;
    lookup ??= fileLookup(sourceFile);
    if (Node.isShorthandPropertyAssignment(property)) {
      // `{ oldName }` is both the key and the value: it becomes `new_name: <the binding as renamed>`.
      const nameNode = property.getNameNode();
      const renamed = importRenameEdits(lookup, rename.from, tool.ids, nameNode);
      edits.push(...renamed.edits);
      const value = nameNode.getText() === rename.from.handler ? renamed.local : nameNode.getText();
      edits.push({ position: nameNode.getStart(), end: nameNode.getEnd(), text: `${propertyKey(tool.name)}: ${value}` });
    } else {
      // `old: x`, `"old": x`, `["old"]: x`, `old() {}`: only the key changes.
      const nameNode = (property as Node & { getNameNode(): Node }).getNameNode();
      edits.push({ position: nameNode.getStart(), end: nameNode.getEnd(), text: propertyKey(tool.name) });
      edits.push(...importRenameEdits(lookup, rename.from, tool.ids).edits);
    }
    presentKeys.add(tool.name);
    renamedKeys.add(rename.fromName);
  }
  const keys = sortedUnique([...presentKeys].filter((key) => !renamedKeys.has(key) || toolNames.has(key)));

  const removedKeys: string[] = [];
  for (const property of object.getProperties()) {
    const key = propertyName(property);
    if (key === undefined || toolNames.has(key) || (renamedKeys.has(key) && keyNodes.get(key) === property)) continue;
    const takeBack = keyNodes.get(key) === property && renames.takeBack?.(key) ? takeBackEdits(sourceFile, property, key) : undefined;
    if (takeBack) {
      edits.push(...takeBack);
      removedKeys.push(key);
      continue;
    }
    orphans.push({ key, position: property.getStart() });
  }
  if (removedKeys.length > 0 && removedKeys.length === object.getProperties().length && missingCount(model, presentKeys, renames) === 0) {
    // Every entry taken back: `{}`, as a new index writes it, not an empty multi-line object.
    edits.splice(edits.length - removedKeys.length * 2, removedKeys.length * 2, ...emptyObjectEdits(sourceFile, object, removedKeys));
  }
  const missing = model.tools.filter((tool) => !presentKeys.has(tool.name) && !renames.blocked.has(tool.name));
  const setter = missing.some((tool) => tool.name === "__proto__") ? object.getProperties().find(isPrototypeSetter) : undefined;
  if (setter) {
    const value = Node.isPropertyAssignment(setter) ? (setter.getInitializer()?.getText() ?? "") : "";
    return {
      problem: `\`${setter.getText().slice(0, 40)}\` sets the object's prototype, so the \`__proto__\` tool has no handler; write \`["__proto__"]: ${value.slice(0, 40)}\` instead`,
      ...lineColumn(sourceFile, setter.getStart()),
    };
  }
  // A spread (`...guarded`) or a key only the code knows may already hold a missing tool:
  // an entry added after it would silently replace the author's handler. Leave the file alone.
  const unseen =
    missing.length > 0 ? object.getProperties().find((property) => propertyName(property) === undefined && !isPrototypeSetter(property)) : undefined;
  if (unseen) {
    const names = missing.map((tool) => `\`${tool.name}\``).join(", ");
    return {
      problem: `\`${unseen.getText().slice(0, 40)}\` may hold keys mcp-gen cannot see; add ${names} yourself if it does not`,
      ...lineColumn(sourceFile, unseen.getStart()),
    };
  }
  if (missing.length > 0) {
    const newline = text.includes("\r\n") ? "\r\n" : "\n";
    edits.push(...propertyEdits(sourceFile, object, missing, newline));
    const declared = declaredNames(sourceFile);
    const toImport = missing.filter((tool) => !declared.has(tool.ids.handler));
    if (toImport.length > 0) edits.push(importEdit(sourceFile, toImport, newline));
  }
  const updated = applyEdits(text, edits);
  // Reported in the file as this run leaves it: imports added above an orphan move it down.
  const orphanKeys = orphans.map(({ key, position }) => ({ key, ...lineColumnAt(updated, positionAfterEdits(edits, position)) }));
  const finalFile = updated === text ? sourceFile : project.createSourceFile("/existing/index.ts", updated, { overwrite: true });
  const modules = sortedUnique(moduleSpecifierLiterals(finalFile).map((literal) => literal.getLiteralValue()));
  return { text: updated, orphanKeys, keys, modules, removedKeys: sortedUnique(removedKeys) };
}

function missingCount(model: ProjectModel, presentKeys: ReadonlySet<string>, renames: IndexRenames): number {
  return model.tools.filter((tool) => !presentKeys.has(tool.name) && !renames.blocked.has(tool.name)).length;
}

/**
 * Taking back the entry of a gone tool as mcp-gen writes it: the property (`key: handler` or
 * `{ handler }`) on lines of its own, and `import { handler } from "./file.js"` on a line of
 * its own, the handler used nowhere else. Anything else is the author's: undefined.
 */
function takeBackEdits(sourceFile: SourceFile, property: Node, key: string): TextEdit[] | undefined {
  const { Node } = tsMorph();
  const value = Node.isShorthandPropertyAssignment(property)
    ? property.getName()
    : Node.isPropertyAssignment(property) && Node.isIdentifier(property.getInitializer() ?? property)
      ? property.getInitializer()!.getText()
      : undefined;
  const wrote = value === undefined ? undefined : takenBackImport(key, value);
  if (!wrote) return undefined;
  const declaration = sourceFile
    .getImportDeclarations()
    .find((d) => d.getModuleSpecifierValue() === wrote.module && d.getNamedImports().some((named) => named.getName() === wrote.handler));
  if (
    !declaration ||
    declaration.isTypeOnly() ||
    declaration.getDefaultImport() ||
    declaration.getNamespaceImport() ||
    declaration.getNamedImports().length !== 1 ||
    declaration.getNamedImports()[0].getAliasNode()
  ) {
    return undefined;
  }
  // The binding is used by this entry alone (the import, the entry: two identifiers).
  const uses = sourceFile.getDescendants().filter((node) => Node.isIdentifier(node) && node.getText() === wrote.handler).length;
  if (uses !== (Node.isShorthandPropertyAssignment(property) ? 2 : 2 + (key === wrote.handler ? 1 : 0))) return undefined;
  const text = sourceFile.getFullText();
  const next = property.getNextSibling();
  const propertyLines = wholeLines(text, property.getStart(), next?.getKindName() === "CommaToken" ? next.getEnd() : property.getEnd());
  const importLines = wholeLines(text, declaration.getStart(), declaration.getEnd());
  return propertyLines && importLines ? [propertyLines, importLines] : undefined;
}

/** An edit removing `[start, end)` with the rest of its lines, when nothing else stands on them. */
function wholeLines(text: string, start: number, end: number): TextEdit | undefined {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  if (text.slice(lineStart, start).trim() !== "") return undefined;
  const newline = text.indexOf("\n", end);
  const lineEnd = newline < 0 ? text.length : newline + 1;
  if (text.slice(end, lineEnd).trim() !== "") return undefined;
  return { position: lineStart, end: lineEnd, text: "" };
}

/** The object's braces and everything between them become `{}`; the imports still go. */
function emptyObjectEdits(sourceFile: SourceFile, object: ObjectLiteralExpression, removedKeys: readonly string[]): TextEdit[] {
  const edits: TextEdit[] = [{ position: object.getStart(), end: object.getEnd(), text: "{}" }];
  for (const property of object.getProperties()) {
    const key = propertyName(property);
    if (key === undefined || !removedKeys.includes(key)) continue;
    const edit = takeBackEdits(sourceFile, property, key);
    if (edit) edits.push(edit[1]);
  }
  return edits;
}

/** What renames look up in the index, gathered once: a lookup per rename would make many renames quadratic. */
interface FileLookup {
  declared: Set<string>;
  /** Import and export declarations by module specifier. */
  bySpecifier: Map<string, Array<ImportDeclaration | ExportDeclaration>>;
  /** Identifiers by their text, in source order. */
  identifiers: Map<string, Identifier[]>;
}

function fileLookup(sourceFile: SourceFile): FileLookup {
  const { ts } = tsMorph();
  const bySpecifier = new Map<string, Array<ImportDeclaration | ExportDeclaration>>();
  for (const declaration of [...sourceFile.getImportDeclarations(), ...sourceFile.getExportDeclarations()]) {
    const specifier = declaration.getModuleSpecifier();
    if (!specifier) continue;
    const value = specifier.getLiteralValue();
    const list = bySpecifier.get(value);
    if (list) list.push(declaration);
    else bySpecifier.set(value, [declaration]);
  }
  const identifiers = new Map<string, Identifier[]>();
  for (const id of sourceFile.getDescendantsOfKind(ts.SyntaxKind.Identifier)) {
    const list = identifiers.get(id.getText());
    if (list) list.push(id);
    else identifiers.set(id.getText(), [id]);
  }
  return { declared: declaredNames(sourceFile), bySpecifier, identifiers };
}

/**
 * `import { oldName } from "./old.js"` becomes `import { newName } from "./new.js"`, and
 * every use of `oldName` in the file follows; when `newName` is taken, the import keeps
 * the local name instead (`newName as oldName`), so no other line changes. `local` is
 * what the binding `oldName` is called afterwards; `skip` is an identifier the caller
 * rewrites itself. A namespace import (`* as m`, used as `m.oldName`) and a re-export
 * would break if their path changed and are left as written: the caller finds the old
 * path still there and does not move the file.
 */
function importRenameEdits(lookup: FileLookup, from: ToolIdentifiers, to: ToolIdentifiers, skip?: Node): { edits: TextEdit[]; local: string } {
  const { Node } = tsMorph();
  const edits: TextEdit[] = [];
  const specifiers = new Map([
    [`./${from.file}.js`, `./${to.file}.js`],
    [`./${from.file}`, `./${to.file}`],
  ]);
  // Edits sit at distinct positions, so their order does not matter.
  const declarations = [...specifiers.keys()]
    .flatMap((specifier) => lookup.bySpecifier.get(specifier) ?? [])
    .filter((declaration) => Node.isImportDeclaration(declaration) && declaration.getNamespaceImport() === undefined);
  let renameUses = false;
  for (const declaration of declarations) {
    const specifier = declaration.getModuleSpecifier()!;
    const replacement = specifiers.get(specifier.getLiteralValue())!;
    if (from.file !== to.file) edits.push({ position: specifier.getStart() + 1, end: specifier.getEnd() - 1, text: replacement });
    if (!Node.isImportDeclaration(declaration) || from.handler === to.handler) continue;
    for (const named of declaration.getNamedImports()) {
      const name = named.getNameNode();
      if (name.getText() !== from.handler) continue;
      const alias = named.getAliasNode();
      if (alias || lookup.declared.has(to.handler)) {
        edits.push({ position: name.getStart(), end: name.getEnd(), text: alias ? to.handler : `${to.handler} as ${from.handler}` });
      } else {
        renameUses = true;
      }
    }
  }
  if (renameUses) {
    for (const id of lookup.identifiers.get(from.handler) ?? []) {
      if (id === skip || isPropertyNamePosition(id)) continue;
      const parent = id.getParent();
      const text = parent && Node.isShorthandPropertyAssignment(parent) ? `${from.handler}: ${to.handler}` : to.handler;
      edits.push({ position: id.getStart(), end: id.getEnd(), text });
    }
  }
  return { edits, local: renameUses ? to.handler : from.handler };
}

/** `x` in `{ x: 1 }` or `a.x`: a name, not a use of the binding `x`. */
function isPropertyNamePosition(id: Node): boolean {
  const { Node } = tsMorph();
  const parent = id.getParent();
  if (!parent) return false;
  if ((Node.isPropertyAssignment(parent) || Node.isMethodDeclaration(parent) || Node.isPropertySignature(parent)) && parent.getNameNode() === id) {
    return true;
  }
  return Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id;
}

function findHandlersObject(sourceFile: SourceFile): ObjectLiteralExpression | undefined {
  const { Node } = tsMorph();
  const declaration = sourceFile.getVariableDeclaration("handlers");
  let expression = declaration?.getInitializer();
  while (
    expression &&
    (Node.isSatisfiesExpression(expression) ||
      Node.isAsExpression(expression) ||
      Node.isTypeAssertion(expression) ||
      Node.isParenthesizedExpression(expression))
  ) {
    expression = expression.getExpression();
  }
  return expression && Node.isObjectLiteralExpression(expression) ? expression : undefined;
}

/** `__proto__: x` (or `"__proto__": x`): sets the object's prototype, adds no key. */
function isPrototypeSetter(property: Node): boolean {
  const { Node } = tsMorph();
  if (!Node.isPropertyAssignment(property)) return false;
  const nameNode = property.getNameNode();
  // Escapes count: `"__pr\u006fto__": x` sets the prototype too.
  const name = Node.isIdentifier(nameNode) ? nameNode.compilerNode.text : Node.isStringLiteral(nameNode) ? nameNode.getLiteralValue() : undefined;
  return name === "__proto__";
}

/** The key a property stands for, when it can be known without running the code. */
function propertyName(property: Node): string | undefined {
  const { Node } = tsMorph();
  if (
    !Node.isPropertyAssignment(property) &&
    !Node.isShorthandPropertyAssignment(property) &&
    !Node.isMethodDeclaration(property) &&
    !Node.isGetAccessorDeclaration(property) &&
    !Node.isSetAccessorDeclaration(property)
  ) {
    return undefined;
  }
  if (isPrototypeSetter(property)) return undefined;
  const nameNode = property.getNameNode();
  if (Node.isIdentifier(nameNode)) return nameNode.getText();
  if (Node.isStringLiteral(nameNode) || Node.isNoSubstitutionTemplateLiteral(nameNode)) return nameNode.getLiteralValue();
  if (Node.isNumericLiteral(nameNode)) return String(nameNode.getLiteralValue());
  if (Node.isComputedPropertyName(nameNode)) {
    const inner = nameNode.getExpression();
    if (Node.isStringLiteral(inner) || Node.isNoSubstitutionTemplateLiteral(inner)) return inner.getLiteralValue();
  }
  return undefined;
}

function propertyEdits(sourceFile: SourceFile, object: ObjectLiteralExpression, tools: ToolModel[], newline: string): TextEdit[] {
  const { ts } = tsMorph();
  const text = sourceFile.getFullText();
  const entries = tools.map((tool) => `${propertyKey(tool.name)}: ${tsIdentifier(tool.ids.handler)}`);
  const properties = object.getProperties();
  const closeBrace = object.getEnd() - 1;

  if (properties.length === 0) {
    const baseIndent = lineIndent(text, object.getStart());
    const inner = text.slice(object.getStart() + 1, closeBrace);
    const lines = entries.map((entry) => `${newline}${baseIndent}  ${entry},`).join("");
    // `{}` or `{ }`: the object is written out multi-line; comments inside stay before the new entries.
    if (inner.trim() === "") return [{ position: object.getStart() + 1, text: `${lines}${newline}${baseIndent}` }];
    return [{ position: closeBrace, text: `${lines.slice(newline.length)}${newline}${baseIndent}` }];
  }

  const last = properties[properties.length - 1];
  const hasTrailingComma = (object.compilerNode.properties as ts.NodeArray<ts.Node>).hasTrailingComma === true;
  const multiline = sourceFile.getLineAndColumnAtPos(last.getEnd()).line !== sourceFile.getLineAndColumnAtPos(closeBrace).line;
  const edits: TextEdit[] = [];
  let after = last.getEnd();
  const comma = (entry: string, i: number) => `${entry}${i < entries.length - 1 || hasTrailingComma ? "," : ""}`;
  if (hasTrailingComma) after = last.getNextSiblingOrThrow((node) => node.getKind() === ts.SyntaxKind.CommaToken).getEnd();
  else edits.push({ position: after, text: "," });
  if (!multiline) {
    edits.push({ position: after, text: entries.map((entry, i) => ` ${comma(entry, i)}`).join("") });
    return edits;
  }
  const indent = lineIndent(text, last.getStart());
  const insertAt = endOfTrailingComments(text, after);
  const lines = entries.map((entry, i) => `${newline}${indent}${comma(entry, i)}`).join("");
  edits.push({ position: insertAt, text: lines });
  return edits;
}

function importEdit(sourceFile: SourceFile, tools: ToolModel[], newline: string): TextEdit {
  const text = sourceFile.getFullText();
  const imports = sourceFile.getImportDeclarations();
  const lastImport = imports[imports.length - 1];
  // Follow the author's quotes and semicolons.
  const quote = lastImport?.getModuleSpecifier().getText().startsWith("'") ? "'" : '"';
  const semicolon = lastImport && !lastImport.getText().endsWith(";") ? "" : ";";
  const lines = tools.map((tool) => `import { ${tsIdentifier(tool.ids.handler)} } from ${quote}./${tool.ids.file}.js${quote}${semicolon}`);
  if (lastImport) {
    return { position: endOfTrailingComments(text, lastImport.getEnd()), text: lines.map((line) => `${newline}${line}`).join("") };
  }
  const firstStatement = sourceFile.getStatements()[0];
  const position = firstStatement ? firstStatement.getStart(true) : 0;
  return { position, text: lines.map((line) => `${line}${newline}`).join("") + newline };
}

/** Names declared at the top level (imports included), so that an author's own import is not duplicated. */
function declaredNames(sourceFile: SourceFile): Set<string> {
  const names = new Set<string>();
  for (const declaration of sourceFile.getImportDeclarations()) {
    const defaultImport = declaration.getDefaultImport();
    if (defaultImport) names.add(defaultImport.getText());
    const namespaceImport = declaration.getNamespaceImport();
    if (namespaceImport) names.add(namespaceImport.getText());
    for (const named of declaration.getNamedImports()) names.add((named.getAliasNode() ?? named.getNameNode()).getText());
  }
  for (const statement of sourceFile.getVariableStatements()) for (const declaration of statement.getDeclarations()) names.add(declaration.getName());
  for (const fn of sourceFile.getFunctions()) if (fn.getName()) names.add(fn.getName()!);
  return names;
}

/** Past any comments that share the line, so that `x, // note` keeps its note. */
function endOfTrailingComments(text: string, position: number): number {
  const { ts } = tsMorph();
  const comments = ts.getTrailingCommentRanges(text, position);
  return comments && comments.length > 0 ? comments[comments.length - 1].end : position;
}

function lineIndent(text: string, position: number): string {
  const lineStart = text.lastIndexOf("\n", position - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}
