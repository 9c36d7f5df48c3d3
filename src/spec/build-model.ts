/**
 * Stages load → check → model: from spec globs to the IR, with every diagnostic of
 * the run. The model is returned only when there is no error.
 */
import path from "node:path";
import { globSync } from "tinyglobby";
import type { ResolvedConfig } from "../config/config.js";
import { toPosix } from "../config/config.js";
import { hasErrors, type Diagnostic } from "../diagnostics/diagnostic.js";
import { checkExamples } from "./examples.js";
import { checkIdentifierCollisions, toolIdentifiers } from "./identifiers.js";
import { loadYamlFile, type LoadResult, type YamlFile } from "./load.js";
import type { JsonObject, ProjectModel, ToolModel, WireTool } from "./model.js";
import { locate } from "./positions.js";
import { WIRE_KEYS, type RawTool } from "./raw-tool.js";
import { bundleSchema } from "./refs.js";
import { checkToolSchemas } from "./schemas.js";
import { checkShape } from "./shape.js";

export interface BuildResult {
  model?: ProjectModel;
  /** Every YAML file read (specs and `$ref`ed files), by project-relative path: for code frames. */
  sources: Map<string, string>;
  diagnostics: Diagnostic[];
}

/** Spec files matched by the config's globs, project-relative and sorted (never file-system order). */
export function findSpecFiles(config: ResolvedConfig): string[] {
  const outRel = toPosix(path.relative(config.root, config.outDir));
  const handlersRel = toPosix(path.relative(config.root, config.handlersDir));
  const ignore = [...config.ignore];
  for (const dir of [outRel, handlersRel]) if (dir && !dir.startsWith("..")) ignore.push(`${dir}/**`);
  const files = globSync(config.specs, { cwd: config.root, ignore, onlyFiles: true, dot: false, expandDirectories: false });
  return [...new Set(files.map(toPosix))].sort();
}

export function buildModel(config: ResolvedConfig): BuildResult {
  const diagnostics: Diagnostic[] = [];
  const sources = new Map<string, string>();
  const specPaths = findSpecFiles(config);
  if (specPaths.length === 0) {
    diagnostics.push({
      code: "MG006",
      severity: "error",
      message: `no spec files matched ${config.specs.join(", ")} in ${toPosix(config.root) || "."}`,
    });
    return { sources, diagnostics };
  }

  // One cache for spec files and `$ref`ed files: a file referenced by many specs is parsed once.
  const cache = new Map<string, LoadResult>();
  const loadFile = (absPath: string): LoadResult => {
    let result = cache.get(absPath);
    if (!result) {
      result = loadYamlFile(toPosix(path.relative(config.root, absPath)), absPath);
      cache.set(absPath, result);
      if (result.yaml) sources.set(result.yaml.file, result.yaml.text);
    }
    return result;
  };

  const files: YamlFile[] = [];
  for (const rel of specPaths) {
    const loaded = loadFile(path.join(config.root, rel));
    diagnostics.push(...loaded.diagnostics);
    if (loaded.yaml) files.push(loaded.yaml);
  }
  const shape = checkShape(files);
  diagnostics.push(...shape.diagnostics);

  // Names are checked across every tool that has one, even those whose schemas fail
  // below, so one run reports duplicates and schema problems together.
  diagnostics.push(
    ...checkIdentifierCollisions(
      shape.tools.map((raw) => {
        const name = raw.value.name as string;
        return { name, ids: toolIdentifiers(name), location: locate(raw.yaml, [...raw.path, "name"]) };
      }),
    ),
  );
  const tools: ToolModel[] = [];
  for (const raw of shape.tools) {
    const tool = modelTool(raw, config.root, loadFile, diagnostics);
    if (tool) tools.push(tool);
  }
  if (hasErrors(diagnostics)) return { sources, diagnostics: dedupe(diagnostics) };
  tools.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { model: { tools, server: config.server }, sources, diagnostics: dedupe(diagnostics) };
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

function modelTool(
  raw: RawTool,
  root: string,
  loadFile: (absPath: string) => LoadResult,
  diagnostics: Diagnostic[],
): ToolModel | undefined {
  const { yaml, path: toolPath, value } = raw;
  const name = value.name as string;
  const extraSources = new Set<string>();
  const bundle = (key: "inputSchema" | "outputSchema") => {
    const schema = value[key];
    if (schema === undefined) return undefined;
    const result = bundleSchema({ yaml, path: [...toolPath, key], schema: schema as JsonObject, root, loadFile });
    diagnostics.push(...result.diagnostics);
    for (const s of result.sources) extraSources.add(s);
    return result;
  };
  const input = bundle("inputSchema");
  const output = bundle("outputSchema");
  if (!input) return undefined;
  const inputSchema = input.schema;
  const outputSchema = output?.schema;

  // Origins let problems inside bundled `$defs` point into the file they came from.
  const checked = checkToolSchemas({
    yaml,
    toolPath,
    inputSchema,
    outputSchema,
    origins: { input: input.origins, output: output?.origins },
  });
  diagnostics.push(...checked.diagnostics);
  if (!checked.inputDialect || (outputSchema && !checked.outputDialect)) return undefined;

  // The wire definition keeps the author's key order; only MCP fields go on the wire.
  const wire = {} as Record<string, unknown>;
  for (const [key, field] of Object.entries(value)) {
    if (!(WIRE_KEYS as readonly string[]).includes(key)) continue;
    wire[key] = key === "inputSchema" ? inputSchema : key === "outputSchema" ? outputSchema : field;
  }

  const examples = checkExamples({
    yaml,
    toolPath,
    examples: Array.isArray(value.examples) ? value.examples : [],
    input: { schema: inputSchema, dialect: checked.inputDialect },
    output: outputSchema && checked.outputDialect ? { schema: outputSchema, dialect: checked.outputDialect } : undefined,
  });
  diagnostics.push(...examples.diagnostics);

  return {
    name,
    wire: wire as unknown as WireTool,
    inputDialect: checked.inputDialect,
    outputDialect: outputSchema ? checked.outputDialect : undefined,
    ids: toolIdentifiers(name),
    examples: examples.examples,
    tags: Array.isArray(value.tags) ? (value.tags as string[]) : [],
    ...(typeof value.renamedFrom === "string" ? { renamedFrom: value.renamedFrom } : {}),
    location: locate(yaml, toolPath),
    sources: [yaml.file, ...[...extraSources].sort()],
  };
}
