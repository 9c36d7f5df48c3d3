/**
 * Which tools a caller sees (a spec's `auth: { scopes }`). A request that carries auth info
 * (HTTP behind a `verifyToken` hook) sees a tool only when its scopes include every scope
 * the tool names; a request without any (stdio, or HTTP with no hook) has no caller
 * identity to judge, and sees every tool, as the server's own operator would.
 *
 * Each caller pages through its own list: a cursor names the list it came from (see
 * pagination.ts), so another caller's cursor is refused rather than read against a
 * different list.
 */
import type { AuthInfo } from "@modelcontextprotocol/server";
import { Paginator } from "./pagination.js";
import type { ToolDefinition, ToolEntry } from "./types.js";

/** Callers' lists kept paged at once; callers differ only in which scope sets they hold. */
const MAX_LISTS = 256;

export class ToolVisibility {
  /** Every distinct scope set some tool requires, each once. */
  private readonly requirements: ReadonlyArray<readonly string[]>;
  /** Each tool's index in `requirements`, or -1 for a tool every caller sees. */
  private readonly requirementOf = new Map<string, number>();
  private readonly everything: Paginator<ToolDefinition>;
  private readonly lists = new Map<string, Paginator<ToolDefinition>>();

  constructor(
    entries: ReadonlyMap<string, ToolEntry>,
    /** The definitions in `tools/list` order. */
    private readonly definitions: readonly ToolDefinition[],
    private readonly pageSize: number,
  ) {
    const keys = new Map<string, number>();
    const requirements: Array<readonly string[]> = [];
    for (const [name, entry] of entries) {
      const scopes = entry.auth?.scopes;
      if (!scopes || scopes.length === 0) {
        this.requirementOf.set(name, -1);
        continue;
      }
      const key = [...new Set(scopes)].sort().join(" ");
      let index = keys.get(key);
      if (index === undefined) {
        index = requirements.push([...new Set(scopes)]) - 1;
        keys.set(key, index);
      }
      this.requirementOf.set(name, index);
    }
    this.requirements = requirements;
    this.everything = new Paginator(definitions, pageSize);
  }

  /** Whether the list can differ from one caller to another at all. */
  get scoped(): boolean {
    return this.requirements.length > 0;
  }

  /** Whether `authInfo`'s caller may see and call the tool `name` (which must exist). */
  allows(name: string, authInfo: AuthInfo | undefined): boolean {
    const index = this.requirementOf.get(name) ?? -1;
    if (index === -1 || authInfo === undefined) return true;
    return this.holds(this.requirements[index], scopesOf(authInfo));
  }

  /** The caller's `tools/list`, to page through. */
  listFor(authInfo: AuthInfo | undefined): Paginator<ToolDefinition> {
    if (authInfo === undefined || !this.scoped) return this.everything;
    const held = scopesOf(authInfo);
    const key = this.requirements.map((required) => (this.holds(required, held) ? "1" : "0")).join("");
    let list = this.lists.get(key);
    if (!list) {
      const visible = this.definitions.filter((definition) => this.allowsKey(definition.name, key));
      list = new Paginator(visible, this.pageSize);
      if (this.lists.size >= MAX_LISTS) this.lists.delete(this.lists.keys().next().value!);
      this.lists.set(key, list);
    }
    return list;
  }

  /**
   * 2026-07-28's `cacheScope` for a `tools/list` answer: `private` when the list depends on
   * who asks (some tool is scoped and the request says who), `public` otherwise.
   */
  cacheScope(authInfo: AuthInfo | undefined): "public" | "private" {
    return this.scoped && authInfo !== undefined ? "private" : "public";
  }

  private allowsKey(name: string, key: string): boolean {
    const index = this.requirementOf.get(name) ?? -1;
    return index === -1 || key[index] === "1";
  }

  private holds(required: readonly string[], held: ReadonlySet<string>): boolean {
    return required.every((scope) => held.has(scope));
  }
}

/** A verifier's scopes; anything that is not a list of strings holds none. */
function scopesOf(authInfo: AuthInfo): ReadonlySet<string> {
  const scopes: unknown = authInfo.scopes;
  return new Set(Array.isArray(scopes) ? scopes.filter((scope): scope is string => typeof scope === "string") : []);
}
