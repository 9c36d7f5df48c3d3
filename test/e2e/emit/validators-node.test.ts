/** Emitted validators run in a plain Node process (no vitest transforms) and type-checked with tsc. The in-process cases are in test/unit/emit/validators/validators.test.ts. */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR, typeCheck } from "../../helpers/project.js";
import { modelFromWire, projectOf } from "../../helpers/project-model.js";
import type { RenderedFile } from "../../../src/emit/shared/generated-file.js";
import { rendered } from "../../helpers/rendered.js";
import { emitValidators as emitWith } from "../../../src/emit/validators/validators.js";
import { CompiledSchemas } from "../../../src/spec/compiled-schemas.js";
import type { Dialect, JsonObject, JsonValue, ToolModel, WireTool } from "../../../src/spec/model.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
/** A session's compiled schemas, one for the whole file, as one run would have them. */
const schemas = new CompiledSchemas();
const emitValidators = (model: Parameters<typeof emitWith>[0]) => rendered(emitWith(model, schemas));
const corpusDir = CORPUS_DIR;

const contact = modelFromWire({
  name: "add_contact",
  inputSchema: {
    $id: "https://example.com/shared-id",
    type: "object",
    properties: {
      email: { type: "string", format: "email" },
      phone: { type: "string", format: "phone", description: "a format ajv-formats does not know: an annotation" },
      nickname: { type: "string", maxLength: 3 },
      format: { type: "string", description: "a property named format" },
      org: { $ref: "#/$defs/Org" },
    },
    required: ["email"],
    additionalProperties: false,
    $defs: {
      Org: {
        type: "object",
        properties: { name: { type: "string" }, parts: { type: "array", items: { $ref: "#/$defs/Org" } } },
        required: ["name"],
      },
    },
  },
  outputSchema: {
    type: "object",
    properties: { id: { type: "integer" }, tags: { type: "array", uniqueItems: true } },
    required: ["id"],
  },
});

const legacy = modelFromWire(
  {
    name: "legacy-lookup",
    inputSchema: {
      $schema: "http://json-schema.org/draft-07/schema#",
      $id: "https://example.com/shared-id",
      type: "object",
      properties: { when: { type: "string", format: "date-time" }, where: { $ref: "#/definitions/place" } },
      definitions: { place: { type: "object", properties: { zip: { type: "string", pattern: "^[0-9]{5}$" } } } },
      dependencies: { when: ["where"] },
    },
    outputSchema: {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { found: { type: "boolean" } },
      required: ["found"],
    },
  },
  { input: "draft-07" },
);

const sameIdAgain = modelFromWire({
  name: "ping",
  inputSchema: { $id: "https://example.com/shared-id", type: "object", properties: { count: { type: "integer", minimum: 1 } } },
});

const model = projectOf([legacy, sameIdAgain, contact]);

/** Writes the files where `ajv` resolves from this package's node_modules, as in a user's project. */
function writeFiles(files: RenderedFile[], dir: string): string {
  const outDir = path.join(root, ".tmp", "emit-validators", dir);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const file of files) writeFileSync(path.join(outDir, file.path), file.contents);
  return outDir;
}

/** Runs each `[export, data]` through the emitted module in a plain Node process (no vitest transforms). */
function validateInNode(outDir: string, calls: Array<[string, JsonValue]>): Array<{ valid: boolean; errors: string[] }> {
  const script = `
import * as validators from "./validators.js";
import { readFileSync } from "node:fs";
const calls = JSON.parse(readFileSync(new URL("./calls.json", import.meta.url), "utf8"));
const results = calls.map(([name, data]) => {
  const validate = validators[name];
  const valid = validate(data);
  return { valid, errors: (validate.errors ?? []).map((e) => e.instancePath + " " + e.keyword) };
});
process.stdout.write(JSON.stringify(results));
`;
  writeFileSync(path.join(outDir, "run.mjs"), script);
  writeFileSync(path.join(outDir, "calls.json"), JSON.stringify(calls));
  const stdout = execFileSync(process.execPath, ["run.mjs"], { cwd: outDir, encoding: "utf8" });
  return JSON.parse(stdout) as Array<{ valid: boolean; errors: string[] }>;
}

