/**
 * Renames (`renamedFrom:`) across the handlers folder: which handler files move this run
 * and which stay, with why; and which of the author's other files import a moved handler
 * by its old path (reported at the import, never edited). handler-rename.ts rewrites the
 * one moved file; stubs.ts carries the plan out together with the index.
 */
import { posix } from "node:path";
import type { Project } from "ts-morph";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { createDiagnostic } from "../../diagnostics/messages.js";
import { toolIdentifiers } from "../../spec/identifiers.js";
import type { ProjectModel, ToolIdentifiers, ToolModel } from "../../spec/model.js";
import { tsString } from "../shared/templates.js";
import { moduleReferences, renameHandlerModule } from "./handler-rename.js";
import { HANDLERS_INDEX } from "./handlers-index.js";

export interface HandlerMove {
  tool: ToolModel;
  from: ToolIdentifiers;
  fromPath: string;
  toPath: string;
  contents: string;
  fromContents: string;
}

export interface RenamePlan {
  /** Handler files to rename, with their new text. */
  moves: HandlerMove[];
  /** By new tool name: the old name and identifiers, whose `handlers/index.ts` entry follows the rename. */
  indexRenames: Map<string, { fromName: string; from: ToolIdentifiers }>;
  /** Tools whose old handler is still there but cannot be renamed: no stub, no index entry. */
  blocked: Set<string>;
  diagnostics: Diagnostic[];
  /** Whether a gone tool's index entry may be taken back (see `IndexRenames`). */
  takeBack?: (key: string) => boolean;
}

/**
 * Decides, for each tool with `renamedFrom`, what happens to the old handler. It is
 * renamed only when it alone belongs to the old name, the new file does not exist yet,
 * and it still has the shape of a stub; otherwise it is left alone and reported.
 */
export function planRenames(
  parser: () => Project,
  model: ProjectModel,
  files: ReadonlyMap<string, string>,
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
    const fromText = fromPath === toPath ? undefined : files.get(fromPath);
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
    if (files.has(toPath)) {
      refuse(`${diagnosticFile(toPath)} already exists`);
      continue;
    }
    const renamed = renameHandlerModule(parser(), fromText, from, tool.ids);
    if ("problem" in renamed) {
      plan.blocked.add(tool.name);
      plan.diagnostics.push(
        createDiagnostic({
          code: "MG162",
          format: { file: diagnosticFile(fromPath), tool: tool.name, problem: renamed.problem },
          location: { file: diagnosticFile(fromPath), line: renamed.line, column: renamed.column },
          hint: `rename it to ${diagnosticFile(toPath)} and its export to \`${tool.ids.handler}\` by hand`,
        }),
      );
      continue;
    }
    plan.moves.push({ tool, from, fromPath, toPath, contents: renamed.text, fromContents: fromText });
    plan.indexRenames.set(tool.name, { fromName, from });
  }
  return plan;
}

/**
 * Authored files that import a moved handler by its old path (`import { helper } from
 * "./old_name.js"`): the move breaks them. Only `handlers/index.ts`, which mcp-gen keeps,
 * follows a rename; the author's other files are reported at the import, never edited.
 */
export function staleImports(
  project: Project,
  moves: readonly HandlerMove[],
  files: ReadonlyMap<string, string>,
  handlersDir: string,
  diagnosticFile: (file: string) => string,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const [file, text] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    // The index follows every rename that is done (a move it cannot follow is not done).
    if (file === HANDLERS_INDEX) continue;
    // Reading is cheap, parsing is not: only files that spell an old module's name are parsed.
    if (!/\.[cm]?tsx?$/.test(file) || !moves.some((move) => text.includes(move.from.file))) continue;
    for (const reference of moduleReferences(project, text)) {
      for (const move of moves) {
        const extension = moduleExtension(handlersDir, file, reference.specifier, move.from.file);
        if (extension === undefined) continue;
        const tail = `${move.from.file}${extension}`;
        const replacement = `${reference.specifier.slice(0, -tail.length)}${move.tool.ids.file}${extension}`;
        const renamedExport = reference.names.includes(move.from.handler) ? `; its \`${move.from.handler}\` is now \`${move.tool.ids.handler}\`` : "";
        diagnostics.push(
          createDiagnostic({
            code: "MG163",
            format: { file: diagnosticFile(file), specifier: tsString(reference.specifier), to: diagnosticFile(move.toPath) },
            location: { file: diagnosticFile(file), line: reference.line, column: reference.column },
            hint: `import ${tsString(replacement)} instead${renamedExport}`,
          }),
        );
      }
    }
  }
  return diagnostics;
}

/**
 * How `importer` names the module `handlers/<stem>.ts` when `specifier` is that module
 * (`./stem.js`, `../handlers/stem`, ...): the extension written, or `undefined` for another module.
 * Paths are relative to the handlers folder.
 */
export function moduleExtension(handlersDir: string, importer: string, specifier: string, stem: string): "" | ".js" | ".ts" | undefined {
  if (!/^\.\.?\//.test(specifier)) return undefined;
  const inFolder = (file: string) => posix.join(handlersDir || ".", file);
  const target = inFolder(posix.join(posix.dirname(importer), specifier));
  const module = inFolder(stem);
  return (["", ".js", ".ts"] as const).find((extension) => target === `${module}${extension}`);
}

export function renameRefused(tool: ToolModel, fromFile: string, reason: string): Diagnostic {
  return createDiagnostic({
    code: "MG161",
    format: { renamedFrom: String(tool.renamedFrom), tool: tool.name, file: fromFile, reason },
    location: tool.location,
    hint: "move the handler by hand, or remove `renamedFrom`",
  });
}
