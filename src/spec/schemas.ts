/**
 * Semantic checks of a tool's (already bundled) schemas: dialect, root type, `required`
 * names, patterns, formats and keywords outside the vocabulary, `$ref` cycles that never
 * move into the data, and that ajv compiles them. The compiled validators are kept by the
 * session's `CompiledSchemas` (compiled-schemas.ts) for the example checker and the
 * validators emitter.
 */
import type { Diagnostic, Location } from "../diagnostics/diagnostic.js";
import { createDiagnostic } from "../diagnostics/messages.js";
import { isKnownFormat } from "./ajv.js";
import type { CompiledSchemas } from "./compiled-schemas.js";
import { SUPPORTED_DIALECT_URIS, dialectOf } from "./dialect.js";
import { inPlaceRefCycle, localTarget } from "./local-refs.js";
import type { YamlFile } from "../yaml/load.js";
import type { Dialect, JsonObject } from "./model.js";
import { locate, type DataPath } from "../yaml/positions.js";
import type { BundledOrigin } from "./refs.js";
import { suggest } from "../util/suggest.js";
import { closestKeyword, forEachSchema, isKnownKeyword, type SchemaPath } from "./vocabulary.js";

export interface SchemaCheckArgs {
  yaml: YamlFile;
  toolPath: DataPath;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  /** `bundleSchema`'s origins, so problems inside bundled `$defs` point into the file they came from. */
  origins?: { input?: BundledOrigin[]; output?: BundledOrigin[] };
  /** The session's compiled schemas, where this check compiles. */
  schemas: CompiledSchemas;
}

export interface SchemaCheckResult {
  /** Absent when the dialect is unsupported or the schema does not compile. */
  inputDialect?: Dialect;
  outputDialect?: Dialect;
  diagnostics: Diagnostic[];
}

/**
 * Checks both schemas of a tool. A dialect is returned only for a schema that compiled;
 * a schema with a `$ref` that does not resolve is not compiled (bundleSchema reports it).
 */
export function checkToolSchemas(args: SchemaCheckArgs): SchemaCheckResult {
  const input = checkSchema(args, "inputSchema", args.inputSchema, args.origins?.input);
  const output = args.outputSchema ? checkSchema(args, "outputSchema", args.outputSchema, args.origins?.output) : undefined;
  return {
    inputDialect: input.dialect,
    outputDialect: output?.dialect,
    diagnostics: [...input.diagnostics, ...(output?.diagnostics ?? [])],
  };
}

type Locator = (schemaPath: SchemaPath, part?: "key" | "value") => Location;

function locatorFor(yaml: YamlFile, base: DataPath, origins: BundledOrigin[] = []): Locator {
  return (schemaPath, part = "value") => {
    const origin = origins.find((o) => !o.root && o.defsKey === schemaPath[0] && o.name === schemaPath[1]);
    if (origin) return locate(origin.yaml, [...origin.path, ...schemaPath.slice(2)], part);
    const root = origins.find((o) => o.root);
    if (root && schemaPath.length > 0 && schemaPath[0] !== "$schema") return locate(root.yaml, [...root.path, ...schemaPath], part);
    return locate(yaml, [...base, ...schemaPath], part);
  };
}

