/**
 * The author's side of `handlers/`: a typed stub per new tool, `index.ts` created once
 * and afterwards only added to, and a warning for every handler whose tool is gone and
 * for every import of a handler that a rename moved away.
 * Authored files are never overwritten or deleted; when `index.ts` cannot be read
 * safely it is left alone and reported (as orval's handler merge does).
 * New files come from templates; ts-morph is loaded only when an authored file has to
 * be edited through its syntax tree (see ts-morph-lazy.ts). Which handlers a rename moves
 * is decided in rename-plan.ts; this file carries the plan out with the index.
 */
import { relative } from "node:path";
import type { Project } from "ts-morph";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { sortDiagnostics } from "../../diagnostics/diagnostic.js";
import { createDiagnostic } from "../../diagnostics/messages.js";
import { toolIdentifiers } from "../../spec/identifiers.js";
import type { ProjectModel, ToolModel } from "../../spec/model.js";
import type { EmitContext } from "../shared/emitter.js";
import type { GeneratedFile, RenderedFile } from "../shared/generated-file.js";
import { toPosix } from "../../util/posix.js";
import { HANDLERS_INDEX, type IndexRead, renderIndex, updateIndexWithoutParser } from "./handlers-index.js";
import { type HandlerMove, moduleExtension, planRenames, renameRefused, staleImports } from "./rename-plan.js";
import { sanitizeForComment } from "../shared/header.js";
import { updateIndex } from "./index-update.js";
import { tsIdentifier, tsString } from "../shared/templates.js";
import { tsMorph } from "./ts-morph-lazy.js";
import { textHash } from "../../util/text-hash.js";

export interface ExistingHandlers {
  /** Each file in the handlers folder (relative posix path, e.g. `get_weather.ts`) and its text. */
  files: ReadonlyMap<string, string>;
  /**
   * The files mcp-gen wrote here and may take back, by path: the `textHash` of the text it
   * wrote (the manifest's record). A file whose text still hashes so is a stub nobody edited.
   */
  written?: ReadonlyMap<string, string>;
}

export interface HandlersLayout {
  /** Import path from the handlers folder to the generated folder, e.g. `../generated`. */
  generatedFromHandlers: string;
  /** The handlers folder relative to the project root, e.g. `handlers`: prefixes diagnostic file names. */
  handlersDir: string;
}

export interface HandlerStubsResult {
  files: RenderedFile[];
  diagnostics: Diagnostic[];
}

/**
 * The emitter (src/emit/shared/emitter.ts): the handlers folder's new and amended files,
 * with what it finds about the author's files reported through the context.
 */
export function emit(model: ProjectModel, context: EmitContext): GeneratedFile[] {
  const { config } = context;
  const handlersDir = toPosix(relative(config.root, config.handlersDir)) || ".";
  let generatedFromHandlers = toPosix(relative(config.handlersDir, config.outDir));
  if (!generatedFromHandlers.startsWith(".")) generatedFromHandlers = `./${generatedFromHandlers}`;
  const stubs = emitHandlerStubs(model, { files: context.handlers, written: context.handlersWritten }, { generatedFromHandlers, handlersDir });
  for (const diagnostic of stubs.diagnostics) context.report(diagnostic);
  // Their texts are made from the author's files as this run read them: nothing to key, nothing to defer.
  return stubs.files.map(({ contents, ...file }) => ({ ...file, render: () => contents }));
}

