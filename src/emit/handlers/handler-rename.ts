/**
 * Follows a tool's rename (`renamedFrom:`) in its handler file: the export and the
 * generated type it is declared with get the new names, the type import points at the
 * new generated module. Only those identifier tokens and that one path change; the
 * body and everything else stay byte for byte. A file whose shape is not the one the
 * stub started with, or whose old names are used elsewhere, is not touched: the caller
 * leaves it alone and reports why.
 */
import type { Identifier, Node, NoSubstitutionTemplateLiteral, Project, SourceFile, StringLiteral } from "ts-morph";
import type { ToolIdentifiers } from "../../spec/model.js";
import { applyEdits, type TextEdit } from "./text-edits.js";
import { tsMorph } from "./ts-morph-lazy.js";

export type HandlerRename = { text: string } | { problem: string; line: number; column: number };

type Names = Pick<ToolIdentifiers, "file" | "module" | "handler" | "handlerType">;

export function renameHandlerModule(project: Project, text: string, from: Names, to: Names): HandlerRename {
  const { Node, ts } = tsMorph();
  const sourceFile = project.createSourceFile("/existing/renamed-handler.ts", text, { overwrite: true });
  const syntax = syntaxProblem(sourceFile, text);
  if (syntax) return syntax;
  const at = (node: Node, problem: string): HandlerRename => ({ problem, ...lineColumn(sourceFile, node.getStart()) });
  const top = (problem: string): HandlerRename => ({ problem, line: 1, column: 1 });

  const declaration = sourceFile.getVariableDeclaration(from.handler);
  if (!declaration) return top(`no \`export const ${from.handler}\` found`);
  const statement = declaration.getVariableStatement();
  if (!statement?.isExported() || statement.getDeclarationKind() !== "const") {
    return at(declaration, `\`${from.handler}\` is no longer an exported const`);
  }
  const initializer = declaration.getInitializer();
  if (!initializer || !(Node.isArrowFunction(initializer) || Node.isFunctionExpression(initializer))) {
    return at(declaration, `\`${from.handler}\` is no longer a function written in place`);
  }
  const typeNode = declaration.getTypeNode();
  const reference = typeNode && Node.isTypeReference(typeNode) && typeNode.getTypeArguments().length === 0 ? typeNode : undefined;
  const typeName = reference?.getTypeName();
  if (!typeName || !Node.isIdentifier(typeName)) {
    return at(declaration, `\`${from.handler}\` is no longer declared with the generated \`${from.handlerType}\` type`);
  }
  const localType = typeName.getText();

  const suffix = `/${from.module}.js`;
  const imported = findTypeImport(sourceFile, localType, from.handlerType, suffix);
  if (!imported) return at(typeName, `\`${localType}\` is not \`${from.handlerType}\` imported from "...${suffix}"`);
  const aliased = imported.name.getText() !== localType;

  // Any other use of the old names would have to change too, and that would touch the body.
  const uses = (name: string) => sourceFile.getDescendantsOfKind(ts.SyntaxKind.Identifier).filter((id) => id.getText() === name);
  const exportUses = uses(from.handler);
  if (exportUses.length !== 1)
    return at(exportUses.find((id) => id !== declaration.getNameNode()) ?? declaration, `\`${from.handler}\` is used elsewhere in the file`);
  const typeUses = uses(from.handlerType);
  if (typeUses.length !== (aliased ? 1 : 2)) {
    const other = typeUses.find((id) => id !== imported.name && id !== typeName) ?? typeName;
    return at(other, `\`${from.handlerType}\` is used elsewhere in the file`);
  }
  for (const name of [to.handler, to.handlerType]) {
    if (name === from.handler || name === from.handlerType) continue;
    const clash = uses(name)[0];
    if (clash) return at(clash, `\`${name}\` is already used in the file`);
  }

  const edits: TextEdit[] = [];
  const replace = (node: Node, replacement: string) => {
    if (node.getText() !== replacement) edits.push({ position: node.getStart(), end: node.getEnd(), text: replacement });
  };
  replace(declaration.getNameNode(), to.handler);
  replace(imported.name, to.handlerType);
  if (!aliased) replace(typeName, to.handlerType);
  const literal = imported.specifier;
  const suffixEnd = literal.getEnd() - 1;
  edits.push({ position: suffixEnd - suffix.length, end: suffixEnd, text: `/${to.module}.js` });
  return { text: applyEdits(text, edits) };
}

