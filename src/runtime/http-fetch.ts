/**
 * The Streamable HTTP entries, as web-standard `fetch` handlers. 2026-07-28 requests go to
 * the SDK's per-request entry in both. 2025-era clients get either sessions
 * (legacy-sessions.ts: their cancellations and replies to server requests reach the call they
 * belong to; `serveHttp()`, or `fetch` with `legacySessions`) or the SDK's stateless serving,
 * one server per request and nothing kept between requests (`fetch`'s default).
 */
import { createMcpHandler, DEFAULT_MAX_REQUEST_BODY_SIZE, isLegacyRequest, type AuthInfo, type Server } from "@modelcontextprotocol/server";
import { LegacySessions } from "./legacy-sessions.js";

export interface HttpEntry {
  /** `authInfo`: the caller, as the `verifyToken` hook found it (verify-token.ts). */
  fetch(request: Request, authInfo?: AuthInfo): Promise<Response>;
  close(): Promise<void>;
}

/** The SDK's entry as it is: both eras per request. `createServer` learns which era it serves. */
export function createStatelessEntry(
  createServer: (era: "legacy" | "modern", authInfo: AuthInfo | undefined) => Server,
  options: { onerror: (error: Error) => void },
): HttpEntry {
  const handler = createMcpHandler((context) => createServer(context.era, context.authInfo), { legacy: "stateless", onerror: options.onerror });
  return { fetch: (request, authInfo) => handler.fetch(request, authInfo === undefined ? undefined : { authInfo }), close: () => handler.close() };
}

export function createSessionEntry(
  createServer: (context?: { authInfo?: AuthInfo }) => Server,
  options: { onerror: (error: Error) => void; maxSessions?: number },
): HttpEntry {
  let modern: ReturnType<typeof createMcpHandler> | undefined;
  const modernHandler = () => (modern ??= createMcpHandler(createServer, { legacy: "reject", onerror: options.onerror }));
  const legacy = new LegacySessions(createServer, { onerror: options.onerror, maxSessions: options.maxSessions });

  return {
    async fetch(request, authInfo) {
      const modernFetch = (modernRequest: Request) => modernHandler().fetch(modernRequest, authInfo === undefined ? undefined : { authInfo });
      // GET (the standalone SSE stream), DELETE (ending a session) and session traffic are
      // 2025-era only; a GET or DELETE that names a later revision gets that revision's answer (405).
      if (request.headers.get("mcp-session-id")) return legacy.handle(request, undefined, authInfo);
      if (request.method === "GET" || request.method === "DELETE") {
        const version = request.headers.get("mcp-protocol-version");
        return version !== null && !/^202[45]-/.test(version) ? modernFetch(request) : legacy.handle(request, undefined, authInfo);
      }
      if (request.method !== "POST") return modernFetch(request);
      if (Number(request.headers.get("content-length") ?? 0) > DEFAULT_MAX_REQUEST_BODY_SIZE) return tooLarge();
      const text = await request.text();
      if (text.length > DEFAULT_MAX_REQUEST_BODY_SIZE) return tooLarge();
      // The body was read once to classify it; both legs get a request that still has it.
      const again = new Request(request.url, { method: "POST", headers: request.headers, body: text, signal: request.signal });
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return modernFetch(again); // answers with a JSON-RPC parse error
      }
      return (await isLegacyRequest(again, body)) ? legacy.handle(again, body, authInfo) : modernFetch(again);
    },

    async close() {
      await legacy.close();
      await modern?.close();
      modern = undefined;
    },
  };
}

function tooLarge(): Response {
  return new Response("Request body too large\n", { status: 413 });
}
