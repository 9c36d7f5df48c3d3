/**
 * One run of a build session, as it relates to the recorded run it restored: which spec
 * files are unchanged (their records and lint come from the memo), which outputs the
 * emitters may leave as they are, and what the run records for the next one. A full
 * run (nothing restored) is the same object with nothing recorded: every question then
 * has the answer "compute it".
 */
import path from "node:path";
import { handlerFiles, handlerHash, type HandlerFiles } from "./handlers-folder.js";
import { type SpecMemo, type SpecMemoEntry, sideIds } from "./spec-memo.js";
import type { ResolvedConfig } from "../config/config.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { GeneratedFile, RenderedFile } from "../emit/shared/generated-file.js";
import type { FileLint } from "../lint/lint.js";
import type { BuildResult, SpecRecord } from "../spec/build-model.js";
import type { Dialect, JsonObject, ProjectModel, ToolModel } from "../spec/model.js";
import type { TokenCounts, ToolTokens } from "../spec/token-count.js";
import { toPosix } from "../util/posix.js";
import { renderManifest, MANIFEST_FILE } from "../write/manifest.js";
import type { WritePlan } from "../write/plan.js";
import type { BuildSession, Restored, SessionMemo } from "./session.js";

type Partial = Extract<Restored, { kind: "partial" }>;

/** What the emit stage gets from the run: which described files need not be rendered. */
export interface EmitReuse {
  /**
   * True for a generated file whose key is the one the recorded run wrote it with, and
   * which the cache found intact on disk: it is kept as it is, not rendered.
   */
  keep(file: GeneratedFile): boolean;
}

export class IncrementalRun {
  private readonly partial: Partial | undefined;
  private readonly memo: SpecMemo | undefined;
  private reuse: { recordedTool: (tool: ToolModel) => boolean } | undefined;
  private handlersSeen: HandlerFiles | undefined;

  constructor(
    private readonly session: BuildSession,
    restored: Restored,
  ) {
    this.partial = restored.kind === "partial" ? restored : undefined;
    this.memo = this.partial?.memo;
  }

  /** The spec files read again (only they changed since the recorded run); undefined in a full run. */
  get changedSpecs(): string[] | undefined {
    return this.partial ? [...this.partial.partial.changed].sort() : undefined;
  }

  /** The restored partial run, for the load stage; undefined in a full run. */
  get restored(): Partial | undefined {
    return this.partial;
  }

  /** True when the spec file is as the recorded run read it, and its record is at hand. */
  unchangedSpec(file: string): boolean {
    return this.partial !== undefined && !this.partial.partial.changed.has(file) && this.memo?.specs[file] !== undefined;
  }

  /** The recorded contribution of an unchanged spec file (what `buildModel` reuses). */
  recordedSpec(file: string): SpecRecord | undefined {
    return this.unchangedSpec(file) ? this.memo!.specs[file] : undefined;
  }

  /** An unchanged spec's share of the lint: the recorded one. */
  recordedLint(file: string): FileLint | undefined {
    if (!this.unchangedSpec(file)) return undefined;
    const entry = this.memo!.specs[file];
    return { diagnostics: entry.lint, names: entry.spelt };
  }

  /** The handlers folder as the stubs emitter sees it (as restored, or listed now). */
  handlers(config: ResolvedConfig): HandlerFiles {
    this.handlersSeen ??= this.partial ? this.partial.partial.inputs.handlers : handlerFiles(config.handlersDir);
    return this.handlersSeen;
  }

  /**
   * Before the emitters run: the memo tables learn what the recorded run computed for the
   * tools of unchanged spec files in unchanged positions (each tool's hash, its schemas'
   * chunk keys), so neither is computed again. After they have described their files,
   * `keep` tells which of them the run leaves as the recorded run wrote them: a file whose
   * key (what its text is rendered from) is the recorded one, found intact on disk.
   */
  prepareEmit(model: ProjectModel, config: ResolvedConfig, tables: SessionMemo): EmitReuse {
    const chunks = tables.schemas.chunks;
    const memo = this.memo;
    const samePositions = memo !== undefined && sameOrder(Object.keys(memo.toolHashes), model.tools);
    const recordedTool = (tool: ToolModel): boolean => samePositions && this.unchangedSpec(tool.sources[0] ?? "");
    for (const tool of model.tools) {
      if (!recordedTool(tool)) continue;
      tables.tools.know(tool, memo!.toolHashes[tool.name]);
      const schemaKeys = memo!.schemaKeys[tool.name];
      if (!schemaKeys) continue;
      chunks.knowKey(tool.inputDialect, tool.wire.inputSchema, schemaKeys[0]);
      if (tool.wire.outputSchema && schemaKeys[1]) chunks.knowKey(tool.outputDialect ?? "2020-12", tool.wire.outputSchema, schemaKeys[1]);
    }
    this.reuse = { recordedTool };
    const generatedPath = generatedPathOf(config);
    const outputs = this.partial?.partial.outputs;
    return {
      keep: (file) =>
        memo !== undefined &&
        file.area === "generated" &&
        file.key !== undefined &&
        memo.fileKeys[file.path] === file.key &&
        outputs?.has(generatedPath(file.path)) === true,
    };
  }

