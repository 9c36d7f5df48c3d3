/**
 * A tool as found in a spec file after the shape check, before schemas are bundled
 * and checked. Carries the YAML it came from so later checks can point into it.
 */
import type { YamlFile } from "../yaml/load.js";
import type { DataPath } from "../yaml/positions.js";

export interface RawTool {
  yaml: YamlFile;
  /** Path of the tool's mapping inside the document: `[]` or `["tools", i]`. */
  path: DataPath;
  /** The tool's plain data, key order as authored; its shape passed the spec schema. */
  value: Record<string, unknown>;
}

/** The MCP `Tool` fields a spec may carry, listed verbatim by `tools/list`, in MCP's order. */
export const WIRE_KEYS = ["name", "title", "description", "inputSchema", "outputSchema", "annotations", "icons", "_meta", "execution"] as const;

/** Keys only the generator reads; never sent to clients. */
export const GENERATOR_KEYS = ["examples", "tags", "renamedFrom", "auth", "task"] as const;
