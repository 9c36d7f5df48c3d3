/**
 * Real MCP clients for end-to-end tests, and a check of what servers send against the
 * official MCP schema of the revision the connection negotiated. Messages are checked
 * as they arrive on the wire, before the SDK client normalises them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
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
  /** What a stdio server wrote to stderr (its log). */
  stderr: () => string;
  close(): Promise<void>;
}

export type Target =
  | { kind: "stdio"; command: string; args: string[]; env?: Record<string, string>; cwd?: string }
  | { kind: "http"; url: URL };

export async function connect(target: Target, era: Era): Promise<Connection> {
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
  const client = new Client({ name: "mcp-gen-tests", version: "1.0.0" }, era === "modern" ? { versionNegotiation: { mode: "auto" } } : {});
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
  return { client, received, sentMethods, era, stderr: () => stderr, close: () => client.close() };
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
      problems.push(...schemaProblems(revision, RESULT_DEFINITIONS[method], message.result).map((p) => `${method}: ${p}`));
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
