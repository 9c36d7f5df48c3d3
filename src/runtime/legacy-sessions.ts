/**
 * Streamable HTTP for 2025-era clients, with sessions. The SDK's per-request entry
 * serves those clients statelessly, so a `notifications/cancelled` or the answer to a
 * server's elicitation request arrives in a new POST that cannot reach the call it is
 * about. Here each `initialize` opens a session (`Mcp-Session-Id`) with its own server
 * instance, so they can. Sessions are bounded in number and expire when idle.
 */
import {
  isInitializeRequest,
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type AuthInfo,
  type RequestId,
  type Server,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";

export interface LegacySessionOptions {
  /** Open sessions at most; the least recently used one is closed to make room. Default 1000. */
  maxSessions?: number;
  /** Close a session idle for this long. Default 30 minutes. */
  idleMs?: number;
  onerror?: (error: Error) => void;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: Server;
  lastSeen: number;
}

export class LegacySessions {
  private readonly sessions = new Map<string, Session>();
  private readonly maxSessions: number;
  private readonly idleMs: number;
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly createServer: (context?: { authInfo?: AuthInfo }) => Server,
    private readonly options: LegacySessionOptions = {},
  ) {
    this.maxSessions = options.maxSessions ?? 1000;
    this.idleMs = options.idleMs ?? 30 * 60_000;
  }

  get size(): number {
    return this.sessions.size;
  }

  async handle(request: Request, parsedBody: unknown, authInfo?: AuthInfo): Promise<Response> {
    const sessionId = request.headers.get("mcp-session-id");
    const handleOptions = { parsedBody, ...(authInfo === undefined ? {} : { authInfo }) };
    if (sessionId) {
      const session = this.sessions.get(sessionId);
      if (!session) return jsonRpcError(404, -32001, "Session not found");
      session.lastSeen = Date.now();
      return session.transport.handleRequest(request, handleOptions);
    }
    if (request.method !== "POST" || !isInitializeRequest(parsedBody)) {
      return jsonRpcError(400, -32000, "Bad Request: an Mcp-Session-Id header is required (send initialize first)");
    }
    if (this.sessions.size >= this.maxSessions) await this.closeLeastRecentlyUsed();
    const server = this.createServer(authInfo === undefined ? undefined : { authInfo });
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => globalThis.crypto.randomUUID(),
      onsessioninitialized: (id) => {
        this.sessions.set(id, { transport, server, lastSeen: Date.now() });
        this.startSweeping();
      },
      onsessionclosed: (id) => {
        this.sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    if (this.options.onerror) transport.onerror = this.options.onerror;
    await server.connect(transport);
    endStreamsOfCancelledRequests(transport);
    return transport.handleRequest(request, handleOptions);
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(sessions.map((s) => s.server.close().catch(() => undefined)));
  }

  private startSweeping(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => void this.closeIdle(), Math.min(this.idleMs, 60_000));
    // An idle sweeper must not keep the process alive (Node and Bun; Deno's timers have no unref).
    (this.sweeper as { unref?: () => void }).unref?.();
  }

  private async closeIdle(): Promise<void> {
    const cutoff = Date.now() - this.idleMs;
    for (const [id, session] of this.sessions) {
      if (session.lastSeen < cutoff) await this.closeSession(id, session);
    }
  }

  private async closeLeastRecentlyUsed(): Promise<void> {
    let oldest: [string, Session] | undefined;
    for (const entry of this.sessions) if (!oldest || entry[1].lastSeen < oldest[1].lastSeen) oldest = entry;
    if (oldest) await this.closeSession(...oldest);
  }

  private async closeSession(id: string, session: Session): Promise<void> {
    this.sessions.delete(id);
    await session.server.close().catch(() => undefined);
  }
}

/**
 * A request's answer goes on the event stream its POST opened, and the stream ends with it.
 * A cancelled request is never answered (MCP: the receiver should not), so its stream would
 * stay open, with a keep-alive timer, until the session ends: end it once the cancellation
 * has been handled, unless the request was answered meanwhile or shares its POST (a 2025-03-26
 * batch) with requests still running.
 */
function endStreamsOfCancelledRequests(transport: WebStandardStreamableHTTPServerTransport): void {
  // Requests not yet answered, with the POST that carried them.
  const unanswered = new Map<RequestId, unknown>();
  const route = transport.onmessage;
  const send = transport.send.bind(transport);
  transport.onmessage = (message, extra) => {
    if (isJSONRPCRequest(message)) unanswered.set(message.id, extra?.request);
    route?.(message, extra);
    if (!isJSONRPCNotification(message) || message.method !== "notifications/cancelled") return;
    const id = (message.params as { requestId?: RequestId } | undefined)?.requestId;
    if (id === undefined || !unanswered.has(id)) return;
    // After the SDK has aborted the request and the call has ended (the SDK then sends nothing).
    afterIo(() => {
      if (!unanswered.has(id)) return;
      const post = unanswered.get(id);
      unanswered.delete(id);
      for (const other of unanswered.values()) if (other === post) return;
      transport.closeSSEStream(id);
    });
  };
  transport.send = (message, options) => {
    if ((isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) && message.id !== undefined) unanswered.delete(message.id);
    return send(message, options);
  };
}

/** Node's and Bun's `setImmediate`; a zero timeout where there is none (Workers, Deno). */
const afterIo: (callback: () => void) => void =
  typeof globalThis.setImmediate === "function" ? (callback) => void globalThis.setImmediate(callback) : (callback) => void setTimeout(callback, 0);

function jsonRpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json" },
  });
}