export function emitHandlerStubs(model: ProjectModel, existing: ExistingHandlers, layout: HandlersLayout): HandlerStubsResult {
  // Created (and ts-morph loaded) only when an authored file has to be parsed.
  let project: Project | undefined;
  const parser = () => (project ??= newProject());
  const files: RenderedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const handlersDir = layout.handlersDir.replace(/\/+$/, "");
  const diagnosticFile = (file: string) => (handlersDir === "" || handlersDir === "." ? file : `${handlersDir}/${file}`);

  const renames = planRenames(parser, model, existing.files, diagnosticFile);
  diagnostics.push(...renames.diagnostics);

  // Worked out for the first orphan, if any.
  let unprefixed: UnprefixedTools | undefined;
  // A gone tool's entry is taken back, unless a namespace may have renamed the tool: its
  // handler can then follow in two runs (namespaceHint), and needs the entry to.
  renames.takeBack = (key) => !(unprefixed ??= unprefixedTools(model)).byName.has(key);

  const indexText = existing.files.get(HANDLERS_INDEX);
  let indexLeftAlone = false;
  // The index as the author left it, once read: which tools it already maps, and where from.
  let indexRead: IndexRead | undefined;
  if (indexText === undefined) {
    const listed = model.tools.filter((tool) => !renames.blocked.has(tool.name));
    files.push({ area: "handlers", path: HANDLERS_INDEX, contents: renderIndex(listed, layout.generatedFromHandlers), mode: "create" });
  } else {
    const read = () => updateIndexWithoutParser(model, indexText, renames) ?? updateIndex(parser(), model, indexText, renames);
    let update = read();
    // A file is moved only when the index stops importing its old path: an import the update
    // could not follow (a namespace import, a re-export, an entry it could not find) would
    // break. Those renames are not done, and the index is read again without them.
    if (!("problem" in update)) {
      const modules = update.modules;
      const stale = (move: HandlerMove) => modules.find((specifier) => moduleExtension(handlersDir, HANDLERS_INDEX, specifier, move.from.file) !== undefined);
      const unfollowed = renames.moves.filter((move) => stale(move) !== undefined);
      for (const move of unfollowed) {
        const reason = `${diagnosticFile(HANDLERS_INDEX)} could not be updated (it would go on importing ${tsString(stale(move)!)})`;
        diagnostics.push(renameRefused(move.tool, diagnosticFile(move.fromPath), reason));
        renames.moves.splice(renames.moves.indexOf(move), 1);
        renames.indexRenames.delete(move.tool.name);
        renames.blocked.add(move.tool.name);
      }
      if (unfollowed.length > 0) update = read();
    }
    if ("problem" in update) {
      indexLeftAlone = true;
      diagnostics.push(
        createDiagnostic({
          code: "MG051",
          format: { file: diagnosticFile(HANDLERS_INDEX), problem: update.problem },
          location: { file: diagnosticFile(HANDLERS_INDEX), line: update.line, column: update.column },
          hint: "add the new tools to the `handlers` object by hand",
        }),
      );
    } else {
      indexRead = update;
      for (const key of update.removedKeys) {
        diagnostics.push(
          createDiagnostic({
            code: "MG052",
            messageId: "indexEntry",
            format: { key, file: diagnosticFile(HANDLERS_INDEX) },
            location: { file: diagnosticFile(HANDLERS_INDEX), line: 1, column: 1 },
          }),
        );
      }
      for (const orphan of update.orphanKeys) {
        const namespaced = (unprefixed ??= unprefixedTools(model)).byName.get(orphan.key);
        diagnostics.push(
          createDiagnostic({
            code: "MG050",
            messageId: "indexEntry",
            format: { key: orphan.key, file: diagnosticFile(HANDLERS_INDEX) },
            location: { file: diagnosticFile(HANDLERS_INDEX), line: orphan.line, column: orphan.column },
            hint: namespaced ? namespaceHint(orphan.key, namespaced, diagnosticFile) : "remove it if its tool was deleted or renamed",
          }),
        );
      }
      if (update.text !== indexText) files.push({ area: "handlers", path: HANDLERS_INDEX, contents: update.text, mode: "update" });
    }
  }

  const moving = new Set<string>();
  const moves: HandlerMove[] = [];
  for (const move of renames.moves) {
    if (indexLeftAlone) {
      // The index would go on importing the old file: both stay as they are.
      diagnostics.push(renameRefused(move.tool, diagnosticFile(move.fromPath), diagnosticFile(HANDLERS_INDEX) + " could not be updated"));
      continue;
    }
    moving.add(move.fromPath);
    moves.push(move);
    files.push({ area: "handlers", path: move.toPath, contents: move.contents, mode: "rename", from: move.fromPath, fromContents: move.fromContents });
    diagnostics.push(
      createDiagnostic({
        code: "MG160",
        format: { from: diagnosticFile(move.fromPath), to: diagnosticFile(move.toPath), fromHandler: move.from.handler, toHandler: move.tool.ids.handler },
        location: { file: diagnosticFile(move.fromPath), line: 1, column: 1 },
      }),
    );
  }

  if (moves.length > 0) {
    // handlers/ as this run leaves it: moved files at their new place, the index as updated.
    const written = new Map(files.map((file) => [file.path, file.contents]));
    const after = new Map<string, string>();
    for (const path of existing.files.keys()) if (!moving.has(path)) after.set(path, written.get(path) ?? existing.files.get(path) ?? "");
    for (const move of moves) after.set(move.toPath, move.contents);
    diagnostics.push(...staleImports(parser(), moves, after, handlersDir, diagnosticFile));
  }

  const moved = new Set(renames.moves.map((move) => move.tool));
  const mapped = new Set(indexRead?.keys);
  for (const tool of model.tools) {
    const path = `${tool.ids.file}.ts`;
    if (renames.blocked.has(tool.name) || moved.has(tool) || existing.files.has(path)) continue;
    // The index maps the tool to a handler of the author's elsewhere (`./hello/index.js`):
    // a stub would be an unused file that throws. One the index imports is written, though.
    if (mapped.has(tool.name) && !indexRead!.modules.some((specifier) => moduleExtension(handlersDir, HANDLERS_INDEX, specifier, tool.ids.file) !== undefined))
      continue;
    files.push({ area: "handlers", path, contents: renderStub(tool, layout.generatedFromHandlers), mode: "create", takeBack: true });
  }

  const toolFiles = new Set(model.tools.map((tool) => `${tool.ids.file}.ts`));
  for (const path of [...existing.files.keys()].sort()) {
    if (path === HANDLERS_INDEX || toolFiles.has(path) || moving.has(path) || !isHandlerModule(path)) continue;
    const namespaced = (unprefixed ??= unprefixedTools(model)).byFile.get(path.slice(0, -".ts".length));
    const text = existing.files.get(path) ?? "";
    const recorded = existing.written?.get(path);
    // Not while the index as this run leaves it may still import it (or could not be read).
    const imported =
      indexLeftAlone ||
      (indexRead?.modules ?? []).some((specifier) => moduleExtension(handlersDir, HANDLERS_INDEX, specifier, path.slice(0, -".ts".length)) !== undefined);
    if (!namespaced && !imported && recorded !== undefined && recorded === textHash(text)) {
      // The stub mcp-gen wrote, untouched: nothing of the author's is lost by taking it back.
      files.push({ area: "handlers", path, contents: text, mode: "remove" });
      diagnostics.push(
        createDiagnostic({ code: "MG052", format: { file: diagnosticFile(path) }, location: { file: diagnosticFile(path), line: 1, column: 1 } }),
      );
      continue;
    }
    const remove = `\`rm ${shellWord(diagnosticFile(path))}\``;
    diagnostics.push(
      createDiagnostic({
        code: "MG050",
        format: { file: diagnosticFile(path) },
        location: { file: diagnosticFile(path), line: 1, column: 1 },
        hint: namespaced
          ? namespaceHint(namespaced.rest, namespaced, diagnosticFile)
          : recorded !== undefined
            ? `mcp-gen wrote it as a stub and you have edited it since, so it is yours and kept: if its tool was removed, ${remove} finishes the job (move what you want to keep into a subfolder first)`
            : `if its tool was removed, ${remove} finishes the job (move shared code into a subfolder first); mcp-gen never deletes a handler you wrote`,
      }),
    );
  }

  // Handler files by path, then the index.
  const byPath = (a: RenderedFile, b: RenderedFile) =>
    Number(a.path === HANDLERS_INDEX) - Number(b.path === HANDLERS_INDEX) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  return { files: files.sort(byPath), diagnostics: sortDiagnostics(diagnostics) };
}

