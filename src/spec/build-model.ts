/**
 * Stages load → check → model: from spec globs to the IR, with every diagnostic of
 * the run. The model is returned only when there is no error. Here: the spec files, each
 * file's record (what the build cache keeps), and the checks across files (names, sequences,
 * shared schemas); each tool is modelled in model-tool.ts.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { findSpecFiles } from "./find-specs.js";
import type { ResolvedConfig } from "../config/config.js";
import { namespacedToolName } from "../config/config.js";
import { hasErrors, type Diagnostic, type Location } from "../diagnostics/diagnostic.js";
import { createDiagnostic } from "../diagnostics/messages.js";
import { splitGlob } from "../util/glob-parts.js";
import { toPosix } from "../util/posix.js";
import { checkSequenceTools } from "./examples.js";
import { checkIdentifierCollisions, toolIdentifiers } from "./identifiers.js";
import { loadYamlFile, type LoadResult, type ParsedFiles } from "../yaml/load.js";
import type { ProjectModel, ToolModel } from "./model.js";
import { locate } from "../yaml/positions.js";
import { sharedSchemas } from "./shared-schemas.js";
import type { RawTool } from "./raw-tool.js";
import { compileAhead, type CompileAhead } from "./compile-ahead.js";
import { CompiledSchemas } from "./compiled-schemas.js";
import { bundleTool, type BundledTool, modelTool, type ToolSource } from "./model-tool.js";
import { checkShape } from "./shape.js";

export interface BuildResult {
  model?: ProjectModel;
  /** The project-relative spec files the config's globs matched, sorted. */
  specFiles: string[];
  /** Every YAML file read (specs and `$ref`ed files), by project-relative path: for code frames. */
  sources: Map<string, string>;
  diagnostics: Diagnostic[];
  /** Where each tool of the model came from, by (namespaced) tool name: lint points into the YAML with it. */
  toolSources: Map<string, ToolSource>;
  /**
   * Project-relative files a `$ref` named that do not exist, sorted: creating one can fix
   * the run, so `generate --watch` listens for them.
   */
  missing: string[];
  /** What each spec file read this run contributed, by project-relative path (not the reused ones). */
  perSpec: Map<string, SpecRecord>;
  /**
   * Every tool that modelled, sorted by name, also when other specs have errors and there
   * is no `model`: lint still looks at them, so one run reports everything it can.
   */
  tools?: ToolModel[];
}

/**
 * Everything one spec file contributes to a build, apart from the checks across files
 * (duplicate names and identifiers): given the same config and the same texts of the
 * file and of the files its `$ref`s reach, the same record. JSON-safe, so the build
 * cache can keep it for a later process.
 */
export interface SpecRecord {
  /** The file's tools that made it into the model, in document order. */
  tools: ToolModel[];
  /** Every tool of the file with a valid shape, (namespaced) name and where it is spelt. */
  names: Array<{ name: string; location: Location }>;
  /** Problems found loading, shaping and modelling the file's tools, in the order found. */
  diagnostics: Diagnostic[];
  /** The other files its tools' `$ref`s read, project-relative, sorted. */
  refs: string[];
}

export interface BuildOptions {
  /**
   * A record from an earlier build to use instead of reading the spec file: the build
   * cache returns one only when the file and everything its record depends on are unchanged.
   */
  reuse?: (specFile: string) => SpecRecord | undefined;
  /** The spec files the config's globs match, when the caller has just listed them. */
  specFiles?: string[];
  /**
   * The build session's memo: files parsed and schemas compiled by earlier runs of the
   * session (or restored from its cache). Without one, everything is parsed and compiled anew.
   */
  memo?: { parsed?: ParsedFiles; schemas?: CompiledSchemas };
}

