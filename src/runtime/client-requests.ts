/**
 * `context.elicit` and `context.sample` on a 2025-era connection: requests from a running
 * tool call to the client, which MCP allows only to a client that declared the capability
 * and that the server can reach (a connection or a session). Both are checked before
 * anything is sent, so the handler gets a ToolError saying what is missing rather than the
 * SDK's "Method not found". Revision 2026-07-28 has no requests from server to client:
 * there `context.elicit` asks with multi-round-trip results (elicitation.ts), and
 * `context.sample` is refused.
 */
import type { Server, ServerContext } from "@modelcontextprotocol/server";
import { elicitationParams, elicitationRefusal, readAnswer, type ElicitationCapability } from "./elicitation.js";
import { ToolError } from "./tool-error.js";
import type { ElicitationRequest, ToolContext } from "./types.js";

/** The first protocol revision without server-to-client requests. */
const FIRST_REVISION_WITHOUT_CLIENT_REQUESTS = "2026-07-28";

/** Whether a connection speaks revision 2026-07-28 or later (no requests from server to client). */
export function isModernEra(server: Server): boolean {
  const revision = server.getNegotiatedProtocolVersion();
  return revision !== undefined && revision >= FIRST_REVISION_WITHOUT_CLIENT_REQUESTS;
}

/** `servedAlone`: the server answers this one HTTP request of a 2025-era client, without a session. */
export function clientRequests(server: Server, ctx: ServerContext, servedAlone = false): Pick<ToolContext, "elicit" | "sample"> {
  const request = ctx.mcpReq;
  return {
    elicit: ((elicitation: ElicitationRequest) => {
      const refusal =
        (servedAlone ? sessionRefusal("elicit") : undefined) ??
        elicitationRefusal(server.getClientCapabilities()?.elicitation as ElicitationCapability, elicitation);
      if (refusal) return Promise.reject(new ToolError(refusal));
      // A 2025 URL elicitation names itself, for the client's completion notice.
      const params =
        elicitation.mode === "url" ? { ...elicitationParams(elicitation), elicitationId: globalThis.crypto.randomUUID() } : elicitationParams(elicitation);
      return request.elicitInput(params as never).then((answer) => readAnswer(elicitation, answer), failed("Elicitation"));
    }) as ToolContext["elicit"],
    sample: (sampling) => {
      const refusal =
        (servedAlone ? sessionRefusal("sample") : undefined) ??
        eraRefusal(server) ??
        (server.getClientCapabilities()?.sampling
          ? undefined
          : "This client did not declare the sampling capability; context.sample needs a client that supports sampling.");
      if (refusal) return Promise.reject(new ToolError(refusal));
      return request.requestSampling(sampling as never).catch(failed("Sampling")) as never;
    },
  };
}

function eraRefusal(server: Server): string | undefined {
  if (!isModernEra(server)) return undefined;
  return (
    `context.sample is not available to this client: it speaks MCP revision ${server.getNegotiatedProtocolVersion()}, in which a server cannot send ` +
    `requests to the client during a tool call (and sampling is deprecated). context.sample works with clients on a 2025 revision that declare the sampling capability.`
  );
}

/**
 * Without a session, the client's answer would come in another HTTP request, which another
 * server instance (or another machine) receives: the call would wait for it forever.
 */
function sessionRefusal(method: "elicit" | "sample"): string {
  return (
    `context.${method} is not available to this client: it speaks a 2025 revision of MCP and this server answers each of its HTTP requests ` +
    `on its own, without a session, so the client's answer could not reach this call. It works over stdio, serveHttp(), or fetch with the legacySessions option.`
  );
}

/** Failures after sending (the client refused, the connection closed) keep the SDK's reason. */
const failed = (what: string) => (error: unknown) => {
  throw new ToolError(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
};
