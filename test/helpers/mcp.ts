/**
 * Real MCP clients for end-to-end tests, and a check of what servers send against the
 * official MCP schema of the revision the connection negotiated. Messages are checked
 * as they arrive on the wire, before the SDK client normalises them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Client, StreamableHTTPClientTransport, type ClientCapabilities, type ElicitResult } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { CORPUS_DIR, REPO_ROOT } from "./project.js";

export type Era = "legacy" | "modern";
export const REVISION: Record<Era, string> = { legacy: "2025-11-25", modern: "2026-07-28" };

type Message = { jsonrpc: "2.0"; id?: string | number; method?: string; params?: unknown; result?: unknown; error?: unknown };

export interface Connection {
  client: Client;
  /** Every message the server sent on this connection, as received. */
  received: Message[];
  /** Requests the client sent, by id, so responses can be matched to their method. */
  sentMethods: Map<string | number, string>;
  era: Era;
  /** The messages of the elicitations the client answered, in order. */
  elicited: string[];
  /** What a stdio server wrote to stderr (its log). */
  stderr: () => string;
  close(): Promise<void>;
}

export type Target = { kind: "stdio"; command: string; args: string[]; env?: Record<string, string>; cwd?: string } | { kind: "http"; url: URL };

/** How the user answers an elicitation. */
export type ElicitAnswer = (request: { message: string; mode?: string; requestedSchema?: unknown }) => ElicitResult;

export interface ConnectOptions {
  /** Default: elicitation in both modes. */
  capabilities?: ClientCapabilities;
  /** Default: accept the form as presented (each field at its default), and any URL. */
  elicit?: ElicitAnswer;
}

/** Accepting a form as presented: each field at its schema default. */
export const acceptDefaults: ElicitAnswer = (request) => {
  const properties = (request.requestedSchema as { properties?: Record<string, { default?: unknown }> } | undefined)?.properties ?? {};
  const content = Object.fromEntries(Object.entries(properties).flatMap(([name, p]) => (p.default === undefined ? [] : [[name, p.default]])));
  return request.mode === "url" ? { action: "accept" } : { action: "accept", content: content as ElicitResult["content"] };
};

export async function connect(target: Target, era: Era, options: ConnectOptions = {}): Promise<Connection> {
  const transport =
    target.kind === "stdio"
      ? new StdioClientTransport({
          command: target.command,
          args: target.args,
          env: { ...(process.env as Record<string, string>), ...target.env },
          cwd: target.cwd ?? REPO_ROOT,
          stderr: "pipe",
        })
      : new StreamableHTTPClientTransport(target.url);
  const capabilities = options.capabilities ?? { elicitation: { form: {}, url: {} } };
  const client = new Client(
    { name: "mcp-gen-tests", version: "1.0.0" },
    { capabilities, ...(era === "modern" ? { versionNegotiation: { mode: "auto" as const } } : {}) },
  );
  const elicited: string[] = [];
  if (capabilities.elicitation) {
    const answer = options.elicit ?? acceptDefaults;
    client.setRequestHandler("elicitation/create", async (request) => {
      elicited.push(request.params.message);
      return answer(request.params as never);
    });
  }
  let stderr = "";
  if (transport instanceof StdioClientTransport) transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  await client.connect(transport);
  if (client.getProtocolEra() !== era) throw new Error(`expected the ${era} era, got ${client.getProtocolEra()}`);
  const received: Message[] = [];
  const sentMethods = new Map<string | number, string>();
  const onmessage = transport.onmessage;
  transport.onmessage = (message: unknown, extra?: unknown) => {
    received.push(message as Message);
    (onmessage as (m: unknown, e?: unknown) => void)?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = (message: unknown, options?: unknown) => {
    const m = message as Message;
    if (m.id !== undefined && m.method) sentMethods.set(m.id, m.method);
    return (send as (m: unknown, o?: unknown) => Promise<void>)(message, options);
  };
  return { client, received, sentMethods, era, elicited, stderr: () => stderr, close: () => client.close() };
}

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;
const validators = new Map<string, Ajv2020>();

function schemaAjv(revision: string): Ajv2020 {
  let ajv = validators.get(revision);
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const schema = JSON.parse(readFileSync(path.join(CORPUS_DIR, `mcp-schema-${revision}.json`), "utf8")) as Record<string, unknown>;
    ajv.addSchema({ ...schema, $id: `mcp-${revision}` });
    validators.set(revision, ajv);
  }
  return ajv;
}

/** Problems of `value` against `$defs/<definition>` of the MCP schema of `revision` ([] when valid). */
export function schemaProblems(revision: string, definition: string, value: unknown): string[] {
  const validate = schemaAjv(revision).getSchema(`mcp-${revision}#/$defs/${definition}`);
  if (!validate) throw new Error(`no $defs/${definition} in the ${revision} schema`);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${definition}${e.instancePath} ${e.message}`);
}

const RESULT_DEFINITIONS: Record<string, string> = { "tools/list": "ListToolsResult", "tools/call": "CallToolResult" };

/**
 * Checks every tools/list and tools/call result, error response and progress
 * notification the server sent against the schema of the connection's revision.
 * Returns how many messages were checked and every problem found.
 */
export function checkWire(connection: Connection): { checked: number; problems: string[] } {
  const revision = REVISION[connection.era];
  const problems: string[] = [];
  let checked = 0;
  for (const message of connection.received) {
    if (message.method === "notifications/progress") {
      problems.push(...schemaProblems(revision, "ProgressNotification", message));
      checked++;
      continue;
    }
    if (message.id === undefined) continue;
    const method = connection.sentMethods.get(message.id);
    if (message.error !== undefined) {
      problems.push(...schemaProblems(revision, "JSONRPCErrorResponse", message));
      checked++;
    } else if (method && RESULT_DEFINITIONS[method]) {
      // Revision 2026-07-28 may answer a tools/call with input_required (context.elicit).
      const definition = (message.result as { resultType?: unknown })?.resultType === "input_required" ? "InputRequiredResult" : RESULT_DEFINITIONS[method];
      problems.push(...schemaProblems(revision, definition, message.result).map((p) => `${method}: ${p}`));
      checked++;
    }
  }
  return { checked, problems };
}

/** Every tool, following `nextCursor` to the end. */
export async function listAllTools(client: Client): Promise<Array<Record<string, unknown>>> {
  const tools: Array<Record<string, unknown>> = [];
  let cursor: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...(result.tools as Array<Record<string, unknown>>));
    cursor = result.nextCursor;
    if (cursor === undefined) return tools;
  }
  throw new Error("tools/list never ended");
}
