/**
 * What the handlers share, reached as `context.state`: server.ts gives the real server
 * `createState()`, and test/examples.test.ts gives every example (or sequence of
 * examples) a fresh one through its `fixture`, so the tests never see each other's writes
 * and never touch real data. Put your store here (a database client, a file path...).
 */
import type { ToolState } from "mcp-gen/runtime";

declare module "mcp-gen/runtime" {
  interface ToolState {
    // notes: NoteStore;
  }
}

export function createState(): ToolState {
  return {};
}
