/**
 * The Streamable HTTP entries, as web-standard `fetch` handlers. 2026-07-28 requests go to
 * the SDK's per-request entry in both. 2025-era clients get either sessions
 * (legacy-sessions.ts: their cancellations and replies to server requests reach the call they
 * belong to; `serveHttp()`, or `fetch` with `legacySessions`) or the SDK's stateless serving,
 * one server per request and nothing kept between requests (`fetch`'s default).
 */
import {
  createMcpHandler,
  DEFAULT_MAX_REQUEST_BODY_SIZE,
  isJsonContentType,
  isLegacyRequest,
  readRequestBody,
  type AuthInfo,
  type McpHandlerRequestOptions,
  type Server,
} from "@modelcontextprotocol/server";
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
  return { fetch: (request, authInfo) => withParsedBody(request, handler, authInfo === undefined ? {} : { authInfo }), close: () => handler.close() };
}

/**
 * Hands the SDK's entry a JSON POST with its body already parsed (its documented
 * `parsedBody`): left to itself, the entry clones every request to classify it (a tee of the
 * body stream) and reads the body twice. Anything else, and a body that is not JSON, over
 * the entry's limit or unreadable, goes to the entry in a request that fails alike, so
 * every refusal is still the SDK's own.
 */
async function withParsedBody(request: Request, handler: ReturnType<typeof createMcpHandler>, options: McpHandlerRequestOptions): Promise<Response> {
  if (request.method !== "POST" || request.body === null || !isJsonContentType(request.headers.get("content-type"))) return handler.fetch(request, options);
  // Refused unread, by the entry itself.
  if (Number(request.headers.get("content-length")) > DEFAULT_MAX_REQUEST_BODY_SIZE) return handler.fetch(request, options);
  let read: Awaited<ReturnType<typeof readRequestBody>>;
  try {
    read = await readRequestBody(request, DEFAULT_MAX_REQUEST_BODY_SIZE);
  } catch {
    return handler.fetch(sameRequest(request, failingBody()), options);
  }
  if (read.tooLarge) return handler.fetch(sameRequest(request, new Uint8Array(DEFAULT_MAX_REQUEST_BODY_SIZE + 1)), options);
  if (read.text.length > 0) {
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(read.text);
    } catch {
      parsedBody = undefined;
    }
    if (parsedBody !== undefined) return handler.fetch(request, { ...options, parsedBody });
  }
  return handler.fetch(sameRequest(request, read.text), options);
}

/** `request` again, with `body` in place of the one already read. */
function sameRequest(request: Request, body: NonNullable<RequestInit["body"]>): Request {
  return new Request(request.url, { method: "POST", headers: request.headers, body, signal: request.signal, duplex: "half" } as RequestInit);
}

/** A body whose read fails, as the one just read did (the client went away). */
function failingBody(): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (controller) => controller.error(new Error("the request body could not be read")) });
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
      const modernFetch = (modernRequest: Request, parsedBody?: unknown) =>
        modernHandler().fetch(modernRequest, { ...(authInfo === undefined ? {} : { authInfo }), ...(parsedBody === undefined ? {} : { parsedBody }) });
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
      // Parsed already: the entry need not clone the request and read its body again.
      return (await isLegacyRequest(again, body)) ? legacy.handle(again, body, authInfo) : modernFetch(again, body);
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
