/**
 * Spec examples as tests: each example is sent as a real `tools/call` through an
 * in-memory MCP client, so it crosses the same dispatch a client reaches (argument
 * validation, the author's handler, output validation, result shaping). Sequences take
 * values from earlier steps' results; example-verdicts.ts judges each result.
 */
import type { ToolServer, ToolServerOptions } from "./create-server.js";
import { type CallContext, judgeRejection, judgeSuccess, safeJson, show, type Verdict } from "./example-verdicts.js";
import type { CallToolResult, ToolEntry, ToolLogger, ToolState } from "./types.js";

/** One call of a spec example, as `generated/examples.ts` lists them. */
export interface ToolExampleCall {
  tool: string;
  title?: string;
  input: unknown;
  output?: unknown;
  /** The input is meant to be rejected. */
  error?: boolean;
  /** `exact`: the result must also equal `output`. Default `schema`. */
  match?: "schema" | "exact";
  /** Where the example is written, `specs/get_weather.yaml:28:5`. */
  location: string;
}

/** Where a sequence step takes a value from an earlier step's result (`{ $from: created.id }` in the spec). */
export interface ExampleUse {
  /** JSON pointer into the step: `/input/id`, `/output/id`. */
  at: string;
  /** The earlier step, by its `as`. */
  step: string;
  /** JSON pointer into that step's structured result; "" for all of it. */
  path: string;
}

/** One call of a sequence. */
export interface ToolExampleStep extends ToolExampleCall {
  /** The name later steps take values from this step's result by. */
  as?: string;
  uses?: readonly ExampleUse[];
}

/**
 * A spec example that is a sequence (`steps:`): its calls run in order on one connection,
 * against the same state, as one test; a step that fails ends it.
 */
export interface ToolExampleSequence {
  /** The tool whose spec holds the sequence (it names the test). */
  tool: string;
  title?: string;
  location: string;
  steps: readonly ToolExampleStep[];
}

/** One spec example, as `generated/examples.ts` lists them: a call, or a sequence of calls. */
export type ToolExampleCase = ToolExampleCall | ToolExampleSequence;

export interface ExampleOutcome {
  example: ToolExampleCase;
  /** `get_weather: New York`, for a test name. */
  name: string;
  pass: boolean;
  /** One line that starts with the example's spec location: why it failed, or what passed. */
  message: string;
  /** What `tools/call` returned, when it returned. */
  result?: CallToolResult;
}

export interface RunExamplesOptions {
  /**
   * The generated `registry`: each successful output is validated again with the tool's
   * own output validator, and tools without a handler-facing schema are known.
   */
  registry?: { readonly [name: string]: ToolEntry };
  /** Per-call limit, in milliseconds. Default 30 000. */
  timeoutMs?: number;
  /**
   * How the examples' client answers a tool that asks the user (`context.elicit`). Default:
   * it accepts the form as presented, each field at its schema `default` (fields without one
   * left out), and accepts a URL.
   */
  elicit?: (request: { message: string; mode?: string; requestedSchema?: unknown }) => {
    action: "accept" | "decline" | "cancel";
    content?: Record<string, unknown>;
  };
  /**
   * The test setup's hook for fresh state: called before each example and each sequence,
   * and what it returns is the `state` of a server made for that example alone (the server
   * factory gets it as `options.state`; handlers reach it as `context.state`). So examples
   * never see each other's writes, running the tests twice gives the same outcome, and the
   * real data stays untouched. Needs a server factory. Without it, the examples share one
   * server (runExamples) or each gets one with the factory's own state (exampleTests).
   */
  fixture?: () => ToolState | Promise<ToolState>;
}

/** Accepting a form as presented: each field at its default. */
function acceptDefaults(request: { requestedSchema?: unknown }): { action: "accept"; content?: Record<string, unknown> } {
  const properties = (request.requestedSchema as { properties?: Record<string, { default?: unknown }> } | undefined)?.properties;
  if (!properties) return { action: "accept" };
  const content: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) if (property.default !== undefined) content[name] = property.default;
  return { action: "accept", content };
}

/**
 * The server to test: a ready `ToolServer`, or a factory (e.g.
 * `(options) => createServer(handlers, options)`) so the runner can read the server's
 * log and explain internal failures (an output that breaks its schema, a handler that threw).
 */
export type ExampleServer = ToolServer | ((options: ToolServerOptions) => ToolServer);

