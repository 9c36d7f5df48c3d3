/**
 * One run of a build session, as it relates to the recorded run it restored: which spec
 * files are unchanged (their records and lint come from the memo), which outputs the
 * emitters may leave as they are, and what the run records for the next one. A full
 * run (nothing restored) is the same object with nothing recorded: every question then
 * has the answer "compute it".
 */
import path from "node:path";
import { handlerFiles, handlerHash, type HandlerFiles } from "./handlers-folder.js";
import { toolKey, type SpecMemo, type SpecMemoEntry } from "./spec-memo.js";
import type { ResolvedConfig } from "../config/config.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { EmitContext } from "../emit/shared/emitter.js";
import type { GeneratedFile, ReuseFile, ReuseShared } from "../emit/shared/generated-file.js";
import type { FileLint } from "../lint/lint.js";
import type { BuildResult, SpecRecord } from "../spec/build-model.js";
import type { Dialect, JsonObject, ProjectModel, ToolModel } from "../spec/model.js";
import type { TokenCounts, ToolTokens } from "../spec/token-count.js";
import { toPosix } from "../util/posix.js";
import { renderManifest, MANIFEST_FILE } from "../write/manifest.js";
import type { WritePlan } from "../write/plan.js";
import type { BuildSession, Restored, SessionMemo } from "./session.js";
import { sideIds } from "./session.js";

type Partial = Extract<Restored, { kind: "partial" }>;

/** What the emit stage gets from the run: what the emitters may leave out, and the paths kept. */
export interface EmitReuse {
  recorded: NonNullable<EmitContext["recorded"]>;
  /** Area paths of generated files kept as the recorded run wrote them. */
  kept: string[];
}

export class IncrementalRun {
  private readonly partial: Partial | undefined;
  private readonly memo: SpecMemo | undefined;
  private reuse:
    | (EmitReuse & { toolKeys: Record<string, string>; validatorsKey: string; sharedKeys: Record<string, string>; recordedTool: (tool: ToolModel) => boolean })
    | undefined;
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
   * What the emitters may leave out: a tool whose key is the recorded one keeps its files,
   * which the cache has verified; so do the validators when no schema changed, and a
   * project-wide file rendered from the same data. Every run records what its
   * project-wide files were rendered from (`sharedKeys`), for the next one.
   */
  async emitReuse(model: ProjectModel, config: ResolvedConfig, tables: SessionMemo): Promise<EmitReuse> {
    const validatorsModule = await import("../emit/validators/validators-module.js");
    const chunks = tables.schemas.chunks;
    const memo = this.memo;
    // Tools of unchanged specs, in unchanged positions, have the recorded keys.
    const samePositions = memo !== undefined && sameOrder(Object.keys(memo.toolKeys), model.tools);
    const recordedTool = (tool: ToolModel): boolean => samePositions && this.unchangedSpec(tool.sources[0] ?? "");
    const toolKeys: Record<string, string> = {};
    model.tools.forEach((tool, index) => {
      toolKeys[tool.name] = recordedTool(tool) ? memo!.toolKeys[tool.name] : toolKey(tool, index);
      const schemaKeys = recordedTool(tool) ? memo!.schemaKeys[tool.name] : undefined;
      if (!schemaKeys) return;
      chunks.knowKey(tool.inputDialect, tool.wire.inputSchema, schemaKeys[0]);
      if (tool.wire.outputSchema && schemaKeys[1]) chunks.knowKey(tool.outputDialect ?? "2020-12", tool.wire.outputSchema, schemaKeys[1]);
    });
    const validatorsKey = validatorsModule.validatorsKey(model, chunks);
    const validatorsPaths = validatorsModule.validatorsPaths(model);

    const kept: string[] = [];
    const generatedPath = generatedPathOf(config);
    // An output of the recorded run (the cache has verified it is intact).
    const recorded = (areaPath: string) => this.partial?.partial.outputs.has(generatedPath(areaPath)) === true;
    let toolFile: ReuseFile | undefined;
    let validators = false;
    if (memo) {
      toolFile = (tool, _index, areaPath) => {
        if (memo.toolKeys[tool.name] !== toolKeys[tool.name] || !recorded(areaPath)) return false;
        kept.push(areaPath);
        return true;
      };
      validators = memo.validatorsKey === validatorsKey && validatorsPaths.every(recorded);
      if (validators) kept.push(...validatorsPaths);
    }
    const sharedKeys: Record<string, string> = {};
    const sharedFile: ReuseShared = (areaPath, key) => {
      sharedKeys[areaPath] = key;
      if (memo?.sharedKeys[areaPath] !== key || !recorded(areaPath)) return false;
      kept.push(areaPath);
      return true;
    };
    this.reuse = { recorded: { toolFile, sharedFile, validators }, kept, toolKeys, validatorsKey, sharedKeys, recordedTool };
    return this.reuse;
  }

  /**
   * Records a successful run for the next process (see `BuildSession.save`): each spec
   * file's share of the model and lint, each tool's keys, and the run's inputs and outputs.
   */
  async save(args: {
    project: { root: string; configFile: string | undefined; output: Parameters<BuildSession["save"]>[0]["output"] };
    config: ResolvedConfig;
    built: BuildResult;
    model: ProjectModel;
    linted: { perFile: ReadonlyMap<string, FileLint> };
    files: readonly GeneratedFile[];
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
    const generatedPath = generatedPathOf(config);
    const keptPaths = new Set(reuse.kept.map(generatedPath));
    const partial = this.partial?.partial;
    const { chunksFor } = await import("../emit/validators/validators-module.js");
    await this.session.save(
      args.project,
      { specs, toolKeys: reuse.toolKeys, schemaKeys, validatorsKey: reuse.validatorsKey, typesKeys, sharedKeys: reuse.sharedKeys, side },
      this.partial?.base,
      {
        config,
        specFiles: built.specFiles,
        sources: partial ? withRefs(args.sources, specs, partial.inputs.texts) : built.sources,
        diagnostics: args.diagnostics,
        toolCount: model.tools.length,
        ...handlersAfter(this.handlers(config), args.plan, args.written),
        outputs: ownedOutputs(args.files, args.plan, reuse.kept),
        keptOutputs: [...keptPaths].flatMap((file) => {
          const recorded = partial?.outputs.get(file);
          return recorded ? [[file, ...recorded] as const] : [];
        }),
        chunks: () => chunksFor(model, chunks),
        ...(partial ? { inputs: partial.inputs } : {}),
      },
    );
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
function ownedOutputs(files: readonly GeneratedFile[], plan: WritePlan, kept: readonly string[]): Array<[string, string]> {
  const owned = files.filter((f) => f.area === "generated" && f.mode === "generated");
  const text = new Map(owned.map((f) => [f.path, f.contents]));
  text.set(MANIFEST_FILE, renderManifest([...owned.map((f) => f.path), ...kept]));
  const outputs: Array<[string, string]> = [];
  for (const action of plan.actions) {
    if (action.area !== "generated" || action.mode !== "generated" || action.action === "remove") continue;
    const contents = text.get(action.areaPath);
    if (contents !== undefined) outputs.push([action.path, contents]);
  }
  return outputs;
}
