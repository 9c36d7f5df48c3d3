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
  /**
   * camelCase method of the typed client (`generated/client.ts`), e.g. `getWeather`. A
   * property name, so reserved words stay (`tools.delete()`); two tools share one only
   * when they share `pascal`, which MG014 already reports.
   */
  method: string;
  /** File stem for `generated/tools/<file>.ts` and `handlers/<file>.ts`, e.g. `get_weather`. */
  file: string;
  /** `GetWeatherInput`: what the handler gets, defaults filled in. */
  inputType: string;
  /** `GetWeatherArguments`: what a caller sends (a property with a `default` is optional here). */
  argumentsType: string;
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

/**
 * A value a sequence step takes from an earlier step's result: `{ $from: created.id }` in
 * the spec, at `at` in the step.
 */
export interface ExampleUse {
  /** JSON pointer into the step: `/input/id`, `/output/note/id`. */
  at: string;
  /** The earlier step, by its `as`. */
  step: string;
  /** JSON pointer into that step's structured result: `/id`; "" for the whole result. */
  path: string;
}

/** One call of a sequence (`steps:`). Its input and output hold `{ $from: ... }` where `uses` say. */
export interface ExampleStep {
  /** The tool called: the sequence's own tool unless the step names another (model name, namespaced). */
  tool: string;
  title?: string;
  input: JsonValue;
  output?: JsonValue;
  error?: boolean;
  match?: "schema" | "exact";
  /** The name later steps take values from this step's result by. */
  as?: string;
  uses?: ExampleUse[];
  location: Location;
}

export interface ToolExample {
  title?: string;
  /**
   * A sequence: calls in order, against the same fresh state, a later one taking values
   * from earlier results. Its `input` is then `{}` and unused; the steps carry everything.
   */
  steps?: ExampleStep[];
  input: JsonValue;
  output?: JsonValue;
  /** The input is meant to be rejected (or the call to fail). */
  error?: boolean;
  /** `exact`: when examples run as tests, the result must also equal `output`. */
  match?: "schema" | "exact";
  location: Location;
}

/**
 * A `$defs` entry of a tool's schema that the bundler copied from a schema file (or the
 * outputSchema root it hoisted from one): the same schema wherever it is used, declared
 * once as a shared type (`ProjectModel.schemas`).
 */
export interface SharedSchemaUse {
  schema: "inputSchema" | "outputSchema";
  /** The `$defs`/`definitions` entry; `""` when the schema is the outputSchema's root. */
  entry: string;
  defsKey: "$defs" | "definitions";
  /** The schema's identity across tools: its project-relative file and JSON Pointer, `schemas/note.yaml#`. */
  id: string;
  /** Its own `title`, when it has one: the shared type is named after it. */
  title?: string;
  /** Where it is written (its `title` when it has one). */
  location: Location;
  /**
   * The shared type's name (`SharedSchema.typeName`), set for the whole project once every
   * tool is modelled; absent when the schema cannot be shared (it refers into the tool's own
   * `$defs`), and the tool's module then declares it itself.
   */
  typeName?: string;
}

/** One type per schema file (or pointer into one) that tools `$ref`: `generated/schemas.ts`. */
export interface SharedSchema {
  id: string;
  /** The exported type's name, unique across the project's generated types. */
  typeName: string;
  /** Its schema, refs to other shared schemas as `#/$defs/<their typeName>`. */
  schema: JsonValue;
  /** The file it comes from, project-relative. */
  file: string;
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
  /** The schemas from other files its schemas hold, when any. */
  shared?: SharedSchemaUse[];
}

export interface ProjectModel {
  /** Sorted by tool name (code-unit order), whatever the file order on disk. */
  tools: ToolModel[];
  server: ServerInfo;
  /** The shared schemas the tools use, by type name; absent or empty when none. */
  schemas?: SharedSchema[];
}
