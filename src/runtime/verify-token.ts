/**
 * The `verifyToken` hook on the HTTP entries: who is calling, from the request's bearer
 * token. A refusal answers 401 with the `WWW-Authenticate: Bearer ...` challenge the MCP
 * authorization spec asks for (RFC 6750, with RFC 9728's `resource_metadata` when the
 * server names its metadata document), built by the SDK's own formatter.
 */
import { bearerAuthChallengeResponse, OAuthError, OAuthErrorCode, type AuthInfo } from "@modelcontextprotocol/server";
import type { ToolLogger } from "./types.js";

/**
 * Reads the caller's credentials from an HTTP request: the `AuthInfo` of a valid bearer
 * token, or `undefined` to refuse it (401 `invalid_token`). Throwing the SDK's `OAuthError`
 * refuses with that error's answer (`invalid_token` 401, `insufficient_scope` 403, ...);
 * e.g. `(request) => verifyBearerToken(request.headers.get("authorization"), { verifier })`.
 * Any other exception is a fault of the hook: logged, and answered 500. The hook reads the
 * headers only: the body is the MCP message, read once the caller is known.
 */
export type VerifyToken = (request: Request) => AuthInfo | undefined | Promise<AuthInfo | undefined>;

export interface TokenGate {
  verifyToken: VerifyToken;
  /** RFC 9728 Protected Resource Metadata URL, advertised in every challenge. */
  resourceMetadataUrl?: string;
  logger: ToolLogger;
}

/** The caller's auth info, or the answer that refuses the request. */
export async function verifyCaller(request: Request, gate: TokenGate): Promise<AuthInfo | Response> {
  const challenge = { ...(gate.resourceMetadataUrl === undefined ? {} : { resourceMetadataUrl: gate.resourceMetadataUrl }) };
  let authInfo: AuthInfo | undefined;
  try {
    authInfo = await gate.verifyToken(request);
  } catch (error) {
    if (!(error instanceof OAuthError)) {
      gate.logger.error("verifyToken failed", { message: error instanceof Error ? error.message : String(error) });
    }
    return bearerAuthChallengeResponse(error, challenge);
  }
  if (authInfo !== undefined && authInfo !== null && typeof authInfo === "object") return authInfo;
  const sent = request.headers.get("authorization") !== null;
  return bearerAuthChallengeResponse(new OAuthError(OAuthErrorCode.InvalidToken, sent ? "Invalid access token" : "Missing access token"), challenge);
}

/**
 * `serve` behind the gate: a request the hook refuses gets its answer, any other is served
 * with the caller's auth info. Without a hook, every request is served as it is. A browser's
 * CORS preflight cannot carry the token (and opens nothing), so it passes.
 */
export function behindGate(
  gate: TokenGate | undefined,
  serve: (request: Request, authInfo?: AuthInfo) => Promise<Response>,
): (request: Request) => Promise<Response> {
  if (!gate) return (request) => serve(request);
  return async (request) => {
    if (request.method === "OPTIONS") return serve(request);
    const caller = await verifyCaller(request, gate);
    return caller instanceof Response ? caller : serve(request, caller);
  };
}
