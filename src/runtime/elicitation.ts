/**
 * `context.elicit` in both protocol eras. A 2025-era connection sends `elicitation/create`
 * and waits (client-requests.ts). Revision 2026-07-28 has no requests from server to
 * client: the first unanswered question ends the call with an `input_required` result,
 * and the client's retry (carrying `inputResponses` and the signed `requestState`) runs the
 * handler again, each `elicit` getting back, in order, the answer it had before
 * (basic/patterns/mrtr; SEP-2322).
 *
 * The state holds the answers so far, each with a digest of the question it answers, and
 * is bound to the tool, a digest of its arguments and the caller, so it cannot be replayed
 * on another call. Every answer, from either era, is checked against the question's schema
 * before the handler sees it: it comes from the client.
 */
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { digest, type RequestStateSigner, type StateRefusal } from "./request-state.js";
import { ToolError } from "./tool-error.js";
import type { ElicitationProperty, ElicitationRequest, ElicitationResult, ElicitationSchema, InputRequiredResult, ToolLogger } from "./types.js";

/** The `elicitation` capability a client declared, as both eras carry it. */
export type ElicitationCapability = { form?: unknown; url?: unknown } | undefined;

/** Why a client cannot be asked, or undefined when it can. A bare `elicitation: {}` means form mode. */
export function elicitationRefusal(declared: ElicitationCapability, request: ElicitationRequest): string | undefined {
  if (!declared) return "This client did not declare the elicitation capability; context.elicit needs a client that supports elicitation.";
  const mode = request.mode === "url" ? "url" : "form";
  const supported = mode === "url" ? declared.url !== undefined : declared.form !== undefined || declared.url === undefined;
  return supported ? undefined : `This client declared elicitation without ${mode} mode; context.elicit with mode "${mode}" needs a client that supports it.`;
}

/** The `elicitation/create` params of a request, for either era (a 2025 URL request also needs an `elicitationId`). */
export function elicitationParams(request: ElicitationRequest): Record<string, unknown> {
  return request.mode === "url"
    ? { mode: "url", message: request.message, url: request.url }
    : { mode: "form", message: request.message, requestedSchema: request.requestedSchema };
}

/**
 * The client's answer, checked: a known action, and for an accepted form, content that
 * matches the requested schema (properties it did not ask for are dropped).
 */
export function readAnswer(request: ElicitationRequest, raw: unknown): ElicitationResult {
  const action = typeof raw === "object" && raw !== null ? (raw as { action?: unknown }).action : undefined;
  if (action !== "accept" && action !== "decline" && action !== "cancel") {
    throw new ToolError(`The client's answer to "${request.message}" is not an elicitation result (action must be accept, decline or cancel).`);
  }
  if (action !== "accept" || request.mode === "url") return { action };
  const content = (raw as { content?: unknown }).content ?? {};
  const checked = checkContent(request.requestedSchema, content);
  if ("violations" in checked) {
    throw new ToolError(`The client's answer to "${request.message}" does not match the requested schema:\n${checked.violations.join("\n")}`);
  }
  return { action, content: checked.content };
}

function checkContent(schema: ElicitationSchema, content: unknown): { content: Record<string, unknown> } | { violations: string[] } {
  if (typeof content !== "object" || content === null || Array.isArray(content)) return { violations: ["- content: must be an object"] };
  const violations: string[] = [];
  const kept: Record<string, unknown> = {};
  for (const name of schema.required ?? []) {
    if (!Object.hasOwn(content, name)) violations.push(`- ${name}: is required`);
  }
  for (const name of Object.keys(schema.properties)) {
    if (!Object.hasOwn(content, name)) continue;
    const value = (content as Record<string, unknown>)[name];
    const problem = propertyProblem(schema.properties[name], value);
    if (problem) violations.push(`- ${name}: ${problem}`);
    else kept[name] = value;
  }
  return violations.length > 0 ? { violations } : { content: kept };
}

function propertyProblem(property: ElicitationProperty, value: unknown): string | undefined {
  switch (property.type) {
    case "boolean":
      return typeof value === "boolean" ? undefined : "must be a boolean";
    case "number":
    case "integer": {
      if (typeof value !== "number" || !Number.isFinite(value)) return `must be a number`;
      if (property.type === "integer" && !Number.isInteger(value)) return "must be an integer";
      if (property.minimum !== undefined && value < property.minimum) return `must be at least ${property.minimum}`;
      if (property.maximum !== undefined && value > property.maximum) return `must be at most ${property.maximum}`;
      return undefined;
    }
    case "string": {
      if (typeof value !== "string") return "must be a string";
      const choices = property.enum ?? property.oneOf?.map((option) => option.const);
      if (choices && !choices.includes(value)) return `must be one of ${choices.map((c) => JSON.stringify(c)).join(", ")}`;
      if (property.minLength !== undefined && [...value].length < property.minLength) return `must be at least ${property.minLength} characters`;
      if (property.maxLength !== undefined && [...value].length > property.maxLength) return `must be at most ${property.maxLength} characters`;
      return undefined;
    }
    case "array": {
      if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) return "must be an array of strings";
      const items = property.items as { enum?: readonly string[]; anyOf?: readonly { const: string }[] };
      const choices = items.enum ?? items.anyOf?.map((option) => option.const);
      const foreign = choices ? value.find((item) => !choices.includes(item)) : undefined;
      if (foreign !== undefined) return `${JSON.stringify(foreign)} is not one of ${choices!.map((c) => JSON.stringify(c)).join(", ")}`;
      if (property.minItems !== undefined && value.length < property.minItems) return `must have at least ${property.minItems} items`;
      if (property.maxItems !== undefined && value.length > property.maxItems) return `must have at most ${property.maxItems} items`;
      return undefined;
    }
    default:
      return undefined;
  }
}

