/**
 * The author's side of `handlers/`: a typed stub per new tool, `index.ts` created once
 * and afterwards only added to, and a warning for every handler whose tool is gone.
 * Authored files are never overwritten or deleted; when `index.ts` cannot be read
 * safely it is left alone and reported (as orval's handler merge does).
 */
import { IndentationText, NewLineKind, Node, Project, QuoteKind, ts } from "ts-morph";
import type { ObjectLiteralExpression, SourceFile } from "ts-morph";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { sortDiagnostics } from "../diagnostics/diagnostic.js";
import { toolIdentifiers } from "../spec/identifiers.js";
import type { ProjectModel, ToolIdentifiers, ToolModel } from "../spec/model.js";
import type { GeneratedFile } from "./generated-file.js";
import { lineColumn, renameHandlerModule, syntaxProblem } from "./handler-rename.js";
import { sanitizeForComment } from "./header.js";
import { applyEdits, type TextEdit } from "./text-edits.js";
import { tsIdentifier, tsString } from "./templates.js";

export interface ExistingHandlers {
  /** Each file in the handlers folder (relative posix path, e.g. `get_weather.ts`) and its text. */
  files: ReadonlyMap<string, string>;
}

export interface HandlersLayout {
  /** Import path from the handlers folder to the generated folder, e.g. `../generated`. */
  generatedFromHandlers: string;
  /** The handlers folder relative to the project root, e.g. `handlers`: prefixes diagnostic file names. */
  handlersDir: string;
}

export interface HandlerStubsResult {
  files: GeneratedFile[];
  diagnostics: Diagnostic[];
}

const INDEX = "index.ts";

export function emitHandlerStubs(model: ProjectModel, existing: ExistingHandlers, layout: HandlersLayout): HandlerStubsResult {
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Double, newLineKind: NewLineKind.LineFeed },
  });
  const files: GeneratedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const handlersDir = layout.handlersDir.replace(/\/+$/, "");
  const diagnosticFile = (file: string) => (handlersDir === "" || handlersDir === "." ? file : `${handlersDir}/${file}`);

  const renames = planRenames(project, model, existing, diagnosticFile);
  diagnostics.push(...renames.diagnostics);

  const indexText = existing.files.get(INDEX);
  let indexLeftAlone = false;
  if (indexText === undefined) {
    const listed = model.tools.filter((tool) => !renames.blocked.has(tool.name));
    files.push({ area: "handlers", path: INDEX, contents: renderIndex(project, listed, layout.generatedFromHandlers), mode: "create" });
  } else {
    const update = updateIndex(project, model, indexText, renames);
    if ("problem" in update) {
      indexLeftAlone = true;
      diagnostics.push({
        code: "MG051",
        severity: "warning",
        message: `${diagnosticFile(INDEX)} was left alone: ${update.problem}`,
        location: { file: diagnosticFile(INDEX), line: update.line, column: update.column },
        hint: "add the new tools to the `handlers` object by hand",
      });
    } else {
      for (const orphan of update.orphanKeys) {
        diagnostics.push({
          code: "MG050",
          severity: "warning",
          message: `handler \`${orphan.key}\` in ${diagnosticFile(INDEX)} names no tool (kept)`,
          location: { file: diagnosticFile(INDEX), line: orphan.line, column: orphan.column },
          hint: "remove it if its tool was deleted or renamed",
        });
      }
      if (update.text !== indexText) files.push({ area: "handlers", path: INDEX, contents: update.text, mode: "update" });
    }
  }

  const moving = new Set<string>();
  for (const move of renames.moves) {
    if (indexLeftAlone) {
      // The index would go on importing the old file: both stay as they are.
      diagnostics.push(renameRefused(move.tool, diagnosticFile(move.fromPath), diagnosticFile(INDEX) + " could not be updated"));
      continue;
    }
    moving.add(move.fromPath);
    files.push({ area: "handlers", path: move.toPath, contents: move.contents, mode: "rename", from: move.fromPath, fromContents: move.fromContents });
    diagnostics.push({
      code: "MG160",
      severity: "info",
      message: `${diagnosticFile(move.fromPath)} follows its tool's rename to ${diagnosticFile(move.toPath)} (\`${move.from.handler}\` → \`${move.tool.ids.handler}\`)`,
      location: { file: diagnosticFile(move.fromPath), line: 1, column: 1 },
    });
  }

  for (const tool of model.tools) {
    const path = `${tool.ids.file}.ts`;
    if (renames.blocked.has(tool.name) || renames.moves.some((move) => move.tool === tool)) continue;
    if (!existing.files.has(path)) {
      files.push({ area: "handlers", path, contents: renderStub(project, tool, layout.generatedFromHandlers), mode: "create" });
    }
  }

  const toolFiles = new Set(model.tools.map((tool) => `${tool.ids.file}.ts`));
  for (const path of [...existing.files.keys()].sort()) {
    if (path === INDEX || toolFiles.has(path) || moving.has(path) || !isHandlerModule(path)) continue;
    diagnostics.push({
      code: "MG050",
      severity: "warning",
      message: `${diagnosticFile(path)} matches no tool (kept)`,
      location: { file: diagnosticFile(path), line: 1, column: 1 },
      hint: "delete it if its tool was removed, or move shared code into a subfolder",
    });
  }

  // Handler files by path, then the index.
  const byPath = (a: GeneratedFile, b: GeneratedFile) => Number(a.path === INDEX) - Number(b.path === INDEX) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  return { files: files.sort(byPath), diagnostics: sortDiagnostics(diagnostics) };
}