/** A path as one shell word: quoted when it holds anything but safe characters. */
function shellWord(path: string): string {
  return /^[A-Za-z0-9_./-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`;
}

interface UnprefixedTools {
  /** By the name without the prefix: `hello` for `acme_hello`. */
  byName: Map<string, { tool: ToolModel; rest: string }>;
  /** By the handler file stem of that name. */
  byFile: Map<string, { tool: ToolModel; rest: string }>;
}

/**
 * The tools without a prefix that every tool's name starts with and that ends in `_`, `.` or
 * `-`, as a namespace does: `hello` for `acme_hello`. For hints only: the namespace the
 * handlers were written under is not known here, so nothing is moved on this guess.
 */
function unprefixedTools(model: ProjectModel): UnprefixedTools {
  const found: UnprefixedTools = { byName: new Map(), byFile: new Map() };
  const first = model.tools[0]?.name ?? "";
  for (let at = 1; at < first.length; at++) {
    const prefix = first.slice(0, at);
    if (!"_.-".includes(first[at - 1]) || !model.tools.every((tool) => tool.name.length > at && tool.name.startsWith(prefix))) continue;
    for (const tool of model.tools) {
      const rest = tool.name.slice(at);
      if (!found.byName.has(rest)) found.byName.set(rest, { tool, rest });
      const file = toolIdentifiers(rest).file;
      if (!found.byFile.has(file)) found.byFile.set(file, { tool, rest });
    }
  }
  return found;
}

function namespaceHint(oldName: string, namespaced: { tool: ToolModel }, diagnosticFile: (file: string) => string): string {
  const { name, ids } = namespaced.tool;
  return (
    `if the config's \`namespace\` renamed tool \`${oldName}\` to \`${name}\`, this handler can follow it in two runs (README: adopting a namespace): ` +
    `delete the stub ${diagnosticFile(`${ids.file}.ts`)} and its index entry if mcp-gen wrote them, take the namespace out of the config, ` +
    `write \`name: ${name}\` and \`renamedFrom: ${oldName}\` in the spec and generate; then put the namespace back with \`name: ${oldName}\`. ` +
    `Otherwise remove it if its tool was deleted`
  );
}

