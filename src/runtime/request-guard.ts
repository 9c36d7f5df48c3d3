/**
 * The Host and Origin checks in front of `fetch`. `fetch` cannot know where it is deployed:
 * the same handler serves a Worker on a public name and `Deno.serve` on the user's machine.
 * So the default protects what a request's own headers show to be local (a loopback Host:
 * a page from another site must not drive it) and leaves a public Host alone, unless the
 * `allowedHosts` / `allowedOrigins` options say otherwise. (`serveHttp()` knows the interface
 * it binds, and checks the Host as well; see tool-server.ts.)
 */
import { localhostAllowedHostnames, validateHostHeader, validateOriginHeader } from "@modelcontextprotocol/server";

export interface RequestGuardOptions {
  allowedHosts?: readonly string[];
  allowedOrigins?: readonly string[];
}

/** Host names that stand for this machine, as `URL` writes them. */
const LOOPBACK_HOSTNAMES = localhostAllowedHostnames();

/** A refusal (403, a JSON-RPC error as the SDK's own checks send it), or undefined to serve the request. */
export function requestGuard(options: RequestGuardOptions): (request: Request) => Response | undefined {
  const allowedHosts = options.allowedHosts?.length ? options.allowedHosts.map((host) => host.toLowerCase()) : undefined;
  const allowedOrigins = originSet(options.allowedOrigins);
  return (request) => {
    // A Request built in process has no Host header: its URL says where it was sent.
    const hostHeader = request.headers.get("host") ?? hostOf(request.url);
    const host = validateHostHeader(hostHeader, allowedHosts ?? []);
    if (!host.ok && (allowedHosts || host.errorCode !== "invalid_host")) return forbidden(host.message);
    const origin = request.headers.get("origin");
    if (!origin || allowedOrigins.has(origin)) return undefined;
    const hostname = host.ok ? host.hostname : host.hostname!;
    const local = !allowedHosts && isLoopback(hostname);
    const originHosts = allowedHosts ?? (local ? LOOPBACK_HOSTNAMES : allowedOrigins.size > 0 ? [hostname] : undefined);
    if (!originHosts) return undefined;
    const checked = validateOriginHeader(origin, originHosts);
    if (checked.ok || (local && checked.hostname !== undefined && isLoopback(checked.hostname))) return undefined;
    return forbidden(checked.message);
  };
}

/**
 * `allowedOrigins` as browsers send them (lowercase, no path, no default port), so that an
 * exact match is enough; an entry that is no origin at all would never match, and is refused.
 */
export function originSet(origins: readonly string[] = []): Set<string> {
  return new Set(
    origins.map((entry) => {
      const origin = URL.canParse(entry) ? new URL(entry).origin : "null";
      if (origin === "null") throw new Error(`allowedOrigins entry "${entry}" is not an origin such as "https://app.example.com"`);
      return origin;
    }),
  );
}

/** localhost, [::1], and all of 127.0.0.0/8 (the SDK's list names 127.0.0.1 only). */
function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTNAMES.includes(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

function hostOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).host : null;
}

function forbidden(message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }), {
    status: 403,
    headers: { "content-type": "application/json" },
  });
}