interface HandlerMove {
  tool: ToolModel;
  from: ToolIdentifiers;
  fromPath: string;
  toPath: string;
  contents: string;
  fromContents: string;
}

interface RenamePlan {
  /** Handler files to rename, with their new text. */
  moves: HandlerMove[];
  /** By new tool name: the old name and identifiers, whose `handlers/index.ts` entry follows the rename. */
  indexRenames: Map<string, { fromName: string; from: ToolIdentifiers }>;
  /** Tools whose old handler is still there but cannot be renamed: no stub, no index entry. */
  blocked: Set<string>;
  diagnostics: Diagnostic[];
}

/**
 * Decides, for each tool with `renamedFrom`, what happens to the old handler. It is
 * renamed only when it alone belongs to the old name, the new file does not exist yet,
 * and it still has the shape of a stub; otherwise it is left alone and reported.
 */
function planRenames(
  project: Project,
  model: ProjectModel,
  existing: ExistingHandlers,
  diagnosticFile: (file: string) => string,
): RenamePlan {
  const plan: RenamePlan = { moves: [], indexRenames: new Map(), blocked: new Set(), diagnostics: [] };
  const toolNames = new Set(model.tools.map((tool) => tool.name));
  const claims = new Map<string, number>();
  for (const tool of model.tools) if (tool.renamedFrom !== undefined) claims.set(tool.renamedFrom, (claims.get(tool.renamedFrom) ?? 0) + 1);

  for (const tool of model.tools) {
    const fromName = tool.renamedFrom;
    if (fromName === undefined || fromName === tool.name) continue;
    const from = toolIdentifiers(fromName);
    const fromPath = `${from.file}.ts`;
    const toPath = `${tool.ids.file}.ts`;
    const fromText = fromPath === toPath ? undefined : existing.files.get(fromPath);
    const refuse = (reason: string) => plan.diagnostics.push(renameRefused(tool, diagnosticFile(fromPath), reason));

    if (toolNames.has(fromName)) {
      refuse(`\`${fromName}\` is still a tool of this project`);
      continue;
    }
    if ((claims.get(fromName) ?? 0) > 1) {
      if (fromText !== undefined) plan.blocked.add(tool.name);
      refuse(`several tools say \`renamedFrom: ${fromName}\``);
      continue;
    }
    if (fromText === undefined) {
      // Nothing to move (already renamed, or never written): only the index entry follows.
      plan.indexRenames.set(tool.name, { fromName, from });
      continue;
    }
    if (existing.files.has(toPath)) {
      refuse(`${diagnosticFile(toPath)} already exists`);
      continue;
    }
    const renamed = renameHandlerModule(project, fromText, from, tool.ids);
    if ("problem" in renamed) {
      plan.blocked.add(tool.name);
      plan.diagnostics.push({
        code: "MG162",
        severity: "warning",
        message: `${diagnosticFile(fromPath)} was left alone (not renamed for \`${tool.name}\`): ${renamed.problem}`,
        location: { file: diagnosticFile(fromPath), line: renamed.line, column: renamed.column },
        hint: `rename it to ${diagnosticFile(toPath)} and its export to \`${tool.ids.handler}\` by hand`,
      });
      continue;
    }
    plan.moves.push({ tool, from, fromPath, toPath, contents: renamed.text, fromContents: fromText });
    plan.indexRenames.set(tool.name, { fromName, from });
  }
  return plan;
}

function renameRefused(tool: ToolModel, fromFile: string, reason: string): Diagnostic {
  return {
    code: "MG161",
    severity: "warning",
    message: `\`renamedFrom: ${tool.renamedFrom}\` of \`${tool.name}\`: ${fromFile} was not renamed: ${reason}`,
    location: tool.location,
    hint: "move the handler by hand, or remove `renamedFrom`",
  };
}