function checkSchema(
  args: SchemaCheckArgs,
  key: "inputSchema" | "outputSchema",
  schema: JsonObject,
  origins: BundledOrigin[] | undefined,
): { dialect?: Dialect; diagnostics: Diagnostic[] } {
  const base = [...args.toolPath, key];
  const at = locatorFor(args.yaml, base, origins);
  const diagnostics: Diagnostic[] = [];

  const dialect = dialectOf(schema.$schema);
  if (!dialect) {
    diagnostics.push(
      createDiagnostic({
        code: "MG021",
        format: { schema: String(schema.$schema), supported: SUPPORTED_DIALECT_URIS.join(" (the default), ") },
        location: at(["$schema"]),
      }),
    );
  }
  if (key === "inputSchema" && schema.type !== "object") {
    if ("type" in schema) {
      const found = typeof schema.type === "string" ? schema.type : JSON.stringify(schema.type);
      diagnostics.push(createDiagnostic({ code: "MG020", format: { found }, location: at(["type"]) }));
    } else {
      diagnostics.push(createDiagnostic({ code: "MG020", messageId: "typeMissing", location: locate(args.yaml, base, "key") }));
    }
  }

  let badPattern = false;
  forEachSchema(schema, (node, schemaPath) => {
    const { required, properties } = node;
    if (isPlainObject(properties) && Object.hasOwn(properties, "__proto__")) {
      // ajv skips `__proto__` in `properties` (and finds one inherited for `required`): such a
      // property would reach handlers unchecked, so it cannot be part of a validated schema.
      diagnostics.push(createDiagnostic({ code: "MG181", location: at([...schemaPath, "properties", "__proto__"], "key") }));
    }
    if (Array.isArray(required) && isPlainObject(properties)) {
      required.forEach((name, i) => {
        if (typeof name !== "string" || Object.hasOwn(properties, name)) return;
        const close = suggest(name, Object.keys(properties));
        diagnostics.push(
          createDiagnostic({
            code: "MG023",
            format: { name },
            location: at([...schemaPath, "required", i]),
            hint: close ? `did you mean \`${close}\`?` : undefined,
          }),
        );
      });
    }
    for (const [pattern, where, part] of patternsOf(node, schemaPath)) {
      try {
        new RegExp(pattern, "u");
      } catch (reason) {
        badPattern = true;
        diagnostics.push(
          createDiagnostic({ code: "MG022", messageId: "badPattern", format: { pattern, reason: (reason as Error).message }, location: at(where, part) }),
        );
      }
    }
    if (!dialect) return;
    if (typeof node.format === "string" && !isKnownFormat(node.format)) {
      diagnostics.push(createDiagnostic({ code: "MG024", format: { format: node.format }, location: at([...schemaPath, "format"]) }));
    }
    for (const keyword of Object.keys(node)) {
      if (isKnownKeyword(dialect, keyword)) continue;
      const suggestion = keyword.startsWith("x-") ? undefined : closestKeyword(dialect, keyword);
      diagnostics.push(
        createDiagnostic({
          code: "MG025",
          format: { keyword, dialect },
          location: at([...schemaPath, keyword], "key"),
          hint: suggestion ? `did you mean \`${suggestion}\`?` : undefined,
        }),
      );
    }
  });
  // bundleSchema already reported refs that do not resolve (MG030-MG033); ajv would only repeat them.
  if (!dialect || badPattern || hasUnresolvedRef(schema)) return { diagnostics };
  const cycle = inPlaceRefCycle(schema);
  if (cycle) {
    diagnostics.push(
      createDiagnostic({
        code: "MG034",
        location: at(cycle),
        hint: "a recursive schema must recurse through `properties`, `items` or another keyword that applies to a part of the value",
      }),
    );
    return { diagnostics };
  }

  const compiled = args.schemas.compile(schema, dialect);
  for (const problem of compiled.problems)
    diagnostics.push(createDiagnostic({ code: "MG022", format: { key, reason: problem.message }, location: at(problem.path) }));
  return { dialect: compiled.problems.length === 0 ? dialect : undefined, diagnostics };
}

function hasUnresolvedRef(schema: JsonObject): boolean {
  let unresolved = false;
  forEachSchema(schema, (node) => {
    if (typeof node.$ref !== "string" || unresolved) return;
    unresolved = localTarget(schema, node.$ref) === undefined;
  });
  return unresolved;
}

function patternsOf(node: JsonObject, schemaPath: SchemaPath): Array<[string, SchemaPath, "key" | "value"]> {
  const patterns: Array<[string, SchemaPath, "key" | "value"]> = [];
  if (typeof node.pattern === "string") patterns.push([node.pattern, [...schemaPath, "pattern"], "value"]);
  if (isPlainObject(node.patternProperties)) {
    for (const p of Object.keys(node.patternProperties)) patterns.push([p, [...schemaPath, "patternProperties", p], "key"]);
  }
  return patterns;
}

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
