/**
 * The hash a text is recorded by where mcp-gen must later know whether a file still holds
 * exactly what it wrote (the manifest's record of handler stubs).
 */
import { createHash } from "node:crypto";

export function textHash(text: string): string {
  return createHash("sha1").update(text, "utf8").digest("hex");
}