/** Top-level TypeScript modules only: subfolders, declarations and tests are the author's own business. */
function isHandlerModule(path: string): boolean {
  return !path.includes("/") && path.endsWith(".ts") && !/\.d\.ts$|\.(test|spec)\.ts$/.test(path);
}

function renderStub(project: Project, tool: ToolModel, generatedFromHandlers: string): string {
  const sourceFile = project.createSourceFile(`/stubs/${tool.ids.file}.ts`, "", { overwrite: true });
  sourceFile.addImportDeclaration({ namedImports: ["ToolError"], moduleSpecifier: "mcp-gen/runtime" });
  sourceFile.addImportDeclaration({
    isTypeOnly: true,
    namedImports: [tsIdentifier(tool.ids.handlerType)],
    moduleSpecifier: `${generatedFromHandlers}/tools/${tool.ids.file}.js`,
  });
  const summary = firstLine(tool.wire.description ?? tool.wire.title ?? "");
  // A writer, not a variable structure: ts-morph indents a multi-line initializer one level too deep.
  sourceFile.addStatements((writer) => {
    writer.newLine();
    if (summary) writer.writeLine(`/** ${sanitizeForComment(summary)} */`);
    writer.writeLine(`export const ${tsIdentifier(tool.ids.handler)}: ${tool.ids.handlerType} = async (input, context) => {`);
    writer.indent(() => writer.writeLine(`throw new ToolError(${tsString(`${tool.name} is not implemented yet`)});`));
    writer.write("};");
  });
  return finish(sourceFile);
}

function renderIndex(project: Project, tools: readonly ToolModel[], generatedFromHandlers: string): string {
  const sourceFile = project.createSourceFile("/stubs/index.ts", "", { overwrite: true });
  sourceFile.addImportDeclaration({ isTypeOnly: true, namedImports: ["ToolHandlers"], moduleSpecifier: `${generatedFromHandlers}/handlers.js` });
  for (const tool of tools) {
    sourceFile.addImportDeclaration({ namedImports: [tsIdentifier(tool.ids.handler)], moduleSpecifier: `./${tool.ids.file}.js` });
  }
  sourceFile.addStatements((writer) => {
    writer.newLine();
    if (tools.length === 0) {
      writer.write("export const handlers = {} satisfies ToolHandlers;");
      return;
    }
    writer.writeLine("export const handlers = {");
    writer.indent(() => tools.forEach((tool) => writer.writeLine(`${propertyKey(tool.name)}: ${tsIdentifier(tool.ids.handler)},`)));
    writer.write("} satisfies ToolHandlers;");
  });
  return finish(sourceFile);
}

function finish(sourceFile: SourceFile): string {
  const text = sourceFile.getFullText();
  return text.endsWith("\n") ? text : `${text}\n`;
}

type IndexUpdate =
  | { text: string; orphanKeys: Array<{ key: string; line: number; column: number }> }
  | { problem: string; line: number; column: number };

/**
 * Adds an import and a property for every tool that the `handlers` object lacks, and
 * moves the entry of a renamed tool to its new name, by editing text at positions found
 * in the syntax tree: everything else the author wrote stays byte for byte.
 */
function updateIndex(project: Project, model: ProjectModel, text: string, renames: Pick<RenamePlan, "indexRenames" | "blocked">): IndexUpdate {
  const sourceFile = project.createSourceFile("/existing/index.ts", text, { overwrite: true });
  const syntax = syntaxProblem(sourceFile, text);
  if (syntax) return syntax;
  const object = findHandlersObject(sourceFile);
  if (!object) return { problem: "no `handlers = { ... }` object literal found", line: 1, column: 1 };

  const toolNames = new Set(model.tools.map((tool) => tool.name));
  const keyNodes = new Map<string, Node>();
  const orphanKeys: Array<{ key: string; line: number; column: number }> = [];
  for (const property of object.getProperties()) {
    const key = propertyName(property);
    if (key === undefined) continue;
    if (!keyNodes.has(key)) keyNodes.set(key, property);
  }
  const presentKeys = new Set(keyNodes.keys());

  const edits: TextEdit[] = [];
  const renamedKeys = new Set<string>();
  for (const tool of model.tools) {
    const rename = renames.indexRenames.get(tool.name);
    if (!rename || presentKeys.has(tool.name) || renamedKeys.has(rename.fromName)) continue;
    const property = keyNodes.get(rename.fromName);
    if (!property || !Node.isPropertyAssignment(property)) continue;
    const nameNode = property.getNameNode();
    if (!Node.isIdentifier(nameNode) && !Node.isStringLiteral(nameNode)) continue;
    edits.push({ position: nameNode.getStart(), end: nameNode.getEnd(), text: propertyKey(tool.name) });
    edits.push(...importRenameEdits(sourceFile, rename.from, tool.ids));
    presentKeys.add(tool.name);
    renamedKeys.add(rename.fromName);
  }

  for (const property of object.getProperties()) {
    const key = propertyName(property);
    if (key === undefined || toolNames.has(key) || (renamedKeys.has(key) && keyNodes.get(key) === property)) continue;
    orphanKeys.push({ key, ...lineColumn(sourceFile, property.getStart()) });
  }
  const missing = model.tools.filter((tool) => !presentKeys.has(tool.name) && !renames.blocked.has(tool.name));
  if (missing.length > 0) {
    const newline = text.includes("\r\n") ? "\r\n" : "\n";
    edits.push(...propertyEdits(sourceFile, object, missing, newline));
    const declared = declaredNames(sourceFile);
    const toImport = missing.filter((tool) => !declared.has(tool.ids.handler));
    if (toImport.length > 0) edits.push(importEdit(sourceFile, toImport, newline));
  }
  return { text: applyEdits(text, edits), orphanKeys };
}

