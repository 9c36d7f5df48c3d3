/**
 * The demo's delete_file asks the user to confirm (`context.elicit`), in its own process,
 * driven by the official SDK client over stdio and Streamable HTTP in both protocol eras:
 * on 2025 revisions as an `elicitation/create` request, on 2026-07-28 as an
 * `input_required` result the client answers and retries. Every message is checked on
 * the wire against the schema of the connection's revision.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkWire, connect, type Connection, type ConnectOptions, type Era, type Target } from "../helpers/mcp.js";
import { REPO_ROOT, removeProject, tempProject } from "../helpers/project.js";
import { startHttpServer, type ServerProcess } from "../helpers/server-process.js";

const DEMO = path.join(REPO_ROOT, "build/demo/server.js");

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const text = (result: { content?: unknown }) => ((result.content ?? []) as Array<{ text?: string }>).map((c) => c.text ?? "").join("\n");

describe.each([
  ["stdio", "legacy"],
  ["stdio", "modern"],
  ["http", "legacy"],
  ["http", "modern"],
] as const)("delete_file over %s, %s era", (kind, era: Era) => {
  let root: string;
  let target: Target;

  beforeAll(async () => {
    root = tempProject("delete-confirm");
    cleanups.push(() => removeProject(root));
    const env = { MCP_DEMO_FILES_ROOT: root };
    if (kind === "stdio") {
      target = { kind: "stdio", command: process.execPath, args: [DEMO], env };
    } else {
      const server: ServerProcess = await startHttpServer([DEMO, "--http"], env);
      cleanups.push(() => server.stop());
      target = { kind: "http", url: server.url };
    }
  });

  /** A file to delete, and a client that answers the confirmation as told. */
  async function setUp(name: string, options: ConnectOptions): Promise<{ connection: Connection; file: string }> {
    mkdirSync(root, { recursive: true });
    const file = path.join(root, name);
    writeFileSync(file, "x\n");
    const connection = await connect(target, era, options);
    cleanups.push(() => connection.close());
    return { connection, file };
  }

  it("accept: the file is deleted", async () => {
    const { connection, file } = await setUp("accept.txt", { elicit: () => ({ action: "accept", content: { confirm: true } }) });
    const result = await connection.client.callTool({ name: "delete_file", arguments: { path: "accept.txt" } });
    expect(text(result)).toBe("Deleted accept.txt.");
    expect(connection.elicited).toEqual(["Delete accept.txt? This cannot be undone."]);
    expect(existsSync(file)).toBe(false);
    expect(checkWire(connection).problems).toEqual([]);
    // 2026-07-28: the first answer was input_required, on the wire.
    const resultTypes = connection.received.map((m) => (m.result as { resultType?: string } | undefined)?.resultType).filter(Boolean);
    if (era === "modern") expect(resultTypes).toContain("input_required");
    else expect(resultTypes).toEqual([]);
  });

  it.each([
    ["decline", "declined"],
    ["cancel", "cancelled"],
  ] as const)("%s: the file stays, and a normal result says so", async (action, said) => {
    const { connection, file } = await setUp(`${action}.txt`, { elicit: () => ({ action }) });
    const result = await connection.client.callTool({ name: "delete_file", arguments: { path: `${action}.txt` } });
    expect(result.isError ?? false).toBe(false);
    expect(text(result)).toBe(`Kept ${action}.txt: the user ${said}.`);
    expect(existsSync(file)).toBe(true);
    expect(checkWire(connection).problems).toEqual([]);
  });

  it("a client without elicitation: isError says what was needed, the file stays", async () => {
    const { connection, file } = await setUp("unasked.txt", { capabilities: {} });
    const result = await connection.client.callTool({ name: "delete_file", arguments: { path: "unasked.txt" } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe("This client did not declare the elicitation capability; context.elicit needs a client that supports elicitation.");
    expect(existsSync(file)).toBe(true);
  });
});