export function buildModel(config: ResolvedConfig, options: BuildOptions = {}): BuildResult {
  const diagnostics: Diagnostic[] = [];
  const sources = new Map<string, string>();
  const toolSources = new Map<string, ToolSource>();
  const perSpec = new Map<string, SpecRecord>();
  const specPaths = options.specFiles ?? findSpecFiles(config);
  if (specPaths.length === 0 && emptySpecFolder(config)) {
    // The last tool removed, or a project made bare: a server with no tools yet still builds.
    diagnostics.push(
      createDiagnostic({
        code: "MG006",
        messageId: "noTools",
        severity: "warning",
        format: { folder: emptySpecFolder(config)! },
        hint: "add a tool: a YAML file there, one tool per file",
      }),
    );
  } else if (specPaths.length === 0) {
    diagnostics.push(
      createDiagnostic({
        code: "MG006",
        format: { globs: config.specs.join(", "), root: toPosix(config.root) || "." },
        hint: "write one tool per YAML file where those globs look (`mcp-gen init` makes a project with an example), or point `specs` in mcp-gen.config.yaml elsewhere",
      }),
    );
    return { specFiles: specPaths, sources, diagnostics, toolSources, perSpec, missing: [] };
  }

  // One cache for spec files and `$ref`ed files: a file referenced by many specs is parsed once.
  const cache = new Map<string, LoadResult>();
  const loadFile = (absPath: string): LoadResult => {
    let result = cache.get(absPath);
    if (!result) {
      result = loadYamlFile(toPosix(path.relative(config.root, absPath)), absPath, options.memo?.parsed);
      cache.set(absPath, result);
      const read = result.yaml ?? result.unparsed;
      if (read) sources.set(read.file, read.text);
    }
    return result;
  };

  const missing = new Set<string>();
  const fresh = specPaths.filter((rel) => !options.reuse?.(rel));
  // With many files, a worker thread compiles the schemas (ajv) while this one reads and
  // bundles the files; the modelling then finds every schema compiled. Otherwise every file
  // is parsed before any is modelled: one pass of the parser alone runs faster than parsing
  // interleaved with schema compiling (measured: about 0.1 s of a cold run at 1,000 tools).
  const schemas = options.memo?.schemas ?? new CompiledSchemas();
  const ahead = compileAhead(fresh.length, schemas);
  const prepared = new Map<string, PreparedSpec>();
  for (const rel of fresh) {
    loadFile(path.join(config.root, rel));
    if (ahead) prepared.set(rel, prepareSpecFile(rel, config, loadFile, missing, ahead));
  }
  ahead?.settle();
  const records: SpecRecord[] = [];
  for (const rel of specPaths) {
    let record = options.reuse?.(rel);
    if (!record) {
      record = finishSpecFile(prepared.get(rel) ?? prepareSpecFile(rel, config, loadFile, missing), config, toolSources, schemas);
      perSpec.set(rel, record);
    }
    records.push(record);
  }
  for (const record of records) diagnostics.push(...record.diagnostics);
  // Names are checked across every tool that has one, even those whose schemas failed,
  // so one run reports duplicates and schema problems together.
  diagnostics.push(...checkIdentifierCollisions(records.flatMap((record) => record.names.map((named) => ({ ...named, ids: toolIdentifiers(named.name) })))));
  const tools = records.flatMap((record) => record.tools);
  tools.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  diagnostics.push(...checkSequenceTools(tools, schemas));
  const shared = sharedSchemas(tools);
  diagnostics.push(...shared.diagnostics);
  const result = { specFiles: specPaths, sources, toolSources, perSpec, tools, missing: [...missing].sort() };
  if (hasErrors(diagnostics)) return { ...result, diagnostics: dedupe(diagnostics) };
  const model: ProjectModel = { tools, server: config.server, ...(shared.schemas.length > 0 ? { schemas: shared.schemas } : {}) };
  return { ...result, model, diagnostics: dedupe(diagnostics) };
}

/**
 * The folder a `specs` glob looks in, when it exists and holds nothing at all (not even a
 * misnamed file): the project has no tools yet, which is not a mistake in the config.
 */