/**
 * `import { oldName } from "./old.js"` becomes `import { newName } from "./new.js"`, and
 * every use of `oldName` in the file follows; when `newName` is taken, the import keeps
 * the local name instead (`newName as oldName`), so no other line changes.
 */
function importRenameEdits(sourceFile: SourceFile, from: ToolIdentifiers, to: ToolIdentifiers): TextEdit[] {
  const edits: TextEdit[] = [];
  const declared = declaredNames(sourceFile);
  const specifiers = new Map([
    [`./${from.file}.js`, `./${to.file}.js`],
    [`./${from.file}`, `./${to.file}`],
  ]);
  let renameUses = false;
  for (const declaration of [...sourceFile.getImportDeclarations(), ...sourceFile.getExportDeclarations()]) {
    const specifier = declaration.getModuleSpecifier();
    const replacement = specifier ? specifiers.get(specifier.getLiteralValue()) : undefined;
    if (!specifier || replacement === undefined) continue;
    if (from.file !== to.file) edits.push({ position: specifier.getStart() + 1, end: specifier.getEnd() - 1, text: replacement });
    if (!Node.isImportDeclaration(declaration) || from.handler === to.handler) continue;
    for (const named of declaration.getNamedImports()) {
      const name = named.getNameNode();
      if (name.getText() !== from.handler) continue;
      const alias = named.getAliasNode();
      if (alias || declared.has(to.handler)) {
        edits.push({ position: name.getStart(), end: name.getEnd(), text: alias ? to.handler : `${to.handler} as ${from.handler}` });
      } else {
        renameUses = true;
      }
    }
  }
  if (renameUses) {
    for (const id of sourceFile.getDescendantsOfKind(ts.SyntaxKind.Identifier)) {
      if (id.getText() !== from.handler || isPropertyNamePosition(id)) continue;
      const parent = id.getParent();
      const text = parent && Node.isShorthandPropertyAssignment(parent) ? `${from.handler}: ${to.handler}` : to.handler;
      edits.push({ position: id.getStart(), end: id.getEnd(), text });
    }
  }
  return edits;
}

/** `x` in `{ x: 1 }` or `a.x`: a name, not a use of the binding `x`. */
function isPropertyNamePosition(id: Node): boolean {
  const parent = id.getParent();
  if (!parent) return false;
  if ((Node.isPropertyAssignment(parent) || Node.isMethodDeclaration(parent) || Node.isPropertySignature(parent)) && parent.getNameNode() === id) {
    return true;
  }
  return Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id;
}

function findHandlersObject(sourceFile: SourceFile): ObjectLiteralExpression | undefined {
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

/** The key a property stands for, when it can be known without running the code. */
function propertyName(property: Node): string | undefined {
  if (
    !Node.isPropertyAssignment(property) &&
    !Node.isShorthandPropertyAssignment(property) &&
    !Node.isMethodDeclaration(property) &&
    !Node.isGetAccessorDeclaration(property) &&
    !Node.isSetAccessorDeclaration(property)
  ) {
    return undefined;
  }
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
  const comments = ts.getTrailingCommentRanges(text, position);
  return comments && comments.length > 0 ? comments[comments.length - 1].end : position;
}

function lineIndent(text: string, position: number): string {
  const lineStart = text.lastIndexOf("\n", position - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : tsString(name);
}

function firstLine(text: string): string {
  return text.trim().split(/\r?\n|\u2028|\u2029/)[0].trim();
}
