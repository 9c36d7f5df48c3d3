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
import type { ProjectModel, ToolModel } from "../spec/model.js";
import type { GeneratedFile } from "./generated-file.js";
import { sanitizeForComment } from "./header.js";
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

  for (const tool of model.tools) {
    const path = `${tool.ids.file}.ts`;
    if (!existing.files.has(path)) {
      files.push({ area: "handlers", path, contents: renderStub(project, tool, layout.generatedFromHandlers), mode: "create" });
    }
  }

  const indexText = existing.files.get(INDEX);
  if (indexText === undefined) {
    files.push({ area: "handlers", path: INDEX, contents: renderIndex(project, model, layout.generatedFromHandlers), mode: "create" });
  } else {
    const update = updateIndex(project, model, indexText);
    if ("problem" in update) {
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

  const toolFiles = new Set(model.tools.map((tool) => `${tool.ids.file}.ts`));
  for (const path of [...existing.files.keys()].sort()) {
    if (path === INDEX || toolFiles.has(path) || !isHandlerModule(path)) continue;
    diagnostics.push({
      code: "MG050",
      severity: "warning",
      message: `${diagnosticFile(path)} matches no tool (kept)`,
      location: { file: diagnosticFile(path), line: 1, column: 1 },
      hint: "delete it if its tool was removed, or move shared code into a subfolder",
    });
  }

  return { files, diagnostics: sortDiagnostics(diagnostics) };
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

function renderIndex(project: Project, model: ProjectModel, generatedFromHandlers: string): string {
  const sourceFile = project.createSourceFile("/stubs/index.ts", "", { overwrite: true });
  sourceFile.addImportDeclaration({ isTypeOnly: true, namedImports: ["ToolHandlers"], moduleSpecifier: `${generatedFromHandlers}/handlers.js` });
  for (const tool of model.tools) {
    sourceFile.addImportDeclaration({ namedImports: [tsIdentifier(tool.ids.handler)], moduleSpecifier: `./${tool.ids.file}.js` });
  }
  sourceFile.addStatements((writer) => {
    writer.newLine();
    if (model.tools.length === 0) {
      writer.write("export const handlers = {} satisfies ToolHandlers;");
      return;
    }
    writer.writeLine("export const handlers = {");
    writer.indent(() => model.tools.forEach((tool) => writer.writeLine(`${propertyKey(tool.name)}: ${tsIdentifier(tool.ids.handler)},`)));
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
 * Adds an import and a property for every tool that the `handlers` object lacks, by
 * inserting text at positions found in the syntax tree: everything the author wrote
 * stays byte for byte, comments and formatting included.
 */
function updateIndex(project: Project, model: ProjectModel, text: string): IndexUpdate {
  const sourceFile = project.createSourceFile("/existing/index.ts", text, { overwrite: true });
  // transpileModule reports exactly the syntax errors, without building a program (and loading lib files).
  const syntaxErrors = ts.transpileModule(text, { fileName: "index.ts", reportDiagnostics: true }).diagnostics ?? [];
  if (syntaxErrors.length > 0) {
    const first = syntaxErrors[0];
    const { line, column } = lineColumn(sourceFile, first.start ?? 0);
    return { problem: `it has a syntax error (${ts.flattenDiagnosticMessageText(first.messageText, " ")})`, line, column };
  }
  const object = findHandlersObject(sourceFile);
  if (!object) return { problem: "no `handlers = { ... }` object literal found", line: 1, column: 1 };

  const toolNames = new Set(model.tools.map((tool) => tool.name));
  const presentKeys = new Set<string>();
  const orphanKeys: Array<{ key: string; line: number; column: number }> = [];
  for (const property of object.getProperties()) {
    const key = propertyName(property);
    if (key === undefined) continue;
    presentKeys.add(key);
    if (!toolNames.has(key)) orphanKeys.push({ key, ...lineColumn(sourceFile, property.getStart()) });
  }
  const missing = model.tools.filter((tool) => !presentKeys.has(tool.name));
  if (missing.length === 0) return { text, orphanKeys };

  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  const edits: TextEdit[] = [...propertyEdits(sourceFile, object, missing, newline)];
  const declared = declaredNames(sourceFile);
  const toImport = missing.filter((tool) => !declared.has(tool.ids.handler));
  if (toImport.length > 0) edits.push(importEdit(sourceFile, toImport, newline));
  return { text: applyEdits(text, edits), orphanKeys };
}

interface TextEdit {
  position: number;
  text: string;
}

function applyEdits(text: string, edits: TextEdit[]): string {
  // Back to front, so that each position still refers to the original text.
  const sorted = edits.map((edit, order) => ({ ...edit, order })).sort((a, b) => b.position - a.position || b.order - a.order);
  let result = text;
  for (const edit of sorted) result = result.slice(0, edit.position) + edit.text + result.slice(edit.position);
  return result;
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

function lineColumn(sourceFile: SourceFile, position: number): { line: number; column: number } {
  const { line, column } = sourceFile.getLineAndColumnAtPos(position);
  return { line, column };
}

function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : tsString(name);
}

function firstLine(text: string): string {
  return text.trim().split(/\r?\n|\u2028|\u2029/)[0].trim();
}
