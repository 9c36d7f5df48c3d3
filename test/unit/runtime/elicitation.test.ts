/**
 * `context.elicit` in both protocol eras, with the official SDK client over real
 * transports: a 2025-era client gets `elicitation/create` (in memory, and in an HTTP
 * session); a 2026-07-28 client gets an `input_required` result and retries with its
 * answer and the signed `requestState` (HTTP through the `fetch` entry). A state that was
 * changed, signed with another key, or issued for another call is refused with -32602.
 */
import {
  Client,
  InMemoryTransport,
  ProtocolError,
  StreamableHTTPClientTransport,
  type ClientCapabilities,
  type ElicitResult,
} from "@modelcontextprotocol/client";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import { createToolServer, type ToolServer } from "../../../src/runtime/create-server.js";
import type { CallToolResult, CompiledValidator, ToolContext, ToolEntry } from "../../../src/runtime/types.js";
import { capturingLogger } from "../../helpers/capturing-logger.js";

const anyObject: CompiledValidator = Object.assign(() => true, { errors: null });
const entry = (name: string): ToolEntry => ({ definition: { name, inputSchema: { type: "object" } }, validateInput: anyObject });

const KEY = "a test key of at least thirty-two bytes";

/** A server whose `remove` tool asks before it "deletes", and records every entry and deletion. */
function toolServer(options: { key?: string } = {}) {
  const entered: string[] = [];
  const removed: string[] = [];
  const handlers = {
    remove: async (input: { name?: string }, context: ToolContext) => {
      entered.push(input.name ?? "");
      const answer = await context.elicit({
        message: `Delete ${input.name}?`,
        requestedSchema: { type: "object", properties: { confirm: { type: "boolean", title: "Delete" } }, required: ["confirm"] },
      });
      if (answer.action !== "accept" || !answer.content.confirm) return `Kept ${input.name} (${answer.action}).`;
      expectTypeOf(answer.content).toEqualTypeOf<{ confirm: boolean }>();
      removed.push(input.name ?? "");
      return `Deleted ${input.name}.`;
    },
    /** Two questions in a row, then a URL. */
    signup: async (_input: unknown, context: ToolContext) => {
      const name = await context.elicit({
        message: "Your name?",
        requestedSchema: { type: "object", properties: { name: { type: "string", minLength: 1 } }, required: ["name"] },
      });
      if (name.action !== "accept") return "no name";
      const plan = await context.elicit({
        message: "Plan?",
        requestedSchema: {
          type: "object",
          properties: { plan: { type: "string", enum: ["free", "pro"] }, seats: { type: "integer", minimum: 1 } },
          required: ["plan"],
        },
      });
      if (plan.action !== "accept") return "no plan";
      expectTypeOf(plan.content).toEqualTypeOf<{ plan: "free" | "pro"; seats?: number }>();
      const pay = await context.elicit({ mode: "url", message: "Pay here", url: "https://pay.example.com/checkout" });
      expectTypeOf(pay.action).toEqualTypeOf<"accept" | "decline" | "cancel">();
      return `${name.content.name} on ${plan.content.plan} x${plan.content.seats ?? 1}: payment ${pay.action}`;
    },
  };
  let runs = 0;
  const moreHandlers = {
    /** Asks a different question on every run, as a handler must not. */
    fickle: async (_input: unknown, context: ToolContext) => {
      runs++;
      const answer = await context.elicit({ message: `Question ${runs}?`, requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } });
      return `answered ${answer.action}`;
    },
    /** Swallows what elicit throws, as a careless catch-all would. */
    swallow: async (_input: unknown, context: ToolContext) => {
      try {
        await context.elicit({ message: "Sure?", requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } });
      } catch {
        removed.push("swallowed");
        return "went on without an answer";
      }
      return "answered";
    },
  };
  const logger = capturingLogger();
  const server = createToolServer({
    info: { name: "elicitation-test", version: "1.0.0" },
    registry: { remove: entry("remove"), signup: entry("signup"), fickle: entry("fickle"), swallow: entry("swallow") },
    handlers: { ...handlers, ...moreHandlers },
    logger,
    // 2025-era clients of fetch get sessions, so the server can send them elicitation/create.
    legacySessions: true,
    ...(options.key ? { requestState: { key: options.key } } : {}),
  });
  closing.push(() => server.close());
  return { server, entered, removed, logger };
}

const closing: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

type Answers = (request: { message: string; mode?: string }) => ElicitResult;

