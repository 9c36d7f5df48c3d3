/**
 * The SDK's low-level `Server` for one connection (or one HTTP request), answering
 * `tools/list` and `tools/call` with the runtime's handlers, on the SDK's public API only:
 * handlers registered with `setRequestHandler`, results rewritten for the connection's
 * protocol era with `projectCallToolResult`, and a result the handler built itself checked
 * with the SDK's exported `CallToolResult` schema. So the SDK parses every request, and
 * every result, as it does for any server; docs/sdk-notes.md says what that costs and what
 * it answers to malformed params.
 */
import { ProtocolError, ProtocolErrorCode, Server, specTypeSchemas, type ServerContext, type StandardSchemaV1 } from "@modelcontextprotocol/server";
import type { CallEnd } from "./call-tool.js";
import type { Page } from "./pagination.js";
import type { CallToolResult, ToolDefinition } from "./types.js";

/** The params of a `tools/call` request, as the SDK parsed them. */
export interface ToolsCallParams {
  name: string;
  arguments?: Record<string, unknown>;
}

/**
 * A check of a result the handler built itself: resolves to what would be sent, rejects
 * (with the reason) when it is not a valid CallToolResult.
 */
export type ResultCheck = (result: CallToolResult) => Promise<CallToolResult>;

/**
 * The rewrite of a result for the connection's protocol era, given the outputSchema that
 * `tools/list` advertised (see `CallEnvironment.projectResult`).
 */
export type ResultProjection = (result: CallToolResult, outputSchema: Readonly<Record<string, unknown>>) => CallToolResult;

export interface SdkServerSetup {
  info: ConstructorParameters<typeof Server>[0];
  options: ConstructorParameters<typeof Server>[1];
  /** The page of tools at `cursor` for the request's caller; undefined for a cursor that is not one of ours. */
  listTools: (cursor: string | undefined, ctx: ServerContext) => Page<ToolDefinition> | undefined;
  /** Runs one call on `server`; an unknown tool throws the protocol error to send. */
  callTool: (server: Server, params: ToolsCallParams, ctx: ServerContext, checkResult: ResultCheck, projectResult: ResultProjection) => Promise<CallEnd>;
}

export function sdkServerFor(setup: SdkServerSetup): Server {
  const server = new Server(setup.info, setup.options);
  const projectResult: ResultProjection = (result, outputSchema) => server.projectCallToolResult(result as never, outputSchema) as unknown as CallToolResult;
  server.setRequestHandler("tools/list", async (request, ctx) => {
    const page = setup.listTools(request.params?.cursor, ctx);
    if (!page) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid cursor");
    // Our definitions are the spec's wire JSON, already in MCP's shape; the SDK's Tool
    // type is stricter about open-ended fields (schemas, _meta) than it needs to be here.
    const tools = page.items as never[];
    return page.nextCursor === undefined ? { tools } : { tools, nextCursor: page.nextCursor };
  });
  const checkResult: ResultCheck = (result) => checkCallToolResult(result, server.getNegotiatedProtocolVersion());
  // The form with a params schema of our own: `Server` checks every tools/call request against
  // the connection revision's schema anyway (and answers -32602 when it fails), so the
  // 2-arg form's parse of the same request against the same schema is paid for nothing.
  server.setRequestHandler("tools/call", { params: toolsCallParams }, async (params, ctx) => {
    const end = await setup.callTool(server, params, ctx, checkResult, projectResult);
    return end.result as never;
  });
  return server;
}

/**
 * The members of a `tools/call` request the runtime reads (a Standard Schema, no copy): what
 * a request that reached here already has, since the SDK's own check of it runs first.
 */
const toolsCallParams: StandardSchemaV1<unknown, ToolsCallParams> = {
  "~standard": {
    version: 1,
    vendor: "mcp-gen",
    validate(value) {
      const params = value as { name?: unknown; arguments?: unknown } | null;
      if (typeof params !== "object" || params === null) return { issues: [{ message: "params: expected an object" }] };
      if (typeof params.name !== "string") return { issues: [{ message: "expected a string", path: ["name"] }] };
      const args = params.arguments;
      if (args !== undefined && (typeof args !== "object" || args === null || Array.isArray(args)))
        return { issues: [{ message: "expected an object", path: ["arguments"] }] };
      return { value: params as ToolsCallParams };
    },
  },
};

/**
 * A result the handler built (content blocks, a whole CallToolResult) is checked before the
 * call ends, so that one the SDK would refuse becomes the runtime's own internal failure
 * (an `isError` result with a reference; call-tool.ts), not a JSON-RPC error blaming nobody.
 * The SDK exports the latest revision's schema only; 2025 revisions also want an object as
 * `structuredContent` (the SDK checks the result again before sending it, per revision).
 */
async function checkCallToolResult(result: CallToolResult, revision: string | undefined): Promise<CallToolResult> {
  const outcome = await specTypeSchemas.CallToolResult["~standard"].validate(result);
  if (outcome.issues) {
    throw new Error(
      outcome.issues
        .map((issue) => `${(issue.path ?? []).map((key) => (typeof key === "object" ? String(key.key) : String(key))).join(".") || "result"}: ${issue.message}`)
        .join("; "),
    );
  }
  const structured: unknown = result.structuredContent;
  if (
    revision !== undefined &&
    revision < FIRST_REVISION_WITH_ANY_STRUCTURED_CONTENT &&
    structured !== undefined &&
    (typeof structured !== "object" || structured === null || Array.isArray(structured))
  ) {
    throw new Error(`structuredContent: must be an object on protocol revision ${revision}`);
  }
  return result;
}

const FIRST_REVISION_WITH_ANY_STRUCTURED_CONTENT = "2026-07-28";
