/**
 * A call the client cancels, or whose connection closes, ends at once, whatever its
 * handler does: the `maxConcurrentCalls` slot is released, `afterCall` hears `cancelled`,
 * and no response is sent for the cancelled request (MCP: the receiver should not answer
 * after a cancellation). The handlers here never settle and ignore their signal, the worst
 * case. Real SDK clients, over a connection (in memory, and a real stdio child process)
 * and over Streamable HTTP in both protocol eras.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { connect as connectProcess, type Connection, type Era } from "../../helpers/mcp.js";
import { REPO_ROOT } from "../../helpers/project.js";

const closing: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

describe("over real stdio (a child process serving createToolServer from dist/)", () => {
  // Logs go to stderr as JSON lines; afterCall writes one plain line per call.
  const script = `
    import { createToolServer } from ${JSON.stringify(pathToFileURL(path.join(REPO_ROOT, "dist", "runtime", "index.js")).href)};
    const anyObject = Object.assign(() => true, { errors: null });
    const entry = (name) => ({ definition: { name, inputSchema: { type: "object" } }, validateInput: anyObject });
    await createToolServer({
      info: { name: "cancellation-stdio", version: "1.0.0" },
      registry: { echo: entry("echo"), hang: entry("hang") },
      handlers: { hang: () => new Promise(() => {}), echo: (input) => input.text ?? "" },
      maxConcurrentCalls: 1,
      afterCall: (call, outcome) => process.stderr.write("afterCall " + call.name + " " + outcome.status + "\\n"),
    }).serveStdio();
  `;

  it.each<Era>(["legacy", "modern"])("%s era: a cancelled call ends as cancelled, frees its slot, and is not answered", async (era) => {
    const connection: Connection = await connectProcess({ kind: "stdio", command: process.execPath, args: ["--input-type=module", "-e", script] }, era);
    closing.push(() => connection.close());
    const { client } = connection;
    await expect(client.callTool({ name: "hang", arguments: {} }, { timeout: 300 })).rejects.toThrow(/timed out/i);
    const afterCalls = () =>
      connection
        .stderr()
        .split("\n")
        .filter((line) => line.startsWith("afterCall "));
    await expect.poll(afterCalls, { timeout: 5_000 }).toEqual(["afterCall hang cancelled"]);
    expect(await client.callTool({ name: "echo", arguments: { text: "next" } })).toMatchObject({ content: [{ type: "text", text: "next" }] });
    await expect.poll(afterCalls, { timeout: 5_000 }).toEqual(["afterCall hang cancelled", "afterCall echo ok"]);
    const hangId = [...connection.sentMethods].find(([, method]) => method === "tools/call")?.[0];
    expect(hangId).toBeDefined();
    expect(connection.received.filter((m) => m.id === hangId)).toEqual([]);
  });
});
