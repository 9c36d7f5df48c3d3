/**
 * The signed `requestState` of MCP revision 2026-07-28's multi-round-trip requests. The
 * state travels through the client and comes back as attacker-controlled input, so the
 * spec asks a server whose state drives its logic to protect its integrity and to refuse
 * state that fails verification (basic/patterns/mrtr, server requirements 4 and 5).
 *
 * Wire shape: `v1.` base64url(JSON payload) `.` base64url(HMAC-SHA-256(key, "mcp-gen.requestState.v1." + body)).
 * Signed, not encrypted: the client can read the payload (its own answers and digests).
 * Web Crypto only (`crypto.subtle`), so it runs on Workers, Deno and Bun as on Node.
 */

/** The smallest key accepted: an HMAC-SHA-256 key shorter than its output weakens it. */
export const MIN_KEY_BYTES = 32;
/** How long a state stays valid by default: elicitation waits for a person. */
export const DEFAULT_STATE_TTL_SECONDS = 600;

const PREFIX = "v1.";
const DOMAIN = "mcp-gen.requestState.v1.";
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Web Crypto's CryptoKey, named without the DOM library. */
type HmacKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

export interface RequestStateOptions {
  /**
   * The HMAC-SHA-256 key: at least 32 bytes (a string is UTF-8 encoded). Every instance
   * that may receive a client's retry needs the same key. Without one, each server object
   * draws a random key: a retry that reaches another instance (or this one after a
   * restart) is refused as "not signed by this server".
   */
  key?: string | Uint8Array;
  /** Seconds a state stays valid. Default 600. */
  ttlSeconds?: number;
}

/** Why a state was refused; each reason has one sentence for the client. */
export type StateRefusal = "malformed" | "signature" | "expired";

export class RequestStateSigner {
  /** No key was given: a random one, good for this server object only. */
  readonly ephemeral: boolean;
  private readonly ttlSeconds: number;
  /** The key given in the options; a random one is drawn at first use instead (see cryptoKey). */
  private readonly rawKey: Uint8Array | undefined;
  private key: Promise<HmacKey> | undefined;
  private ephemeralUsed = false;

  constructor(options: RequestStateOptions = {}) {
    const given = options.key;
    this.ephemeral = given === undefined;
    this.rawKey = given === undefined ? undefined : typeof given === "string" ? encoder.encode(given) : given;
    if (this.rawKey !== undefined && this.rawKey.byteLength < MIN_KEY_BYTES) {
      throw new RangeError(`requestState.key must be at least ${MIN_KEY_BYTES} bytes (HMAC-SHA-256); got ${this.rawKey.byteLength}`);
    }
    const ttl = options.ttlSeconds ?? DEFAULT_STATE_TTL_SECONDS;
    if (!(ttl > 0) || !Number.isFinite(ttl)) throw new RangeError(`requestState.ttlSeconds must be a positive number, got ${ttl}`);
    this.ttlSeconds = ttl;
  }

  /** True the first time a state is signed with a random key (the server warns then, once). */
  firstEphemeralUse(): boolean {
    if (!this.ephemeral || this.ephemeralUsed) return false;
    this.ephemeralUsed = true;
    return true;
  }

  /** Seals a JSON payload, adding its expiry (`exp`, Unix seconds). */
  async sign(payload: Record<string, unknown>, now = Date.now()): Promise<string> {
    const body = base64url(encoder.encode(JSON.stringify({ ...payload, exp: Math.floor(now / 1000) + this.ttlSeconds })));
    const mac = await globalThis.crypto.subtle.sign("HMAC", await this.cryptoKey(), encoder.encode(DOMAIN + body));
    return `${PREFIX}${body}.${base64url(new Uint8Array(mac))}`;
  }

  /** The payload of a state this server signed and that has not expired, or why not. */
  async verify(state: string, now = Date.now()): Promise<{ payload: Record<string, unknown> } | { refused: StateRefusal }> {
    if (!state.startsWith(PREFIX)) return { refused: "malformed" };
    const parts = state.slice(PREFIX.length).split(".");
    if (parts.length !== 2) return { refused: "malformed" };
    const [body, macText] = parts;
    const mac = fromBase64url(macText);
    if (!mac) return { refused: "malformed" };
    // subtle.verify compares in constant time.
    const valid = await globalThis.crypto.subtle.verify("HMAC", await this.cryptoKey(), mac, encoder.encode(DOMAIN + body));
    if (!valid) return { refused: "signature" };
    const bytes = fromBase64url(body);
    let payload: unknown;
    try {
      payload = bytes && JSON.parse(decoder.decode(bytes));
    } catch {
      payload = undefined;
    }
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return { refused: "malformed" };
    const exp = (payload as { exp?: unknown }).exp;
    if (typeof exp !== "number" || exp * 1000 <= now) return { refused: "expired" };
    return { payload: payload as Record<string, unknown> };
  }

  /**
   * The HMAC key, made at the first sign or verify: a Worker creates its server at module
   * scope, where workerd refuses to generate random values, so a random key waits for a request.
   */
  private cryptoKey(): Promise<HmacKey> {
    if (this.key === undefined) {
      const raw = this.rawKey ?? globalThis.crypto.getRandomValues(new Uint8Array(MIN_KEY_BYTES));
      this.key = globalThis.crypto.subtle.importKey("raw", raw as Uint8Array<ArrayBuffer>, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    }
    return this.key;
  }
}

/** A short SHA-256 digest (128 bits, base64url) of a JSON value with its object keys sorted. */
export async function digest(value: unknown): Promise<string> {
  const hash = await globalThis.crypto.subtle.digest("SHA-256", encoder.encode(canonicalJson(value)));
  return base64url(new Uint8Array(hash).subarray(0, 16));
}

/** JSON with object keys sorted, so a client that re-serializes its retry differently still matches. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}
