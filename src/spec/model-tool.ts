/**
 * One tool, from its YAML mapping to the model: its namespaced name, its schemas bundled
 * (`$ref`s to other files copied in), their checks and its examples' checks, and the
 * `ToolModel` with where it came from. build-model.ts runs this over every spec file and
 * checks what spans files (names, sequences, shared schemas).
 */
import type { ResolvedConfig } from "../config/config.js";
import { namespacedToolName } from "../config/config.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnosticMessage } from "../diagnostics/messages.js";
import type { CompiledSchemas } from "./compiled-schemas.js";
import { checkExamples } from "./examples.js";
import { toolIdentifiers } from "./identifiers.js";
import type { YamlFile } from "../yaml/load.js";
import type { JsonObject, SharedSchemaUse, ToolModel, WireTool } from "./model.js";
import { locate, pathToPointer, type DataPath } from "../yaml/positions.js";
import { WIRE_KEYS, type RawTool } from "./raw-tool.js";
import { bundleSchema, type BundleArgs, type BundledOrigin, type BundleResult } from "./refs.js";
import { checkToolSchemas } from "./schemas.js";
import { checkToolName } from "./shape.js";

/** A tool's YAML and, for schemas bundled from other files, where their `$defs` came from. */
export interface ToolSource {
  yaml: YamlFile;
  /** Path of the tool's mapping in `yaml`. */
  path: DataPath;
  /** The name as the spec writes it, before the config's namespace. */
  specName: string;
  origins: { input: BundledOrigin[]; output: BundledOrigin[] };
}

/** A tool's schemas with their `$ref`s bundled, and what bundling (and its namespaced name) found. */
export interface BundledTool {
  /** The tool's name with the config's namespace applied. */
  name: string;
  input?: BundleResult;
  output?: BundleResult;
  /** Other files the schemas read. */
  extraSources: Set<string>;
  diagnostics: Diagnostic[];
}

export function bundleTool(raw: RawTool, config: ResolvedConfig, files: Pick<BundleArgs, "loadFile" | "notFound">): BundledTool {
  const { yaml, path: toolPath, value } = raw;
  const diagnostics: Diagnostic[] = [];
  const specName = value.name as string;
  // The namespace is applied here, once: tools/list, types, files and handlers all follow `name`.
  const name = namespacedToolName(config.namespace, specName);
  if (name !== specName) {
    const tooLong = checkToolName(yaml, [...toolPath, "name"], name);
    // The whole name is too long, not a part the spec spells: point at the spec's name.
    if (tooLong) {
      const message = diagnosticMessage({
        code: "MG012",
        messageId: "withNamespace",
        format: { message: tooLong.message, namespace: String(config.namespace) },
      });
      diagnostics.push({ ...tooLong, message, location: locate(yaml, [...toolPath, "name"]) });
    }
  }
  const extraSources = new Set<string>();
  const bundle = (key: "inputSchema" | "outputSchema") => {
    const schema = value[key];
    if (schema === undefined) return undefined;
    const result = bundleSchema({
      yaml,
      path: [...toolPath, key],
      schema: schema as JsonObject,
      root: config.root,
      hoistRootRef: key === "outputSchema",
      ...files,
    });
    diagnostics.push(...result.diagnostics);
    for (const s of result.sources) extraSources.add(s);
    return result;
  };
  const input = bundle("inputSchema");
  const output = bundle("outputSchema");
  return { name, input, output, extraSources, diagnostics };
}

/**
 * Checks one bundled tool's schemas and examples and makes its `ToolModel`; undefined when
 * a problem (in `diagnostics`) keeps it out of the model.
 */
export function modelTool(
  raw: RawTool,
  bundled: BundledTool,
  config: ResolvedConfig,
  diagnostics: Diagnostic[],
  schemas: CompiledSchemas,
): { tool: ToolModel; source: ToolSource } | undefined {
  const { yaml, path: toolPath, value } = raw;
  const specName = value.name as string;
  const { name, input, output, extraSources } = bundled;
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
    schemas,
  });
  diagnostics.push(...checked.diagnostics);
  if (!checked.inputDialect || (outputSchema && !checked.outputDialect)) return undefined;

  // The wire definition keeps the author's key order; only MCP fields go on the wire.
  const wire = {} as Record<string, unknown>;
  for (const [key, field] of Object.entries(value)) {
    if (!(WIRE_KEYS as readonly string[]).includes(key)) continue;
    wire[key] = key === "inputSchema" ? inputSchema : key === "outputSchema" ? outputSchema : key === "name" ? name : field;
  }

  const examples = checkExamples({
    yaml,
    toolPath,
    examples: Array.isArray(value.examples) ? value.examples : [],
    input: { schema: inputSchema, dialect: checked.inputDialect },
    output: outputSchema && checked.outputDialect ? { schema: outputSchema, dialect: checked.outputDialect } : undefined,
    schemas,
    toolName: name,
    modelName: (specName) => namespacedToolName(config.namespace, specName),
  });
  diagnostics.push(...examples.diagnostics);

  const tool: ToolModel = {
    name,
    wire: wire as unknown as WireTool,
    inputDialect: checked.inputDialect,
    outputDialect: outputSchema ? checked.outputDialect : undefined,
    ids: toolIdentifiers(name),
    examples: examples.examples,
    tags: Array.isArray(value.tags) ? (value.tags as string[]) : [],
    ...(Array.isArray((value.auth as { scopes?: unknown } | undefined)?.scopes) ? { auth: { scopes: [...(value.auth as { scopes: string[] }).scopes] } } : {}),
    ...(taskOf(value.task) ?? {}),
    ...(typeof value.renamedFrom === "string" ? { renamedFrom: namespacedToolName(config.namespace, value.renamedFrom) } : {}),
    location: locate(yaml, toolPath),
    sources: [yaml.file, ...[...extraSources].sort()],
  };
  const shared = [...sharedUses("inputSchema", input.origins), ...sharedUses("outputSchema", output?.origins ?? [])];
  if (shared.length > 0) tool.shared = shared;
  return { tool, source: { yaml, path: toolPath, specName, origins: { input: input.origins, output: output?.origins ?? [] } } };
}

/** The spec's `task:` (its shape passed the spec schema), with only the members it sets. */
function taskOf(task: unknown): { task: { ttl?: number; pollInterval?: number } } | undefined {
  if (typeof task !== "object" || task === null) return undefined;
  const { ttl, pollInterval } = task as { ttl?: number; pollInterval?: number };
  return { task: { ...(ttl === undefined ? {} : { ttl }), ...(pollInterval === undefined ? {} : { pollInterval }) } };
}

/** What the bundler copied from other files into one schema, as the model records it. */
function sharedUses(schema: SharedSchemaUse["schema"], origins: readonly BundledOrigin[]): SharedSchemaUse[] {
  return origins.map((origin) => {
    const value = locateValue(origin.yaml.value, origin.path);
    const title =
      typeof value === "object" && value !== null && typeof (value as { title?: unknown }).title === "string" ? (value as { title: string }).title : undefined;
    return {
      schema,
      entry: origin.name,
      defsKey: origin.defsKey,
      id: `${origin.yaml.file}#${pathToPointer(origin.path)}`,
      ...(title === undefined ? {} : { title }),
      location: title === undefined ? locate(origin.yaml, origin.path) : locate(origin.yaml, [...origin.path, "title"]),
    };
  });
}

function locateValue(value: unknown, path: DataPath): unknown {
  let current = value;
  for (const segment of path) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment as string];
  }
  return current;
}
