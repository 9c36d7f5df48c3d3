/**
 * The types generated code is written against. This module (and all of
 * `src/runtime/`) must never import generator code: a production server loads it.
 */

/** A tool exactly as `tools/list` sends it. */
export interface ToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { type: "object"; [key: string]: unknown };
  outputSchema?: { [key: string]: unknown };
  annotations?: ToolAnnotations;
  icons?: unknown[];
  _meta?: { [key: string]: unknown };
  execution?: { [key: string]: unknown };
}

export interface ToolAnnotations {
  title?: string;
  /** Default false: the tool may modify its environment. */
  readOnlyHint?: boolean;
  /** Default true (meaningful only when readOnlyHint is false). */
  destructiveHint?: boolean;
  /** Default false (meaningful only when readOnlyHint is false). */
  idempotentHint?: boolean;
  /** Default true: the tool may reach external entities. */
  openWorldHint?: boolean;
  [key: string]: unknown;
}

export interface TextContent {
  type: "text";
  text: string;
  annotations?: ContentAnnotations;
  _meta?: { [key: string]: unknown };
}
export interface ImageContent {
  type: "image";
  data: string;
  mimeType: string;
  annotations?: ContentAnnotations;
  _meta?: { [key: string]: unknown };
}
export interface AudioContent {
  type: "audio";
  data: string;
  mimeType: string;
  annotations?: ContentAnnotations;
  _meta?: { [key: string]: unknown };
}
export interface ResourceLink {
  type: "resource_link";
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: ContentAnnotations;
  _meta?: { [key: string]: unknown };
}
export interface EmbeddedResource {
  type: "resource";
  resource:
    | { uri: string; mimeType?: string; text: string; _meta?: { [key: string]: unknown } }
    | { uri: string; mimeType?: string; blob: string; _meta?: { [key: string]: unknown } };
  annotations?: ContentAnnotations;
  _meta?: { [key: string]: unknown };
}
export interface ContentAnnotations {
  audience?: ("user" | "assistant")[];
  priority?: number;
  lastModified?: string;
}

export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

export interface CallToolResult {
  content: ContentBlock[];
  structuredContent?: { [key: string]: unknown };
  isError?: boolean;
  _meta?: { [key: string]: unknown };
}

export interface ToolLogger {
  debug(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  error(message: string, data?: unknown): void;
}

/** What a handler receives beside its typed input. */
export interface ToolContext {
  /**
   * Aborted when the client cancels the call, its connection closes, or the tool's timeout
   * passes. The call ends then even if the handler goes on; what it does later is dropped.
   */
  signal: AbortSignal;
  /** Reports progress when the client asked for it (a no-op otherwise). */
  progress(done: number, total?: number, message?: string): Promise<void>;
  /** The server's own log (stderr by default). Private: clients never see it. */
  log: ToolLogger;
  /**
   * Log messages for the client, sent as MCP `notifications/message` when the client
   * accepts them at that level. Everything passed here is visible to the client.
   */
  clientLog: ToolLogger;
  /**
   * Asks the user for input through the client (MCP elicitation). Needs a client that
   * declared the elicitation capability, on a 2025-era connection (revision 2026-07-28 has
   * no requests from server to client); otherwise it rejects, before sending anything, with
   * a ToolError saying what is missing.
   */
  elicit(request: ElicitationRequest): Promise<ElicitationResult>;
  /**
   * Asks the client's model for a completion (MCP sampling; deprecated as of protocol
   * revision 2026-07-28). Same conditions as `elicit`, with the sampling capability.
   */
  sample(request: SamplingRequest): Promise<SamplingResult>;
  /** The caller's authentication, when the transport provides it. */
  authInfo?: unknown;
  /** The JSON-RPC id of the `tools/call` request. */
  requestId?: string | number;
}

export interface ElicitationRequest {
  message: string;
  /** A flat object schema of primitive properties, as MCP elicitation allows. */
  requestedSchema: { type: "object"; properties: { [name: string]: unknown }; required?: string[] };
}

export interface ElicitationResult {
  action: "accept" | "decline" | "cancel";
  content?: { [name: string]: unknown };
}

export interface SamplingRequest {
  messages: Array<{ role: "user" | "assistant"; content: { [key: string]: unknown } }>;
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  [key: string]: unknown;
}

export interface SamplingResult {
  role: "user" | "assistant";
  content: unknown;
  model: string;
  stopReason?: string;
  [key: string]: unknown;
}

/** What a tool without `outputSchema` may return. */
export type ToolReturn = string | ContentBlock | ContentBlock[] | CallToolResult;

/**
 * A handler: typed input in, typed output (for tools with `outputSchema`) or any
 * `ToolReturn` out. Generated code aliases it per tool, e.g. `GetWeatherHandler`.
 */
export type ToolHandler<Input, Output = ToolReturn> = (input: Input, context: ToolContext) => Output | Promise<Output>;

/** A precompiled ajv validator, as emitted in `generated/validators.js`. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}

export interface ValidationError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: { [key: string]: unknown };
  message?: string;
}

/** One registry entry: the wire definition and its validators. */
export interface ToolEntry {
  definition: ToolDefinition;
  validateInput: CompiledValidator;
  validateOutput?: CompiledValidator;
}
