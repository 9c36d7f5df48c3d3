/**
 * The build session: one explicit object per project run, as TypeScript's builder
 * program is. It owns
 *
 * - the memo tables the stages compute through, keyed by content (files parsed, schemas
 *   compiled and their standalone code, types translated): `memo`;
 * - what it knows of the cache on disk, `node_modules/.cache/mcp-gen` (src/build/cache-store.ts), and
 *   the snapshot of the inputs the last `restore` read from disk (specs and `$ref`ed
 *   files, config, handlers folder, mcp-gen's own identity);
 * - `restore` (before a run: a hit, a partial run, or nothing) and `save` (after a
 *   successful run: the record and memo the next process restores).
 *
 * Stages never keep anything at module scope: they take the tables from here. A
 * `--watch` keeps one session per project between runs (`BuildSessions`), so a change
 * to one spec re-parses, re-compiles and re-translates only what that spec reaches.
 */
import { randomBytes } from "node:crypto";
import { cacheDisabledByEnv } from "./cache-file.js";
import { CacheStore, probeCache, recordRun, type CachedRun, type PartialRun, type RunRecord } from "./cache-store.js";
import type { OutputOptions } from "./fingerprints.js";
import type { MemoBase, SpecMemo } from "./spec-memo.js";
import type { ResolvedConfig } from "../config/config.js";
import type { TypeTranslations } from "../emit/tools/tool-modules.js";
import type { ParsedFiles } from "../yaml/load.js";
import type { CompiledSchemas } from "../spec/compiled-schemas.js";
import type { ToolModel } from "../spec/model.js";
import type { TokenCounts, ToolTokens } from "../spec/token-count.js";
import type { ToolHashes } from "../spec/tool-hashes.js";

/** The memo tables, by what they hold; each stage takes the ones it computes through. */
export interface SessionMemo {
  parsed: ParsedFiles;
  schemas: CompiledSchemas;
  translations: TypeTranslations;
  /** Each tool's hash, what a file made from one tool is keyed by. */
  tools: ToolHashes;
  /** Token counts of tools/list entries (src/spec/token-count.ts), by the entry's content. */
  tokens: TokenCounts;
}

/** What `restore` found: the recorded answer, what a partial run reuses, or nothing (a full run). */
export type Restored = { kind: "hit"; run: CachedRun } | { kind: "partial"; partial: PartialRun; memo: SpecMemo; base: MemoBase } | { kind: "none" };

export interface RestoreArgs {
  cwd: string;
  projectRoot: string;
  configFile: string | undefined;
  output: OutputOptions;
  /** `--check`: every output's bytes are compared, not only size and time. */
  verifyBytes: boolean;
  findSpecFiles: (config: ResolvedConfig) => string[];
}

export class BuildSession {
  readonly store = new CacheStore();
  private tables: Promise<SessionMemo> | undefined;

  /**
   * The memo tables, made on first use: their modules load YAML, ajv and the types
   * emitter's code, which a run answered from the cache never needs.
   */
  memo(): Promise<SessionMemo> {
    this.tables ??= Promise.all([
      import("../yaml/load.js"),
      import("../spec/compiled-schemas.js"),
      import("../emit/tools/tool-modules.js"),
      import("../spec/tool-hashes.js"),
      import("../spec/token-count.js"),
    ]).then(([{ ParsedFiles }, { CompiledSchemas }, { TypeTranslations }, { ToolHashes }, { TokenCounts }]) => ({
      parsed: new ParsedFiles(),
      schemas: new CompiledSchemas(),
      translations: new TypeTranslations(),
      tools: new ToolHashes(),
      tokens: new TokenCounts(),
    }));
    return this.tables;
  }

  /**
   * Compares the inputs on disk with the recorded run. On a partial run, hands the memo
   * tables the recorded run's validators' code and types, read when first needed: unchanged
   * schemas then need neither ajv nor json-schema-to-typescript.
   */
  async restore(args: RestoreArgs): Promise<Restored> {
    const probe = probeCache(this.store, args.cwd, args.projectRoot, args.configFile, { ...args.output, verifyBytes: args.verifyBytes }, args.findSpecFiles);
    if (!probe) return { kind: "none" };
    if ("hit" in probe) return { kind: "hit", run: probe.hit };
    // A memo this build cannot read means a full run.
    const partial = probe.partial;
    const { loadMemo } = await import("./spec-memo.js");
    const loaded = loadMemo(partial.memo, partial.readSide);
    if (!loaded) return { kind: "none" };
    const { memo } = loaded;
    const sideEntries = (name: "chunks" | "types") => (): Array<[string, string]> => {
      const data = partial.readSide(name, memo.side[name]);
      return Array.isArray(data) ? (data as Array<[string, string]>) : [];
    };
    const tables = await this.memo();
    tables.schemas.chunks.restoreFrom({
      keys: new Set(
        Object.values(memo.schemaKeys)
          .flat()
          .filter((key): key is string => key !== null),
      ),
      load: sideEntries("chunks"),
    });
    tables.translations.restoreFrom({ keys: new Set(Object.values(memo.typesKeys)), load: sideEntries("types") });
    tables.tokens.restoreFrom(() => recordedTokens(memo));
    return { kind: "partial", partial, memo, base: loaded.base };
  }

  /**
   * Records a successful run for the next process: the run record, the memo (through its
   * base side file) and the side files of the validators' code and the types.
   */
  async save(
    project: { root: string; configFile: string | undefined; output: OutputOptions },
    memo: SpecMemo,
    previousBase: MemoBase | undefined,
    record: Omit<RunRecord, "memo" | "side"> & { chunks: () => unknown },
  ): Promise<void> {
    const { chunks, ...run } = record;
    const [tables, { storeMemo }] = await Promise.all([this.memo(), import("./spec-memo.js")]);
    const stored = storeMemo(memo, previousBase, () => randomBytes(20).toString("hex"));
    const typesKeys = new Set(Object.values(memo.typesKeys));
    recordRun(this.store, project.root, project.configFile, project.output, {
      ...run,
      memo: stored.memo,
      side: {
        specs: stored.base,
        chunks: { id: memo.side.chunks, data: chunks },
        types: { id: memo.side.types, data: () => tables.translations.translationsFor(typesKeys) },
      },
    });
  }
}

/** The token counts a memo's spec entries recorded, with the entries they count. */
function* recordedTokens(memo: SpecMemo): Iterable<readonly [ToolModel["wire"], ToolTokens]> {
  for (const entry of Object.values(memo.specs)) {
    for (const tool of entry.tools) {
      const tokens = entry.tokens?.[tool.name];
      if (tokens) yield [tool.wire, tokens];
    }
  }
}

/**
 * One session per project, kept between runs: what `--watch` holds (and a workspace run,
 * whose projects each have their own).
 */
export class BuildSessions {
  private readonly byProject = new Map<string, BuildSession>();

  /** The session of the project whose config file (or root, without one) is `key`. */
  for(key: string): BuildSession {
    let session = this.byProject.get(key);
    if (!session) this.byProject.set(key, (session = new BuildSession()));
    return session;
  }
}

/** Whether the build cache is read: `--no-cache` and `MCP_GEN_NO_CACHE=1` turn it off. */
export function cacheWanted(option: boolean | undefined): boolean {
  return option !== false && !cacheDisabledByEnv();
}