  /**
   * Records a successful run for the next process (see `BuildSession.save`): each spec
   * file's share of the model and lint, each tool's hash, each keyed file's key, and the run's inputs and outputs.
   */
  async save(args: {
    project: { root: string; configFile: string | undefined; output: Parameters<BuildSession["save"]>[0]["output"] };
    config: ResolvedConfig;
    built: BuildResult;
    model: ProjectModel;
    linted: { perFile: ReadonlyMap<string, FileLint> };
    /** What the emitters described (their keys are recorded), what was rendered of it, and the area paths kept. */
    described: readonly GeneratedFile[];
    files: readonly RenderedFile[];
    kept: readonly string[];
    plan: WritePlan;
    written: readonly string[];
    diagnostics: Diagnostic[];
    sources: ReadonlyMap<string, string>;
  }): Promise<void> {
    const reuse = this.reuse;
    if (!reuse) return;
    const { built, model, linted, config } = args;
    const memo = this.memo;
    const tables = await this.session.memo();
    const specs: SpecMemo["specs"] = {};
    for (const file of built.specFiles) {
      const fresh = built.perSpec.get(file);
      if (!fresh) {
        if (this.unchangedSpec(file)) specs[file] = withTokens(memo!.specs[file], tables.tokens);
        continue;
      }
      const share = linted.perFile.get(file);
      specs[file] = withTokens({ ...fresh, lint: share?.diagnostics ?? [], spelt: share?.names ?? [] }, tables.tokens);
    }
    const { recordedTool } = reuse;
    const chunks = tables.schemas.chunks;
    const schemaKeys = schemaKeysOf(
      model,
      (dialect, schema) => chunks.keyOf(dialect, schema),
      (tool) => (recordedTool(tool) ? memo!.schemaKeys[tool.name] : undefined),
    );
    const typesKeys: SpecMemo["typesKeys"] = {};
    for (const tool of model.tools) typesKeys[tool.name] = recordedTool(tool) ? memo!.typesKeys[tool.name] : tables.translations.keyOf(tool);
    const side = sideIds(schemaKeys, typesKeys);
    const toolHashes: SpecMemo["toolHashes"] = {};
    for (const tool of model.tools) toolHashes[tool.name] = tables.tools.of(tool);
    const fileKeys: SpecMemo["fileKeys"] = {};
    for (const file of args.described) if (file.area === "generated" && file.key !== undefined) fileKeys[file.path] = file.key;
    const generatedPath = generatedPathOf(config);
    const keptPaths = new Set(args.kept.map(generatedPath));
    const partial = this.partial?.partial;
    const { chunksFor } = await import("../emit/validators/validators-module.js");
    await this.session.save(args.project, { specs, toolHashes, schemaKeys, typesKeys, fileKeys, side }, this.partial?.base, {
      config,
      specFiles: built.specFiles,
      sources: partial ? withRefs(args.sources, specs, partial.inputs.texts) : built.sources,
      diagnostics: args.diagnostics,
      toolCount: model.tools.length,
      ...handlersAfter(this.handlers(config), args.plan, args.written),
      outputs: ownedOutputs(args.files, args.plan, args.kept),
      keptOutputs: [...keptPaths].flatMap((file) => {
        const recorded = partial?.outputs.get(file);
        return recorded ? [[file, ...recorded] as const] : [];
      }),
      chunks: () => chunksFor(model, chunks),
      ...(partial ? { inputs: partial.inputs } : {}),
    });
  }
}

/**
 * The entry with the token counts of its tools this run knows (counted now or restored),
 * so the next run need not count them; the entry itself when it already holds them all.
 */
