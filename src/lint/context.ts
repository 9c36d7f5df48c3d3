/**
 * What a lint rule sees of one tool: the model (what clients get) and a way back to the
 * YAML it came from, so every finding points at the offending node.
 */
import type { Diagnostic, Location } from "../diagnostics/diagnostic.js";
import type { ToolSource } from "../spec/model-tool.js";
import type { ToolModel } from "../spec/model.js";
import { locate, type DataPath } from "../yaml/positions.js";

/** A rule's finding, at the catalogue's severity until the config decides it. */
export type Finding = Diagnostic;

export type SchemaKey = "inputSchema" | "outputSchema";

export interface ToolLintContext {
  tool: ToolModel;
  source: ToolSource;
  /** A path inside the tool's mapping, e.g. `["annotations", "readOnlyHint"]`. */
  at: (path: DataPath, part?: "key" | "value") => Location;
  /**
   * A path inside the tool's (bundled) schema. Entries the bundler copied into `$defs`
   * from other files point into those files.
   */
  atSchema: (key: SchemaKey, schemaPath: DataPath, part?: "key" | "value") => Location;
}

export function toolLintContext(tool: ToolModel, source: ToolSource): ToolLintContext {
  return {
    tool,
    source,
    at: (path, part = "value") => locate(source.yaml, [...source.path, ...path], part),
    atSchema: (key, schemaPath, part = "value") => {
      const origins = key === "inputSchema" ? source.origins.input : source.origins.output;
      const origin = origins.find((o) => !o.root && o.defsKey === schemaPath[0] && o.name === schemaPath[1]);
      if (origin) return locate(origin.yaml, [...origin.path, ...schemaPath.slice(2)], part);
      // An outputSchema that is a `$ref` to another file's object schema has that schema as its root.
      const root = origins.find((o) => o.root);
      if (root && schemaPath.length > 0 && schemaPath[0] !== "$schema") return locate(root.yaml, [...root.path, ...schemaPath], part);
      return locate(source.yaml, [...source.path, key, ...schemaPath], part);
    },
  };
}

/** `get_weather` → `` `get_weather` ``: how names appear in messages. */
export function code(text: string): string {
  return `\`${text}\``;
}

/**
 * Subschemas that test a value rather than describe the arguments (`if: { properties:
 * { kind: { const: circle } } }`, `not`, `contains`, ...): their properties are no
 * arguments of their own, and the rules about arguments do not look into them.
 */
export const VALUE_TEST_KEYWORDS: ReadonlySet<string> = new Set(["if", "then", "else", "not", "contains", "propertyNames", "dependentSchemas", "dependencies"]);
