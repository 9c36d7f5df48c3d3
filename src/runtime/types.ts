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

/**
 * Revision 2026-07-28's answer asking the client for input (an elicitation) before the call
 * can complete; the client retries the call with `inputResponses` and `requestState`.
 */
export interface InputRequiredResult {
  resultType: "input_required";
  inputRequests?: { [key: string]: { method: string; params: { [key: string]: unknown } } };
  requestState?: string;
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
   * Asks the user for input through the client (MCP elicitation) and resolves to the answer:
   * `accept` with the content typed from `requestedSchema` (checked against it), or
   * `decline` / `cancel`. URL mode (`mode: "url"`) asks the user to open a page; its answer
   * has no content.
   *
   * It works in both protocol eras. On a 2025-era connection it sends `elicitation/create`
   * and waits. On revision 2026-07-28 (no requests from server to client) the first
   * unanswered `elicit` ends the call with an `input_required` result; the client asks the
   * user and calls the tool again, and the handler runs again from the start, with every
   * earlier answer returned, in order, by the same `elicit` calls. So a handler that asks:
   * - does nothing that matters (writes, payments, messages) before the answers it needs;
   * - asks the same questions in the same order for the same input: an answer is given back
   *   only to the same question (message and schema), and a changed question is asked again.
   * A question left unanswered ends the call there: that `elicit` throws, and the call answers
   * `input_required` whatever the handler does next (a catch-all that returns is ignored; it
   * should not do work there either).
   *
   * A client that cannot elicit (no `elicitation` capability, or not the mode asked for)
   * rejects with a ToolError saying what was needed, before anything is sent; the call
   * answers `isError` with that sentence unless the handler catches it.
   */
  elicit<const Schema extends ElicitationSchema>(request: FormElicitation<Schema>): Promise<ElicitationAnswer<ElicitedContent<Schema>>>;
  elicit(request: UrlElicitation): Promise<UrlElicitationAnswer>;
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

/** A form elicitation: a message and a flat object schema of primitive properties, as MCP allows. */
export interface FormElicitation<Schema extends ElicitationSchema = ElicitationSchema> {
  mode?: "form";
  message: string;
  requestedSchema: Schema;
}

/** A URL elicitation: the user is asked to open `url` (e.g. to sign in elsewhere); nothing comes back but the action. */
export interface UrlElicitation {
  mode: "url";
  message: string;
  url: string;
}

export type ElicitationRequest = FormElicitation | UrlElicitation;

/** MCP's restricted schema for elicitation: top-level primitive properties only. */
export interface ElicitationSchema {
  type: "object";
  properties: { readonly [name: string]: ElicitationProperty };
  required?: readonly string[];
}

export type ElicitationProperty =
  | {
      type: "string";
      title?: string;
      description?: string;
      minLength?: number;
      maxLength?: number;
      format?: "email" | "uri" | "date" | "date-time";
      default?: string;
      enum?: readonly string[];
      enumNames?: readonly string[];
      oneOf?: readonly { const: string; title?: string }[];
    }
  | { type: "number" | "integer"; title?: string; description?: string; minimum?: number; maximum?: number; default?: number }
  | { type: "boolean"; title?: string; description?: string; default?: boolean }
  | {
      type: "array";
      title?: string;
      description?: string;
      minItems?: number;
      maxItems?: number;
      items: { type?: "string"; enum?: readonly string[] } | { anyOf: readonly { const: string; title?: string }[] };
      default?: readonly string[];
    };

/** The value a property of an elicitation schema yields. */
export type ElicitedValue<Property> = Property extends { type: "boolean" }
  ? boolean
  : Property extends { type: "number" | "integer" }
    ? number
    : Property extends { type: "array"; items: { enum: readonly (infer Item)[] } }
      ? Item[]
      : Property extends { type: "array"; items: { anyOf: readonly { const: infer Item }[] } }
        ? Item[]
        : Property extends { type: "array" }
          ? string[]
          : Property extends { enum: readonly (infer Choice)[] }
            ? Choice
            : Property extends { oneOf: readonly { const: infer Choice }[] }
              ? Choice
              : string;

type RequiredNames<Schema> = Schema extends { required: readonly (infer Name)[] } ? Name : never;

/** The content of an accepted form: required properties present, the others optional. */
export type ElicitedContent<Schema extends ElicitationSchema> = Flatten<
  {
    -readonly [Name in keyof Schema["properties"] & string as Name extends RequiredNames<Schema> ? Name : never]: ElicitedValue<Schema["properties"][Name]>;
  } & {
    -readonly [Name in keyof Schema["properties"] & string as Name extends RequiredNames<Schema> ? never : Name]?: ElicitedValue<Schema["properties"][Name]>;
  }
>;

/** One object type instead of an intersection, so editors show it whole. */
type Flatten<T> = { [Key in keyof T]: T[Key] } & {};

/** The user's answer to a form: accepted with its content, or declined, or dismissed (cancel). */
export type ElicitationAnswer<Content = { [name: string]: unknown }> =
  | { action: "accept"; content: Content }
  | { action: "decline" | "cancel"; content?: undefined };

/** The user's answer to a URL elicitation: accepting means they agreed to open it; what happens there is out of band. */
export interface UrlElicitationAnswer {
  action: "accept" | "decline" | "cancel";
  content?: undefined;
}

/** Any answer to `context.elicit`. */
export type ElicitationResult = ElicitationAnswer | UrlElicitationAnswer;

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

/** One registry entry: the wire definition, its validators and who may see it. */
export interface ToolEntry {
  definition: ToolDefinition;
  validateInput: CompiledValidator;
  validateOutput?: CompiledValidator;
  /**
   * The spec's `auth`: a caller whose request carries auth info sees and calls the tool
   * only when its scopes include every one of these. Never sent to clients.
   */
  auth?: { readonly scopes: readonly string[] };
  /**
   * The spec's `task`, for a tool whose `execution.taskSupport` lets it run as a task: how
   * long a task is kept from its creation (`ttl`) and how often clients should poll
   * (`pollInterval`), in milliseconds. Never sent to clients as such.
   */
  task?: { readonly ttl?: number; readonly pollInterval?: number };
}