/** A client that answers elicitations with `answers` (when it declares the capability), and records what it was asked. */
function clientWith(capabilities: ClientCapabilities, answers: Answers, modern: boolean, options: { autoFulfill?: boolean } = {}) {
  const asked: string[] = [];
  const client = new Client(
    { name: "elicitation-test-client", version: "1.0.0" },
    {
      capabilities,
      ...(modern ? { versionNegotiation: { mode: "auto" as const } } : {}),
      ...(options.autoFulfill === false ? { inputRequired: { autoFulfill: false } } : {}),
    },
  );
  if (capabilities.elicitation) {
    client.setRequestHandler("elicitation/create", async (request) => {
      asked.push(request.params.message);
      return answers(request.params as { message: string; mode?: string });
    });
  }
  closing.push(() => client.close());
  return { client, asked };
}

async function inMemory(server: ToolServer, capabilities: ClientCapabilities, answers: Answers) {
  const sdkServer = server.createSdkServer();
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await sdkServer.connect(serverTransport);
  closing.push(() => sdkServer.close());
  const { client, asked } = clientWith(capabilities, answers, false);
  await client.connect(clientTransport);
  return { client, asked };
}

async function overFetch(server: ToolServer, capabilities: ClientCapabilities, answers: Answers, modern: boolean, options: { autoFulfill?: boolean } = {}) {
  const { client, asked } = clientWith(capabilities, answers, modern, options);
  await client.connect(new StreamableHTTPClientTransport(new URL("http://test.local/mcp"), { fetch: (url, init) => server.fetch(new Request(url, init)) }));
  expect(client.getProtocolEra()).toBe(modern ? "modern" : "legacy");
  return { client, asked };
}

const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;
const confirm =
  (value: unknown): Answers =>
  () => ({ action: "accept", content: { confirm: value as boolean } });
const FORM = { elicitation: { form: {} } } satisfies ClientCapabilities;

const connections = {
  "2025, in memory": (server: ToolServer, capabilities: ClientCapabilities, answers: Answers) => inMemory(server, capabilities, answers),
  "2025, HTTP session": (server: ToolServer, capabilities: ClientCapabilities, answers: Answers) => overFetch(server, capabilities, answers, false),
  "2026-07-28, HTTP (input_required)": (server: ToolServer, capabilities: ClientCapabilities, answers: Answers) =>
    overFetch(server, capabilities, answers, true),
};

