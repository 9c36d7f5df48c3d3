/**
 * The intermediate representation between specs and emitters. Emitters read only
 * this; they never see YAML or the disk.
 */
import type { ServerInfo } from "../config/config.js";
import type { Location } from "../diagnostics/diagnostic.js";

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** The JSON Schema dialects a spec may use. 2020-12 is the default (MCP 2025-11-25). */
export type Dialect = "2020-12" | "draft-07";

/**
 * Exactly what `tools/list` sends for one tool: the spec's MCP fields, in the order
 * the author wrote them, with `$ref`s to other files bundled in. Generator-only keys
 * (examples, tags, ...) are not here.
 */
export interface WireTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations?: JsonObject;
  icons?: JsonValue[];
  _meta?: JsonObject;
  execution?: JsonObject;
}

/** Every identifier a tool needs, derived once (see `toolIdentifiers`). */
export interface ToolIdentifiers {
  /** PascalCase stem, e.g. `GetWeather`. */
  pascal: string;
  /** camelCase name of the handler export, e.g. `getWeather`; never a reserved word. */
  handler: string;
  /** File stem for `generated/tools/<file>.ts` and `handlers/<file>.ts`, e.g. `get_weather`. */
  file: string;
  /** `GetWeatherInput` */
  inputType: string;
  /** `GetWeatherOutput` */
  outputType: string;
  /** `GetWeatherHandler` */
  handlerType: string;
  /** `getWeatherTool`: the exported wire definition constant. */
  definition: string;
  /** `tools/get_weather`: the tool's module in the generated area, without extension. */
  module: string;
  /** `validateGetWeatherInput`: the input validator's export in `validators.js`. */
  inputValidator: string;
  /** `validateGetWeatherOutput`: the output validator's export (used only when the tool has an output schema). */
  outputValidator: string;
}

export interface ToolExample {
  title?: string;
  input: JsonValue;
  output?: JsonValue;
  /** The input is meant to be rejected (or the call to fail). */
  error?: boolean;
  /** `exact`: when examples run as tests, the result must also equal `output`. */
  match?: "schema" | "exact";
  location: Location;
}

export interface ToolModel {
  name: string;
  wire: WireTool;
  inputDialect: Dialect;
  /** Present when the tool has an outputSchema. */
  outputDialect?: Dialect;
  ids: ToolIdentifiers;
  examples: ToolExample[];
  /** Docs grouping labels (`tags:`), in the author's order; empty when none. */
  tags: string[];
  /**
   * Who may see and call the tool (`auth:`), when the spec limits it: every scope the
   * caller's access token must carry, in the author's order. Never on the wire.
   */
  auth?: { scopes: string[] };
  /**
   * How the tool's tasks behave (`task:`), for a tool whose `execution.taskSupport` is
   * `optional` or `required`: ttl and poll interval in milliseconds. Never on the wire.
   */
  task?: { ttl?: number; pollInterval?: number };
  /** The tool's previous name (`renamedFrom:`), when the author is renaming it. */
  renamedFrom?: string;
  /** Where the tool is defined (its mapping in the spec file). */
  location: Location;
  /** Every file the tool was built from: its spec file first, then files its `$ref`s reached. */
  sources: string[];
}

export interface ProjectModel {
  /** Sorted by tool name (code-unit order), whatever the file order on disk. */
  tools: ToolModel[];
  server: ServerInfo;
}