export interface ExampleTest {
  name: string;
  /** Resolves when the example passes; rejects with the outcome's message otherwise. */
  run: () => Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Test names: `tool: title`, or `tool: example N` (N counts that tool's examples in the
 * list, as they are numbered in its spec).
 */
export function exampleNames(examples: readonly ToolExampleCase[]): string[] {
  const seen = new Map<string, number>();
  return examples.map((example) => {
    const n = (seen.get(example.tool) ?? 0) + 1;
    seen.set(example.tool, n);
    return `${example.tool}: ${example.title ?? `example ${n}`}`;
  });
}

/** Runs every example, in order, over one in-memory connection. Never throws for a failing example. */
export function runExamples(server: ExampleServer, examples: readonly ToolExampleCase[], options: RunExamplesOptions = {}): Promise<ExampleOutcome[]> {
  const names = exampleNames(examples);
  return run(
    server,
    examples.map((example, index) => ({ example, name: names[index] })),
    options,
  );
}

/**
 * One test per example for `node:test`, vitest or jest:
 * `for (const t of exampleTests(server, examples)) test(t.name, t.run);`
 * Each test runs its example on its own connection.
 */
export function exampleTests(server: ExampleServer, examples: readonly ToolExampleCase[], options: RunExamplesOptions = {}): ExampleTest[] {
  const names = exampleNames(examples);
  return examples.map((example, index) => ({
    name: names[index],
    run: async () => {
      const [outcome] = await run(server, [{ example, name: names[index] }], options);
      if (!outcome.pass) throw new Error(outcome.message);
    },
  }));
}

interface Connection {
  client: InstanceType<typeof import("@modelcontextprotocol/client").Client>;
  tools: Map<string, { outputSchema?: Record<string, unknown> }>;
  close(): Promise<void>;
}

async function run(
  server: ExampleServer,
  examples: ReadonlyArray<{ example: ToolExampleCase; name: string }>,
  options: RunExamplesOptions,
): Promise<ExampleOutcome[]> {
  const owned = typeof server === "function";
  if (options.fixture && !owned) {
    throw new TypeError("`fixture` needs a server factory, `(options) => createServer(handlers, options)`, to give each example a server with its fresh state");
  }
  const serverLog: string[] = [];
  let connection: Connection | undefined;
  try {
    const outcomes: ExampleOutcome[] = [];
    for (const { example, name } of examples) {
      if (!connection || options.fixture) {
        await connection?.close();
        connection = undefined;
        connection = await connect(server, serverLog, options, options.fixture ? await options.fixture() : undefined);
      }
      const { verdict, result, location } =
        "steps" in example ? await runSequence(connection, example, serverLog, options, owned) : await runCall(connection, example, serverLog, options, owned);
      outcomes.push({
        example,
        name,
        pass: verdict.pass,
        message: `${location}: ${name}: ${verdict.message}`,
        ...(result === undefined ? {} : { result }),
      });
    }
    return outcomes;
  } finally {
    await connection?.close();
  }
}

/** A server (made for this state, with a factory) and an in-memory client connected to it. */
async function connect(server: ExampleServer, serverLog: string[], options: RunExamplesOptions, state: ToolState | undefined): Promise<Connection> {
  // Loaded here, not at the top: a production server imports this module's siblings and
  // has no use for the client.
  const [{ Client }, { InMemoryTransport }] = await Promise.all([import("@modelcontextprotocol/client"), import("@modelcontextprotocol/server")]);
  const owned = typeof server === "function";
  const toolServer = owned ? server({ logger: capturingLogger(serverLog), ...(state === undefined ? {} : { state }) }) : server;
  const sdkServer = toolServer.createSdkServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "mcp-gen-examples", version: "1.0.0" }, { capabilities: { elicitation: { form: {}, url: {} } } });
  const answer = options.elicit ?? acceptDefaults;
  client.setRequestHandler("elicitation/create", async (request) => answer(request.params as never) as never);
  const close = async () => {
    await client.close().catch(() => undefined);
    await sdkServer.close().catch(() => undefined);
    if (owned) await toolServer.close().catch(() => undefined);
  };
  try {
    await sdkServer.connect(serverSide);
    await client.connect(clientSide);
    const listed = await client.listTools();
    return { client, tools: new Map(listed.tools.map((tool) => [tool.name, tool])), close };
  } catch (error) {
    await close();
    throw error;
  }
}

interface CallRun {
  verdict: Verdict;
  result?: CallToolResult;
  /** Where the call that decided the verdict is written. */
  location: string;
}

async function runCall(connection: Connection, example: ToolExampleCall, serverLog: string[], options: RunExamplesOptions, owned: boolean): Promise<CallRun> {
  const location = example.location;
  const logStart = serverLog.length;
  const context: CallContext = {
    hasOutputSchema: connection.tools.get(example.tool)?.outputSchema !== undefined,
    entry: options.registry && Object.hasOwn(options.registry, example.tool) ? options.registry[example.tool] : undefined,
    serverLog: () => serverLog.slice(logStart),
    owned,
  };
  if (!connection.tools.has(example.tool)) return { verdict: { pass: false, message: `the server does not list a tool named "${example.tool}"` }, location };
  let result: CallToolResult;
  try {
    result = (await connection.client.callTool(
      { name: example.tool, arguments: example.input as Record<string, unknown> },
      { timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS },
    )) as CallToolResult;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // An input the protocol itself refuses (not an object, say) is rejected too.
    return { verdict: example.error ? { pass: true, message: `rejected: ${reason}` } : { pass: false, message: `tools/call failed: ${reason}` }, location };
  }
  if (wrapsResult(connection.tools.get(example.tool)?.outputSchema, context.entry?.definition.outputSchema)) result = unwrapResult(result);
  return { verdict: example.error ? judgeRejection(result, context) : judgeSuccess(example, result, context), result, location };
}