function emptySpecFolder(config: ResolvedConfig): string | undefined {
  for (const glob of config.specs) {
    const { literal } = splitGlob(glob);
    if (literal.length === 0) continue;
    const folder = path.join(config.root, ...literal);
    try {
      if (statSync(folder).isDirectory() && readdirSync(folder).length === 0) return toPosix(path.relative(config.root, folder));
    } catch {
      // Not there: the config's globs are wrong, which the error says.
    }
  }
  return undefined;
}

/** A spec file read, shaped and bundled: what `finishSpecFile` models. */
interface PreparedSpec {
  rel: string;
  record: SpecRecord;
  /** The other files its tools' `$ref`s read so far. */
  refs: Set<string>;
  tools: Array<{ raw: RawTool; bundled: BundledTool }>;
}

/** Load, shape and bundle one spec file's tools (the first half of its `SpecRecord`). */
function prepareSpecFile(
  rel: string,
  config: ResolvedConfig,
  loadFile: (absPath: string) => LoadResult,
  missing: Set<string>,
  ahead?: CompileAhead,
): PreparedSpec {
  const refs = new Set<string>();
  const loadRef = (absPath: string): LoadResult => {
    const loaded = loadFile(absPath);
    refs.add(toPosix(path.relative(config.root, absPath)));
    return loaded;
  };
  const record: SpecRecord = { tools: [], names: [], diagnostics: [], refs: [] };
  const prepared: PreparedSpec = { rel, record, refs, tools: [] };
  const loaded = loadFile(path.join(config.root, rel));
  record.diagnostics.push(...loaded.diagnostics);
  if (!loaded.yaml) return prepared;
  const shape = checkShape([loaded.yaml]);
  record.diagnostics.push(...shape.diagnostics);
  for (const raw of shape.tools) {
    const name = namespacedToolName(config.namespace, raw.value.name as string);
    record.names.push({ name, location: locate(raw.yaml, [...raw.path, "name"]) });
  }
  const notFound = (absPath: string) => missing.add(toPosix(path.relative(config.root, absPath)));
  for (const raw of shape.tools) {
    const bundled = bundleTool(raw, config, { loadFile: loadRef, notFound });
    if (ahead) for (const result of [bundled.input, bundled.output]) if (result) ahead.submit(result.schema);
    prepared.tools.push({ raw, bundled });
  }
  return prepared;
}

/** Check and model a prepared spec file's tools: its `SpecRecord`, and each modelled tool's source. */
function finishSpecFile(prepared: PreparedSpec, config: ResolvedConfig, toolSources: Map<string, ToolSource>, schemas: CompiledSchemas): SpecRecord {
  const { record } = prepared;
  for (const { raw, bundled } of prepared.tools) {
    const errorsBefore = record.diagnostics.filter((d) => d.severity === "error").length;
    record.diagnostics.push(...bundled.diagnostics);
    const modelled = modelTool(raw, bundled, config, record.diagnostics, schemas);
    if (!modelled) {
      // A tool is never left out in silence: whatever stopped it must be on the record.
      if (record.diagnostics.filter((d) => d.severity === "error").length === errorsBefore) {
        record.diagnostics.push(
          createDiagnostic({
            code: "MG099",
            messageId: "notModelled",
            format: { tool: raw.value.name as string },
            location: locate(raw.yaml, raw.path),
            hint: "please report this spec to mcp-gen",
          }),
        );
      }
      continue;
    }
    record.tools.push(modelled.tool);
    toolSources.set(modelled.tool.name, modelled.source);
  }
  prepared.refs.delete(prepared.rel);
  record.refs = [...prepared.refs].sort();
  return record;
}

/** A schema file `$ref`ed by several tools reports its problems once, not once per tool. */
function dedupe(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const l = d.location;
    const key = `${d.code}\0${d.severity}\0${l?.file}:${l?.line}:${l?.column}\0${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
