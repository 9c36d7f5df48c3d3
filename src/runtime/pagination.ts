/**
 * `tools/list` pages. The cursor is opaque to clients: base64url of the next offset and
 * a fingerprint of the tool list, so a cursor from another server (or a tampered one)
 * is rejected instead of silently returning the wrong page.
 */
import { createHash } from "node:crypto";

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
    this.fingerprint = createHash("sha256")
      .update(items.map((i) => i.name).join("\n"))
      .digest("base64url")
      .slice(0, 12);
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
    return Buffer.from(`${this.fingerprint}:${offset}`).toString("base64url");
  }

  private decode(cursor: string): number | undefined {
    if (typeof cursor !== "string" || cursor.length > 64) return undefined;
    const match = /^([A-Za-z0-9_-]{12}):(\d{1,9})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!match || match[1] !== this.fingerprint) return undefined;
    const offset = Number(match[2]);
    if (offset <= 0 || offset >= this.items.length) return undefined;
    // Base64 decoding skips characters it does not know: accept only the exact text we issue.
    return this.encode(offset) === cursor ? offset : undefined;
  }
}