/** Top-level TypeScript modules only: subfolders, declarations and tests are the author's own business. */
function isHandlerModule(path: string): boolean {
  return !path.includes("/") && path.endsWith(".ts") && !/\.d\.ts$|\.(test|spec)\.ts$/.test(path);
}

function renderStub(tool: ToolModel, generatedFromHandlers: string): string {
  const summary = firstLine(tool.wire.description ?? tool.wire.title ?? "");
  const doc = summary ? `/** ${sanitizeForComment(summary)} */\n` : "";
  return `import { ToolError } from "mcp-gen/runtime";
import type { ${tsIdentifier(tool.ids.handlerType)} } from ${tsString(`${generatedFromHandlers}/${tool.ids.module}.js`)};

${doc}export const ${tsIdentifier(tool.ids.handler)}: ${tool.ids.handlerType} = async (input, context) => {
  throw new ToolError(${tsString(`${tool.name} is not implemented yet`)});
};
`;
}

function newProject(): Project {
  const { IndentationText, NewLineKind, Project, QuoteKind } = tsMorph();
  return new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Double, newLineKind: NewLineKind.LineFeed },
  });
}

function firstLine(text: string): string {
  return text
    .trim()
    .split(/\r?\n|\u2028|\u2029/)[0]
    .trim();
}
