/**
 * Why the runtime sends no 2026-07-28 task status notifications (docs/sdk-notes.md §5): the
 * tasks extension subscribes with `subscriptions/listen` and `notifications.taskIds`, but the
 * SDK's HTTP entry serves every `subscriptions/listen` itself, before any handler of ours, with
 * a filter of its own four fields. When this test fails, the SDK has learnt the extension's
 * filter: the notifications can then be built on its public API.
 */
import { createMcpHandler, Server } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";

const TASKS = "io.modelcontextprotocol/tasks";
const handlers: ReturnType<typeof createMcpHandler>[] = [];

afterEach(async () => {
  for (const handler of handlers.splice(0)) await handler.close();
});

/** The first SSE message of a 2026-07-28 `subscriptions/listen` asking for `notifications`. */
async function firstListenMessage(notifications: Record<string, unknown>): Promise<{ method?: string; params?: { notifications?: unknown } }> {
  let reached = false;
  const handler = createMcpHandler(
    () => {
      const server = new Server({ name: "probe", version: "1.0.0" }, { capabilities: { tools: { listChanged: true }, extensions: { [TASKS]: {} } } });
      server.setRequestHandler(
        "subscriptions/listen" as never,
        (() => {
          reached = true;
          return {};
        }) as never,
      );
      return server;
    },
    { legacy: "reject" },
  );
  handlers.push(handler);
  const abort = new AbortController();
  const body = {
    jsonrpc: "2.0",
    id: 1,
    method: "subscriptions/listen",
    params: {
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": { extensions: { [TASKS]: {} } },
        "io.modelcontextprotocol/clientInfo": { name: "probe", version: "1.0.0" },
      },
      notifications,
    },
  };
  const response = await handler.fetch(
    new Request("http://localhost/mcp", {
      method: "POST",
      signal: abort.signal,
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "subscriptions/listen",
      },
      body: JSON.stringify(body),
    }),
  );
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let text = "";
  while (!text.includes("\n\n")) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += new TextDecoder().decode(chunk.value);
  }
  abort.abort();
  await reader.cancel().catch(() => undefined);
  expect(reached, "the SDK handed subscriptions/listen to a handler of the server").toBe(false);
  const data = text.split("\n").find((line) => line.startsWith("data: "));
  return JSON.parse((data ?? "data: {}").slice("data: ".length));
}

describe("the SDK's subscriptions/listen and the tasks extension", () => {
  it("acknowledges the filter fields it knows, and drops the extension's taskIds", async () => {
    const ack = await firstListenMessage({ toolsListChanged: true, taskIds: ["786512e2-9e0d-44bd-8f29-789f320fe840"] });
    expect(ack.method).toBe("notifications/subscriptions/acknowledged");
    expect(ack.params?.notifications).toEqual({ toolsListChanged: true });
  });
});