describe("emitValidators", async () => {
  const files = await emitValidators(model);
  it("validates good and bad data in plain Node, per dialect, with known and unknown formats", () => {
    const outDir = writeFiles(files, "dialects");
    const tree = { name: "a", parts: [{ name: "b", parts: [{ name: "c" }] }] };
    const results = validateInNode(outDir, [
      ["validateAddContactInput", { email: "ada@example.com", phone: "call me maybe", org: tree }],
      ["validateAddContactInput", { email: "not an email", nickname: "toolong", extra: 1, org: { parts: [{}] } }],
      ["validateAddContactOutput", { id: 1, tags: ["x", "y"] }],
      ["validateAddContactOutput", { id: 1.5, tags: ["x", "x"] }],
      ["validateLegacyLookupInput", { when: "2025-01-02T03:04:05Z", where: { zip: "12345" } }],
      ["validateLegacyLookupInput", { when: "yesterday", where: { zip: "1" } }],
      ["validateLegacyLookupOutput", { found: true }],
      ["validateLegacyLookupOutput", {}],
      ["validatePingInput", { count: 0 }],
    ]);
    expect(results).toEqual(
      [
        { valid: true, errors: [] },
        {
          valid: false,
          errors: [" additionalProperties", "/email format", "/nickname maxLength", "/org required", "/org/parts/0 required"].sort(),
        },
        { valid: true, errors: [] },
        { valid: false, errors: ["/id type", "/tags uniqueItems"] },
        { valid: true, errors: [] },
        { valid: false, errors: ["/when format", "/where/zip pattern"] },
        { valid: true, errors: [] },
        { valid: false, errors: [" required"] },
        { valid: false, errors: ["/count minimum"] },
      ].map((result) => ({ ...result, errors: [...result.errors] })),
    );
  });
});
describe("emitValidators with the checker's compiled functions", () => {
  // Each test builds its schemas anew: only equal content may make two tools share a function.
  const listing = (): JsonObject => ({
    type: "object",
    properties: { query: { type: "string", minLength: 2 }, limit: { type: "integer", maximum: 50 } },
    required: ["query"],
  });
  const sharedModel = () =>
    projectOf([
      modelFromWire({ name: "search_issues", inputSchema: listing(), outputSchema: { type: "object", properties: {} } }),
      modelFromWire({ name: "search_users", inputSchema: listing(), outputSchema: { type: "object", properties: {} } }),
      modelFromWire({ name: "search_legacy", inputSchema: { $schema: "http://json-schema.org/draft-07/schema#", ...listing() } }, { input: "draft-07" }),
      modelFromWire({ name: "search_older", inputSchema: listing() }, { input: "draft-07" }),
      modelFromWire({ name: "tag_a", inputSchema: { $id: "https://example.com/tag", type: "object", properties: { tag: { type: "string" } } } }),
      modelFromWire({ name: "tag_b", inputSchema: { $id: "https://example.com/tag", type: "object", properties: { tag: { type: "number" } } } }),
      modelFromWire({ name: "tag_c", inputSchema: { $id: "https://example.com/tag", type: "object", properties: { tag: { type: "string" } } } }),
    ]);

  it("validates through every export of a shared function, and per `$id`-sharing schema, in plain Node", async () => {
    const outDir = writeFiles(await emitValidators(sharedModel()), "shared");
    const results = validateInNode(outDir, [
      ["validateSearchIssuesInput", { query: "ab", limit: 3 }],
      ["validateSearchUsersInput", { query: "a", limit: 99 }],
      ["validateSearchUsersOutput", {}],
      ["validateSearchOlderInput", { limit: 1.5 }],
      ["validateSearchLegacyInput", { query: "abc" }],
      ["validateTagAInput", { tag: 1 }],
      ["validateTagBInput", { tag: 1 }],
      ["validateTagCInput", { tag: "x" }],
    ]);
    expect(results).toEqual([
      { valid: true, errors: [] },
      { valid: false, errors: ["/query minLength", "/limit maximum"] },
      { valid: true, errors: [] },
      { valid: false, errors: [" required", "/limit type"] },
      { valid: true, errors: [] },
      { valid: false, errors: ["/tag type"] },
      { valid: true, errors: [] },
      { valid: true, errors: [] },
    ]);
  });
});
describe("corpus validators", () => {
  it("compiles every corpus tool, loads in Node and type-checks against its declarations", async () => {
    const tools = new Map<string, ToolModel>();
    for (const file of readdirSync(corpusDir).sort()) {
      if (!file.endsWith(".json") || file.startsWith("mcp-schema-")) continue;
      for (const wire of JSON.parse(readFileSync(path.join(corpusDir, file), "utf8")) as WireTool[]) {
        const dialect = (schema?: JsonObject): Dialect => (String(schema?.$schema ?? "").includes("draft-07") ? "draft-07" : "2020-12");
        if (!tools.has(wire.name)) tools.set(wire.name, modelFromWire(wire, { input: dialect(wire.inputSchema), output: dialect(wire.outputSchema) }));
      }
    }
    const corpusModel = projectOf([...tools.values()]);
    const files = await emitValidators(corpusModel);
    const outDir = writeFiles(files, "corpus");
    const names = corpusModel.tools.map((tool) => `validate${tool.ids.pascal}Input`);
    const results = validateInNode(
      outDir,
      names.map((name) => [name, 42]),
    );
    expect(results.every((result) => !result.valid && result.errors.includes(" type"))).toBe(true);
    expect(results).toHaveLength(tools.size);

    writeFileSync(path.join(outDir, "use.ts"), `import { ${names[0]} } from "./validators.js";\nexport const ok: boolean = ${names[0]}({});\n`);
    // skipLibCheck off, so validators.d.ts itself is checked too.
    const tsc = typeCheck(outDir, ["use.ts"], { skipLibCheck: false });
    expect(tsc.output).toBe("");
    expect(tsc.status).toBe(0);
  });
});
