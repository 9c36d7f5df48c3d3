/**
 * `context.elicit` and `context.sample`: requests from a running tool call to the client.
 * MCP allows them only on a 2025-era connection (revision 2026-07-28 has no requests from
 * server to client; it asks for input with multi-round-trip results, which an mcp-gen
 * handler cannot return), and only to a client that declared the capability. Both are
 * checked before anything is sent, so the handler gets a ToolError saying what is missing
 * rather than the SDK's "Method not found" or its advice to return `inputRequired(...)`.
 */
import type { ClientCapabilities, Server, ServerContext } from "@modelcontextprotocol/server";
import { ToolError } from "./tool-error.js";
import type { ToolContext } from "./types.js";

/** The first protocol revision without server-to-client requests. */
const FIRST_REVISION_WITHOUT_CLIENT_REQUESTS = "2026-07-28";

/** `servedAlone`: the server answers this one HTTP request of a 2025-era client, without a session. */
export function clientRequests(server: Server, ctx: ServerContext, servedAlone = false): Pick<ToolContext, "elicit" | "sample"> {
  const request = ctx.mcpReq;
  return {
    elicit: (elicitation) => {
      const refusal = (servedAlone ? sessionRefusal("elicit") : undefined) ?? eraRefusal(server, "elicit", "elicitation") ?? elicitationRefusal(server.getClientCapabilities(), elicitation);
      if (refusal) return Promise.reject(new ToolError(refusal));
      return request.elicitInput(elicitation as never).catch(failed("Elicitation")) as never;
    },
    sample: (sampling) => {
      const refusal =
        (servedAlone ? sessionRefusal("sample") : undefined) ??
        eraRefusal(server, "sample", "sampling") ??
        (server.getClientCapabilities()?.sampling ? undefined : "This client did not declare the sampling capability; context.sample needs a client that supports sampling.");
      if (refusal) return Promise.reject(new ToolError(refusal));
      return request.requestSampling(sampling as never).catch(failed("Sampling")) as never;
    },
  };
}

function eraRefusal(server: Server, method: "elicit" | "sample", capability: string): string | undefined {
  const revision = server.getNegotiatedProtocolVersion();
  if (revision === undefined || revision < FIRST_REVISION_WITHOUT_CLIENT_REQUESTS) return undefined;
  return (
    `context.${method} is not available to this client: it speaks MCP revision ${revision}, in which a server cannot send ` +
    `requests to the client during a tool call${method === "sample" ? " (and sampling is deprecated)" : ""}, and mcp-gen does not ` +
    `support that revision's replacement (multi-round-trip results). context.${method} works with clients on a 2025 revision that declare the ${capability} capability.`
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

/** A bare `elicitation: {}` means form mode (the rule from before modes existed). */
function elicitationRefusal(capabilities: ClientCapabilities | undefined, elicitation: unknown): string | undefined {
  const declared = capabilities?.elicitation as { form?: unknown; url?: unknown } | undefined;
  if (!declared) return "This client did not declare the elicitation capability; context.elicit needs a client that supports elicitation.";
  const mode = (elicitation as { mode?: unknown }).mode === "url" ? "url" : "form";
  const supported = mode === "url" ? declared.url !== undefined : declared.form !== undefined || declared.url === undefined;
  return supported ? undefined : `This client declared elicitation without ${mode} mode; context.elicit with mode "${mode}" needs a client that supports it.`;
}

/** Failures after sending (the client refused, the connection closed) keep the SDK's reason. */
const failed = (what: string) => (error: unknown) => {
  throw new ToolError(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
};