function withTokens(entry: SpecMemoEntry, counts: TokenCounts): SpecMemoEntry {
  const known = entry.tools.filter((tool) => entry.tokens?.[tool.name] !== undefined || counts.knows(tool.wire));
  if (known.length === 0 || known.every((tool) => entry.tokens?.[tool.name] !== undefined)) return entry;
  const tokens: Record<string, ToolTokens> = {};
  for (const tool of known) tokens[tool.name] = entry.tokens?.[tool.name] ?? counts.of(tool.wire);
  return { ...entry, tokens };
}

/** Project-relative path of a file of the generated area (the cache's outputs are keyed so). */
function generatedPathOf(config: ResolvedConfig): (areaPath: string) => string {
  const outDir = toPosix(path.relative(config.root, config.outDir));
  return (areaPath) => (outDir ? `${outDir}/${areaPath}` : areaPath);
}

function sameOrder(names: readonly string[], tools: readonly ToolModel[]): boolean {
  return names.length === tools.length && tools.every((tool, index) => tool.name === names[index]);
}

function schemaKeysOf(
  model: ProjectModel,
  chunkKey: (dialect: Dialect, schema: JsonObject) => string,
  recorded: (tool: ToolModel) => SpecMemo["schemaKeys"][string] | undefined,
): SpecMemo["schemaKeys"] {
  const keys: SpecMemo["schemaKeys"] = {};
  for (const tool of model.tools) {
    const known = recorded(tool);
    if (known) {
      keys[tool.name] = known;
      continue;
    }
    const output = tool.wire.outputSchema;
    keys[tool.name] = [chunkKey(tool.inputDialect, tool.wire.inputSchema), output ? chunkKey(tool.outputDialect ?? "2020-12", output) : null];
  }
  return keys;
}

/**
 * The texts a partial run read, as a full run's `sources` would have them: the spec
 * files and every file their `$ref`s reached (recorded or read now), without the config.
 */
function withRefs(sources: ReadonlyMap<string, string>, specs: SpecMemo["specs"], texts: ReadonlyMap<string, string>): Map<string, string> {
  const read = new Map<string, string>();
  for (const [file, entry] of Object.entries(specs)) {
    for (const name of [file, ...entry.refs]) {
      const text = sources.get(name) ?? texts.get(name);
      if (text !== undefined) read.set(name, text);
    }
  }
  return read;
}

/**
 * The handlers folder's top-level `.ts` files after the run (the hash of each text): what
 * was listed, plus what the run wrote or moved; and the names the run wrote.
 */
function handlersAfter(seen: HandlerFiles, plan: WritePlan, written: readonly string[]): { handlers: Map<string, string>; handlersWritten: Set<string> } {
  const after = new Map(seen.hashes());
  const wrote = new Set<string>();
  const done = new Set(written);
  const topLevel = (absPath: string) => path.dirname(absPath) === path.resolve(plan.dirs.handlers);
  for (const action of plan.actions) {
    if (action.area !== "handlers" || !done.has(action.path) || !topLevel(action.absPath)) continue;
    const name = path.basename(action.absPath);
    if (!name.endsWith(".ts") || name.endsWith(".d.ts")) continue;
    if (action.action === "rename" && action.fromAbsPath && topLevel(action.fromAbsPath)) after.delete(path.basename(action.fromAbsPath));
    if (action.action === "remove") {
      after.delete(name);
      continue;
    }
    after.set(name, handlerHash(action.contents ?? ""));
    wrote.add(name);
  }
  return { handlers: after, handlersWritten: wrote };
}

/**
 * Every file mcp-gen wrote or found right in generated/ after the plan, the manifest
 * included, with its text; not the `kept` ones (no emitter produced them), which the
 * manifest lists all the same.
 */
function ownedOutputs(files: readonly RenderedFile[], plan: WritePlan, kept: readonly string[]): Array<[string, string]> {
  const owned = files.filter((f) => f.area === "generated" && f.mode === "generated");
  const text = new Map(owned.map((f) => [f.path, f.contents]));
  // The plan's own text: it also records the handler stubs mcp-gen wrote.
  text.set(MANIFEST_FILE, plan.manifest || renderManifest([...owned.map((f) => f.path), ...kept]));
  const outputs: Array<[string, string]> = [];
  for (const action of plan.actions) {
    if (action.area !== "generated" || action.mode !== "generated" || action.action === "remove") continue;
    const contents = text.get(action.areaPath);
    if (contents !== undefined) outputs.push([action.path, contents]);
  }
  return outputs;
}