describe.each(Object.entries(connections))("%s", (era, connect) => {
  const modern = era.startsWith("2026");

  it("accept: the handler gets the typed answer and acts once", async () => {
    const { server, entered, removed } = toolServer();
    const { client, asked } = await connect(server, FORM, confirm(true));
    const result = await client.callTool({ name: "remove", arguments: { name: "a.txt" } });
    expect(textOf(result)).toBe("Deleted a.txt.");
    expect(result.isError).toBeFalsy();
    expect(asked).toEqual(["Delete a.txt?"]);
    expect(removed).toEqual(["a.txt"]);
    // 2026-07-28 runs the handler again with the answer; 2025 waits inside the one run.
    expect(entered).toEqual(modern ? ["a.txt", "a.txt"] : ["a.txt"]);
  });

  it.each(["decline", "cancel"] as const)("%s: nothing happens, and a normal result says so", async (action) => {
    const { server, removed } = toolServer();
    const { client } = await connect(server, FORM, () => ({ action }));
    const result = await client.callTool({ name: "remove", arguments: { name: "a.txt" } });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe(`Kept a.txt (${action}).`);
    expect(removed).toEqual([]);
  });

  it("no elicitation capability: isError says what was needed, and nothing is asked", async () => {
    const { server, removed } = toolServer();
    const { client, asked } = await connect(server, {}, confirm(true));
    const result = await client.callTool({ name: "remove", arguments: { name: "a.txt" } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("This client did not declare the elicitation capability; context.elicit needs a client that supports elicitation.");
    expect(asked).toEqual([]);
    expect(removed).toEqual([]);
  });

  it("URL mode only, asked for a form: isError names the mode", async () => {
    const { server } = toolServer();
    const { client } = await connect(server, { elicitation: { url: {} } }, confirm(true));
    const result = await client.callTool({ name: "remove", arguments: { name: "a.txt" } });
    expect(textOf(result)).toBe('This client declared elicitation without form mode; context.elicit with mode "form" needs a client that supports it.');
  });

  it("an answer that does not match the requested schema is an isError result, not the handler's input", async () => {
    const { server, removed } = toolServer();
    const { client } = await connect(server, FORM, confirm("yes"));
    const result = await client.callTool({ name: "remove", arguments: { name: "a.txt" } });
    expect(result.isError).toBe(true);
    // On a 2025 connection the SDK checks the answer first, with its own words.
    expect(textOf(result)).toBe(
      modern
        ? 'The client\'s answer to "Delete a.txt?" does not match the requested schema:\n- confirm: must be a boolean'
        : "Elicitation failed: Elicitation response content does not match requested schema: data/confirm must be boolean",
    );
    expect(removed).toEqual([]);
  });

  it("several questions in order, form and URL, each answer given back to its question", async () => {
    const { server } = toolServer();
    const answers: Answers = (request): ElicitResult =>
      request.mode === "url"
        ? { action: "accept" }
        : { action: "accept", content: request.message === "Your name?" ? { name: "Ada" } : { plan: "pro", seats: 3 } };
    const { client, asked } = await connect(server, { elicitation: { form: {}, url: {} } }, answers);
    const result = await client.callTool({ name: "signup", arguments: {} });
    expect(textOf(result)).toBe("Ada on pro x3: payment accept");
    expect(asked).toEqual(["Your name?", "Plan?", "Pay here"]);
  });
});

/** The first round by hand (no auto-fulfilment): the `input_required` result as the client got it. */
async function firstRound(server: ToolServer, args: Record<string, unknown> = { name: "a.txt" }, tool = "remove") {
  const { client } = await overFetch(server, FORM, confirm(true), true, { autoFulfill: false });
  const first = (await client.callTool({ name: tool, arguments: args }, { allowInputRequired: true })) as unknown as {
    resultType: string;
    inputRequests: Record<string, { method: string; params: Record<string, unknown> }>;
    requestState: string;
  };
  return { client, first };
}

const retry = (
  client: Client,
  requestState: string,
  args: Record<string, unknown> = { name: "a.txt" },
  inputResponses: Record<string, unknown> = { "elicit-1": { action: "accept", content: { confirm: true } } },
) => client.callTool({ name: "remove", arguments: args, inputResponses, requestState } as never);

async function refusal(call: Promise<unknown>): Promise<{ code: number; message: string }> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProtocolError);
  return { code: (error as ProtocolError).code, message: (error as ProtocolError).message };
}

