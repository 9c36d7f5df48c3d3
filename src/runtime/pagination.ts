/**
 * `tools/list` pages. The cursor is opaque to clients: base64url of the next offset and
 * a fingerprint of the tool list, so a cursor from another server (or a tampered one)
 * is rejected instead of silently returning the wrong page.
 */
export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

export class Paginator<T extends { name: string }> {
  private readonly fingerprint: string;

  constructor(
    private readonly items: readonly T[],
    private readonly pageSize: number,
  ) {
    if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`pageSize must be a positive integer, got ${pageSize}`);
    this.fingerprint = fingerprintOf(items.map((i) => i.name).join("\n"));
  }

  /** The page starting at `cursor`; `undefined` for an invalid cursor. */
  page(cursor: string | undefined): Page<T> | undefined {
    let offset = 0;
    if (cursor !== undefined) {
      const decoded = this.decode(cursor);
      if (decoded === undefined) return undefined;
      offset = decoded;
    }
    const end = offset + this.pageSize;
    const page: Page<T> = { items: this.items.slice(offset, end) };
    if (end < this.items.length) page.nextCursor = this.encode(end);
    return page;
  }

  private encode(offset: number): string {
    return base64url(`${this.fingerprint}:${offset}`);
  }

  private decode(cursor: string): number | undefined {
    if (typeof cursor !== "string" || cursor.length > 64) return undefined;
    const match = /^([A-Za-z0-9_-]{12}):(\d{1,9})$/.exec(fromBase64url(cursor) ?? "");
    if (!match || match[1] !== this.fingerprint) return undefined;
    const offset = Number(match[2]);
    if (offset <= 0 || offset >= this.items.length) return undefined;
    // Base64 decoding skips characters it does not know: accept only the exact text we issue.
    return this.encode(offset) === cursor ? offset : undefined;
  }
}

/**
 * 12 base64url characters (72 bits) that differ between tool lists: FNV-1a in three lanes
 * with different offsets. Not a secret (the offset is checked on its own), so no need to
 * load node:crypto at start-up for it.
 */
function fingerprintOf(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  let c = 0x1b873593;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193);
    c = Math.imul(c ^ code, 0x01000193);
  }
  const bytes = [a, b, c].map((lane) => String.fromCharCode(lane >>> 24, (lane >>> 16) & 0xff, (lane >>> 8) & 0xff, lane & 0xff)).join("");
  return base64url(bytes).slice(0, 12);
}

/**
 * base64url of a string of bytes (one per character), without padding: `btoa` is on every
 * runtime, Node's Buffer is not (Workers).
 */
function base64url(bytes: string): string {
  return btoa(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The bytes of a base64url text, or undefined when it is not base64url. */
function fromBase64url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    return atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return undefined;
  }
}
