/**
 * A hash of each tool's model: what a file made from one tool is rendered from (its
 * types module, its docs page). A build session keeps one table, so the hash of a tool is
 * computed once; a partial run hands it the recorded hashes of the tools of unchanged
 * spec files, which it need not compute at all.
 */
import { createHash } from "node:crypto";
import type { ToolModel } from "./model.js";

export class ToolHashes {
  /** A model's tools are not changed once built: each one's hash is derived once. */
  private readonly known = new WeakMap<ToolModel, string>();

  of(tool: ToolModel): string {
    let hash = this.known.get(tool);
    if (hash === undefined) {
      hash = toolHash(tool);
      this.known.set(tool, hash);
    }
    return hash;
  }

  /** The hash a recorded run computed for this tool's equal (a tool of an unchanged spec file). */
  know(tool: ToolModel, hash: string): void {
    this.known.set(tool, hash);
  }
}

export function toolHash(tool: ToolModel): string {
  return createHash("sha1").update(JSON.stringify(tool)).digest("hex");
}