/** The steps in order; each takes its `uses` from the results before it. The first failure ends the sequence. */
async function runSequence(
  connection: Connection,
  sequence: ToolExampleSequence,
  serverLog: string[],
  options: RunExamplesOptions,
  owned: boolean,
): Promise<CallRun> {
  const results = new Map<string, unknown>();
  let last: CallToolResult | undefined;
  for (const [index, step] of sequence.steps.entries()) {
    const label = `step ${index + 1} (${step.tool})`;
    const call = withUses(step, results);
    if (typeof call === "string") return { verdict: { pass: false, message: `${label}: ${call}` }, location: step.location };
    const ran = await runCall(connection, call, serverLog, options, owned);
    if (!ran.verdict.pass)
      return { verdict: { pass: false, message: `${label}: ${ran.verdict.message}` }, ...(ran.result ? { result: ran.result } : {}), location: step.location };
    last = ran.result;
    if (step.as !== undefined) results.set(step.as, ran.result?.structuredContent);
  }
  const count = sequence.steps.length;
  return {
    verdict: { pass: true, message: `${count} ${count === 1 ? "step" : "steps"} succeeded in order` },
    ...(last ? { result: last } : {}),
    location: sequence.location,
  };
}

/** The step with the values it takes from earlier results in place; or why one is missing. */
function withUses(step: ToolExampleStep, results: ReadonlyMap<string, unknown>): ToolExampleCall | string {
  if (!step.uses || step.uses.length === 0) return step;
  const call = structuredClone({ input: step.input, output: step.output }) as Record<string, unknown>;
  for (const use of step.uses) {
    const from = `${use.step}${use.path.replace(/\//g, ".").replace(/~1/g, "/").replace(/~0/g, "~")}`;
    if (!results.has(use.step)) return `\`$from: ${from}\`: no earlier step is named \`${use.step}\``;
    const value = valueAt(results.get(use.step), use.path);
    if (value === undefined)
      return `\`$from: ${from}\`: the structured result of step \`${use.step}\` has nothing at ${use.path || "/"} (it was ${show(results.get(use.step))})`;
    if (!setAt(call, use.at, value)) return `\`$from: ${from}\`: ${use.at} is not a place in this step`;
  }
  return { ...step, input: call.input, ...(call.output === undefined ? {} : { output: call.output }) };
}

function tokens(pointer: string): string[] {
  return pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function valueAt(value: unknown, pointer: string): unknown {
  let current = value;
  for (const token of tokens(pointer)) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, token)) return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}

function setAt(root: Record<string, unknown>, pointer: string, value: unknown): boolean {
  const path = tokens(pointer);
  const last = path.pop();
  const parent = valueAt(root, path.length === 0 ? "" : `/${path.map((token) => token.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`);
  if (last === undefined || typeof parent !== "object" || parent === null) return false;
  (parent as Record<string, unknown>)[last] = value;
  return true;
}

/**
 * Whether `tools/list` gave the client the tool's outputSchema wrapped as `{ result: ... }`,
 * as the SDK does for a 2025-era client when the schema's root is not an object: the
 * structured content then comes wrapped too. Known only from the registry's own schema.
 */
function wrapsResult(listed: Record<string, unknown> | undefined, own: Readonly<Record<string, unknown>> | undefined): boolean {
  if (listed === undefined || own === undefined || own.type === "object" || listed.type !== "object") return false;
  const properties = listed.properties;
  return typeof properties === "object" && properties !== null && Object.hasOwn(properties, "result");
}

/** The result with its structured content as the handler returned it (unwrapped from `{ result: ... }`). */
function unwrapResult(result: CallToolResult): CallToolResult {
  const structured = result.structuredContent as unknown;
  if (typeof structured !== "object" || structured === null || !Object.hasOwn(structured, "result")) return result;
  return { ...result, structuredContent: (structured as { result: unknown }).result as never };
}

function capturingLogger(lines: string[]): ToolLogger {
  const at = (level: string) => (message: string, data?: unknown) => {
    // Stack traces point into the runtime, not at the example; the message is what helps.
    lines.push(`${level}: ${message}${data === undefined ? "" : ` ${safeJson(data, (key, value) => (key === "stack" ? undefined : value))}`}`);
  };
  return { debug: () => undefined, info: () => undefined, warn: at("warn"), error: at("error") };
}