/** What a 2026-07-28 state is bound to: the call it was issued for. */
export interface StateBinding {
  tool: string;
  /** The arguments as the client sent them. */
  arguments: unknown;
  /** Who is calling (an OAuth client id), when the transport authenticates. */
  principal?: string;
}

interface BoundDigests {
  tool: string;
  args: string;
  principal: string;
}

async function boundDigests(binding: StateBinding): Promise<BoundDigests> {
  return { tool: binding.tool, args: await digest(binding.arguments ?? {}), principal: binding.principal === undefined ? "" : await digest(binding.principal) };
}

interface Answer {
  /** Digest of the question. */
  q: string;
  /** The client's answer, as received (checked each time it is given back). */
  r: unknown;
}

interface Pending {
  q: string;
  key: string;
  request: ElicitationRequest;
}

const REFUSALS: Record<StateRefusal | "binding", string> = {
  malformed: "Invalid requestState: it is not a state this server issued (malformed). Call the tool again without it.",
  signature: "Invalid requestState: its signature does not match (it was changed, or signed by another server or key). Call the tool again without it.",
  expired: "Invalid requestState: it has expired. Call the tool again without it.",
  binding: "Invalid requestState: it was issued for another call (a different tool, arguments or caller). Call the tool again without it.",
};

/**
 * One 2026-07-28 `tools/call` round: the answers it carries and, once the handler asks a
 * question with no answer yet, the `input_required` result that asks the client for it.
 */
export class ElicitationRounds {
  private cursor = 0;
  private pending: Pending | undefined;

  private constructor(
    private readonly signer: RequestStateSigner,
    private readonly binding: StateBinding,
    private readonly capability: ElicitationCapability,
    private readonly answers: Answer[],
    private readonly logger: ToolLogger,
    /** The binding's digests, computed when first needed: most calls never ask. */
    private bound?: BoundDigests,
  ) {}

  /** A first round: nothing asked yet. */
  static fresh(signer: RequestStateSigner, binding: StateBinding, capability: ElicitationCapability, logger: ToolLogger): ElicitationRounds {
    return new ElicitationRounds(signer, binding, capability, [], logger);
  }

  /**
   * A retried round: verifies its `requestState` and adds the answer its `inputResponses`
   * carries for the question that state asked. A state this server did not sign, or signed
   * for another call, is refused with -32602 before the handler runs.
   */
  static async resume(
    signer: RequestStateSigner,
    binding: StateBinding,
    capability: ElicitationCapability,
    requestState: unknown,
    inputResponses: Record<string, unknown> | undefined,
    logger: ToolLogger,
  ): Promise<ElicitationRounds> {
    if (typeof requestState !== "string") throw new ProtocolError(ProtocolErrorCode.InvalidParams, REFUSALS.malformed);
    const verified = await signer.verify(requestState);
    if ("refused" in verified) {
      logger.warn("refused a requestState", { tool: binding.tool, reason: verified.refused });
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, REFUSALS[verified.refused]);
    }
    const bound = await boundDigests(binding);
    const {
      tool,
      args,
      principal,
      answers: earlier,
      ask,
    } = verified.payload as { tool?: unknown; args?: unknown; principal?: unknown; answers?: unknown; ask?: unknown };
    if (tool !== bound.tool || args !== bound.args || principal !== bound.principal) {
      logger.warn("refused a requestState issued for another call", { tool: binding.tool });
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, REFUSALS.binding);
    }
    // Signed by this server, so its shape is the one `inputRequired` wrote.
    const answers = [...(earlier as Answer[])];
    const asked = ask as { q: string; key: string };
    // The spec's retry carries only this round's responses; one missing is asked again.
    if (inputResponses && Object.hasOwn(inputResponses, asked.key)) answers.push({ q: asked.q, r: inputResponses[asked.key] });
    return new ElicitationRounds(signer, binding, capability, answers, logger, bound);
  }

  /**
   * The next question the handler asks: its earlier answer (checked), or `undefined` when
   * it has none yet (the call must then end with `inputRequired()`). A client that cannot
   * elicit is refused with a ToolError before anything is asked.
   */
  async ask(request: ElicitationRequest): Promise<{ answer: ElicitationResult } | undefined> {
    const index = this.cursor++;
    const refusal = elicitationRefusal(this.capability, request);
    if (refusal) throw new ToolError(refusal);
    const q = await digest(elicitationParams(request));
    const earlier = this.answers[index];
    if (earlier !== undefined && earlier.q === q) return { answer: readAnswer(request, earlier.r) };
    // A question asked before this one changed: the answers after it belong to other questions.
    if (earlier !== undefined) this.answers.length = index;
    this.pending ??= { q, key: `elicit-${index + 1}`, request };
    return undefined;
  }

  /** The `input_required` result asking for the first unanswered question, with the state to come back with. */
  async inputRequired(): Promise<InputRequiredResult> {
    const pending = this.pending!;
    if (this.signer.firstEphemeralUse()) {
      this.logger.warn(
        "context.elicit on revision 2026-07-28 signs its requestState with a random key of this server instance: a retry that reaches another instance, or this one after a restart, is refused. Set requestState.key in the server options when the server runs as more than one instance.",
      );
    }
    const index = Number(pending.key.slice("elicit-".length)) - 1;
    this.bound ??= await boundDigests(this.binding);
    const requestState = await this.signer.sign({ ...this.bound, answers: this.answers.slice(0, index), ask: { q: pending.q, key: pending.key } });
    return {
      resultType: "input_required",
      inputRequests: { [pending.key]: { method: "elicitation/create", params: elicitationParams(pending.request) } },
      requestState,
    };
  }
}