/** A module path that a file imports or re-exports, where its string literal starts. */
export interface ModuleReference {
  specifier: string;
  /** The names imported or re-exported from it by name (`{ a, b as c }` gives `a`, `b`). */
  names: string[];
  line: number;
  column: number;
}

/** Every module `text` imports: import and export declarations, `import()`, `import("...").T`, `import x = require(...)`. */
export function moduleReferences(project: Project, text: string): ModuleReference[] {
  const { Node } = tsMorph();
  const sourceFile = project.createSourceFile("/existing/importer.ts", text, { overwrite: true });
  return moduleSpecifierLiterals(sourceFile)
    .map((literal) => {
      const parent = literal.getParent();
      const names = Node.isImportDeclaration(parent)
        ? parent.getNamedImports().map((named) => named.getName())
        : Node.isExportDeclaration(parent)
          ? parent.getNamedExports().map((named) => named.getName())
          : [];
      return { specifier: literal.getLiteralValue(), names, ...lineColumn(sourceFile, literal.getStart()) };
    })
    .sort((a, b) => a.line - b.line || a.column - b.column);
}

/**
 * The string literals that name a module, in source order: what TypeScript lists as a
 * file's imports (`import`/`export ... from`, `import x = require(...)`, `import(...)`,
 * `import("...").T`). Read from the syntax tree alone: ts-morph's `getImportStringLiterals`
 * binds the file first, which builds a type checker with the standard library for each
 * new project, while only the tree is needed here.
 */
export function moduleSpecifierLiterals(sourceFile: SourceFile): Array<StringLiteral | NoSubstitutionTemplateLiteral> {
  const { Node, ts } = tsMorph();
  const literals: Array<StringLiteral | NoSubstitutionTemplateLiteral> = [];
  const add = (node: Node | undefined) => {
    if (node && (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node))) literals.push(node);
  };
  sourceFile.forEachDescendant((node) => {
    if (Node.isImportDeclaration(node) || Node.isExportDeclaration(node)) add(node.getModuleSpecifier());
    else if (Node.isExternalModuleReference(node)) add(node.getExpression());
    else if (Node.isCallExpression(node) && node.getExpression().getKind() === ts.SyntaxKind.ImportKeyword) add(node.getArguments()[0]);
    else if (Node.isImportTypeNode(node)) {
      const argument = node.getArgument();
      if (Node.isLiteralTypeNode(argument)) add(argument.getLiteral());
    }
  });
  return literals;
}

/** The import of `importedName` bound to `localName`, from a module path ending in `suffix`. */
function findTypeImport(sourceFile: SourceFile, localName: string, importedName: string, suffix: string): { name: Identifier; specifier: Node } | undefined {
  const { Node } = tsMorph();
  for (const declaration of sourceFile.getImportDeclarations()) {
    const specifier = declaration.getModuleSpecifier();
    if (!specifier.getLiteralValue().endsWith(suffix) || !specifier.getText().endsWith(`${suffix}${specifier.getText().at(-1)}`)) continue;
    for (const named of declaration.getNamedImports()) {
      const name = named.getNameNode();
      const local = named.getAliasNode() ?? name;
      if (Node.isIdentifier(name) && name.getText() === importedName && local.getText() === localName) return { name, specifier };
    }
  }
  return undefined;
}

/** The first syntax error, found without building a program (no lib files to load). */
export function syntaxProblem(sourceFile: SourceFile, text: string): { problem: string; line: number; column: number } | undefined {
  const { ts } = tsMorph();
  const errors = ts.transpileModule(text, { fileName: "handler.ts", reportDiagnostics: true }).diagnostics ?? [];
  if (errors.length === 0) return undefined;
  const first = errors[0];
  return { problem: `it has a syntax error (${ts.flattenDiagnosticMessageText(first.messageText, " ")})`, ...lineColumn(sourceFile, first.start ?? 0) };
}

export function lineColumn(sourceFile: SourceFile, position: number): { line: number; column: number } {
  const { line, column } = sourceFile.getLineAndColumnAtPos(position);
  return { line, column };
}
