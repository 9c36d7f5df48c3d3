/**
 * Every spec example, run through the real handlers: the examples in specs/ are
 * the demo's documentation, so the handlers must do what they show.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ToolContext } from "mcp-gen/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { registry, type ToolName } from "../../../../generated/registry.js";
import { handlers } from "../../../../handlers/index.js";
import { resetUserDirectory } from "../../../../handlers/lib/user-directory.js";
import { ACCEPT_DEFAULTS, fakeContext } from "./fake-context.js";
import { CORPUS_DIR, removeProject, tempDir } from "../../../helpers/project.js";

const REPO = fileURLToPath(new URL("../../../../", import.meta.url));
const SCHEMA_REVISIONS = ["2025-11-25", "2026-07-28"];

interface Example {
  title?: string;
  input: unknown;
  output?: unknown;
  error?: boolean;
}

const examples = readdirSync(path.join(REPO, "specs"))
  .filter((file) => file.endsWith(".yaml"))
  .sort()
  .flatMap((file) => {
    const spec = parse(readFileSync(path.join(REPO, "specs", file), "utf8")) as { name: ToolName; examples?: Example[] };
    return (spec.examples ?? []).filter((e) => e.error !== true).map((example) => ({ tool: spec.name, example }));
  });

/** A ContentBlock validator per MCP schema revision. */
const contentBlockValidators = SCHEMA_REVISIONS.map((revision) => {
  const schema = JSON.parse(readFileSync(path.join(CORPUS_DIR, `mcp-schema-${revision}.json`), "utf8"));
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema(schema, "mcp");
  return { revision, validate: ajv.compile({ $ref: "mcp#/$defs/ContentBlock" }) };
});

function contentBlocks(result: unknown): unknown[] {
  if (typeof result === "string") return [{ type: "text", text: result }];
  if (Array.isArray(result)) return result;
  if (typeof result === "object" && result !== null && "content" in result) return (result as { content: unknown[] }).content;
  return [result];
}

let base: string;
const previousRoot = process.env.MCP_DEMO_FILES_ROOT;
beforeAll(() => {
  base = tempDir("examples");
  process.env.MCP_DEMO_FILES_ROOT = path.join(base, "files");
  resetUserDirectory();
});
afterAll(() => {
  if (previousRoot === undefined) delete process.env.MCP_DEMO_FILES_ROOT;
  else process.env.MCP_DEMO_FILES_ROOT = previousRoot;
  removeProject(base);
});

describe("spec examples through the handlers", () => {
  it("covers every tool", () => {
    expect(new Set(examples.map((e) => e.tool))).toEqual(new Set(Object.keys(registry)));
  });

  it.each(examples.map(({ tool, example }) => ({ name: `${tool}: ${example.title ?? "example"}`, tool, example })))("$name", async ({ tool, example }) => {
    const entry = registry[tool];
    // Compiled here rather than taken from generated/validators.js: its `ucs2length`
    // helper (minLength, maxLength) does not load under vitest's CommonJS interop.
    const validateInput = new Ajv2020({ strict: false }).compile(entry.definition.inputSchema);
    expect(validateInput(example.input)).toBe(true);
    const handler = handlers[tool] as (input: unknown, context: ToolContext) => Promise<unknown>;
    // A tool that asks the user (delete_file's confirmation) gets the answer the examples runner gives: the form as presented.
    const result = await handler(example.input, fakeContext({ answer: ACCEPT_DEFAULTS }));
    if (example.output !== undefined) expect(result).toEqual(example.output);
    if (entry.validateOutput !== undefined) {
      expect(entry.validateOutput(result), JSON.stringify(entry.validateOutput.errors)).toBe(true);
      return;
    }
    for (const block of contentBlocks(result)) {
      for (const { revision, validate } of contentBlockValidators) {
        expect(validate(block), `${revision}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
    }
  });
});