describe("2026-07-28: the requestState", () => {
  it("the first round is an input_required result with one elicitation and a signed state", async () => {
    const { server, removed } = toolServer({ key: KEY });
    const { client, first } = await firstRound(server);
    expect(first.resultType).toBe("input_required");
    expect(first.inputRequests).toEqual({
      "elicit-1": {
        method: "elicitation/create",
        params: {
          mode: "form",
          message: "Delete a.txt?",
          requestedSchema: { type: "object", properties: { confirm: { type: "boolean", title: "Delete" } }, required: ["confirm"] },
        },
      },
    });
    expect(first.requestState).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(removed).toEqual([]);
    // The retry by hand, as the SDK's driver would send it.
    expect(textOf(await retry(client, first.requestState))).toBe("Deleted a.txt.");
    expect(removed).toEqual(["a.txt"]);
  });

  it("a tampered state (one character of its payload changed) is refused with -32602, and nothing happens", async () => {
    const { server, removed, logger } = toolServer({ key: KEY });
    const { client, first } = await firstRound(server);
    const [version, body, mac] = first.requestState.split(".");
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { answers: unknown[] };
    // Claim the user already confirmed: an answer the server never asked for.
    payload.answers = [{ q: "forged", r: { action: "accept", content: { confirm: true } } }];
    const forged = `${version}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${mac}`;
    expect(await refusal(retry(client, forged))).toEqual({
      code: -32602,
      message: "Invalid requestState: its signature does not match (it was changed, or signed by another server or key). Call the tool again without it.",
    });
    expect(await refusal(retry(client, "not a state"))).toMatchObject({
      code: -32602,
      message: expect.stringContaining("Invalid requestState: it is not a state this server issued"),
    });
    expect(removed).toEqual([]);
    expect(logger.calls.some((r) => r.message === "refused a requestState")).toBe(true);
  });

  it("a foreign state (signed by another server's key) is refused", async () => {
    const { server: other } = toolServer({ key: "another key, also thirty-two bytes long" });
    const { first } = await firstRound(other);
    const { server, removed } = toolServer({ key: KEY });
    const { client } = await overFetch(server, FORM, confirm(true), true);
    expect(await refusal(retry(client, first.requestState))).toMatchObject({ code: -32602, message: expect.stringContaining("its signature does not match") });
    expect(removed).toEqual([]);
  });

  it("a state issued for other arguments is refused", async () => {
    const { server, removed } = toolServer({ key: KEY });
    const { client, first } = await firstRound(server, { name: "harmless.txt" });
    expect(await refusal(retry(client, first.requestState, { name: "important.txt" }))).toMatchObject({
      code: -32602,
      message: expect.stringContaining("Invalid requestState: it was issued for another call (a different tool, arguments or caller)"),
    });
    expect(removed).toEqual([]);
  });

  it("with a shared key another instance finishes the call; without one it refuses, and the server warned", async () => {
    const { server: first } = toolServer({ key: KEY });
    const { first: round } = await firstRound(first);
    const { server: second, removed } = toolServer({ key: KEY });
    const { client } = await overFetch(second, FORM, confirm(true), true);
    expect(textOf(await retry(client, round.requestState))).toBe("Deleted a.txt.");
    expect(removed).toEqual(["a.txt"]);

    const { server: keyless, logger } = toolServer();
    const { first: keylessRound } = await firstRound(keyless);
    expect(logger.calls.filter((r) => r.level === "warn").map((r) => r.message)).toEqual([expect.stringContaining("random key of this server instance")]);
    const { server: another } = toolServer();
    const { client: client2 } = await overFetch(another, FORM, confirm(true), true);
    expect(await refusal(retry(client2, keylessRound.requestState))).toMatchObject({ code: -32602 });
  });

  it("a retry without the answer is asked the same question again", async () => {
    const { server } = toolServer({ key: KEY });
    const { client, first } = await firstRound(server);
    const again = (await client.callTool({ name: "remove", arguments: { name: "a.txt" }, requestState: first.requestState } as never, {
      allowInputRequired: true,
    })) as unknown as typeof first;
    expect(again.resultType).toBe("input_required");
    expect(Object.keys(again.inputRequests)).toEqual(["elicit-1"]);
  });

  it("a client that disappears between rounds costs nothing: the server keeps serving", async () => {
    const { server, removed } = toolServer({ key: KEY });
    const { client, first } = await firstRound(server);
    expect(first.resultType).toBe("input_required");
    await client.close();
    const { client: next } = await overFetch(server, FORM, confirm(true), true);
    expect(textOf(await next.callTool({ name: "remove", arguments: { name: "b.txt" } }))).toBe("Deleted b.txt.");
    expect(removed).toEqual(["b.txt"]);
  });

  it("an answer is given back only to the question it answers: a changed question is asked again", async () => {
    const { server } = toolServer({ key: KEY });
    const { client, first } = await firstRound(server, {}, "fickle");
    expect(first.inputRequests["elicit-1"].params.message).toBe("Question 1?");
    const again = (await client.callTool(
      { name: "fickle", arguments: {}, inputResponses: { "elicit-1": { action: "accept", content: { ok: true } } }, requestState: first.requestState } as never,
      {
        allowInputRequired: true,
      },
    )) as unknown as typeof first;
    expect(again.resultType).toBe("input_required");
    expect(again.inputRequests["elicit-1"].params.message).toBe("Question 2?");
  });

  it("a handler that catches what elicit throws still ends the call with input_required; what it returns then is dropped", async () => {
    const { server, removed } = toolServer({ key: KEY });
    const { first } = await firstRound(server, {}, "swallow");
    expect(first.resultType).toBe("input_required");
    expect(Object.keys(first.inputRequests)).toEqual(["elicit-1"]);
    // Its catch block did run: the contract asks handlers not to work around a question.
    expect(removed).toEqual(["swallowed"]);
  });
});

describe("the signer", () => {
  it("refuses an expired state, a short key, and accepts its own state whatever the key order of the arguments", async () => {
    const { RequestStateSigner, digest } = await import("../../../src/runtime/request-state.js");
    const signer = new RequestStateSigner({ key: KEY, ttlSeconds: 60 });
    const now = Date.UTC(2026, 6, 28);
    const state = await signer.sign({ tool: "t" }, now);
    expect(await signer.verify(state, now + 59_000)).toMatchObject({ payload: { tool: "t" } });
    expect(await signer.verify(state, now + 60_000)).toEqual({ refused: "expired" });
    expect(() => new RequestStateSigner({ key: "too short" })).toThrow("requestState.key must be at least 32 bytes (HMAC-SHA-256); got 9");
    expect(await digest({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(await digest({ b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(await digest({ a: 1 })).not.toBe(await digest({ a: 2 }));
  });
});
