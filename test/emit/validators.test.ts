import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { GeneratedFile } from "../../src/emit/generated-file.js";
import { emitValidators, importsInsteadOfRequire } from "../../src/emit/validators.js";
import { unknownFormatsOf } from "../../src/spec/vocabulary.js";
import type { Dialect, JsonObject, JsonValue, ProjectModel, ToolModel, WireTool } from "../../src/spec/model.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const corpusDir = "/work/shared/corpus";

/** Enough of `toolIdentifiers` for these tests (the real one lives in src/spec). */
function toolModel(wire: WireTool, inputDialect: Dialect = "2020-12", outputDialect: Dialect = inputDialect): ToolModel {
  const words = wire.name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const pascal = words.map((word) => word[0].toUpperCase() + word.slice(1)).join("");
  const camel = pascal[0].toLowerCase() + pascal.slice(1);
  return {
    name: wire.name,
    wire,
    inputDialect,
    ...(wire.outputSchema ? { outputDialect } : {}),
    ids: {
      pascal,
      handler: camel,
      file: wire.name.replace(/[^A-Za-z0-9_]/g, "_"),
      inputType: `${pascal}Input`,
      outputType: `${pascal}Output`,
      handlerType: `${pascal}Handler`,
      definition: `${camel}Tool`,
    },
    examples: [],
    location: { file: `specs/${wire.name}.yaml`, line: 1, column: 1 },
    sources: [`specs/${wire.name}.yaml`],
  };
}

function projectModel(tools: ToolModel[]): ProjectModel {
  return { tools: [...tools].sort((a, b) => (a.name < b.name ? -1 : 1)), server: { name: "test", version: "0.0.0" } };
}

const contact = toolModel({
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

const legacy = toolModel(
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
  "draft-07",
);

const sameIdAgain = toolModel({
  name: "ping",
  inputSchema: { $id: "https://example.com/shared-id", type: "object", properties: { count: { type: "integer", minimum: 1 } } },
});

const model = projectModel([legacy, sameIdAgain, contact]);

/** Writes the files where `ajv` resolves from this package's node_modules, as in a user's project. */
function writeFiles(files: GeneratedFile[], dir: string): string {
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

describe("emitValidators", () => {
  const files = emitValidators(model);

  it("emits one module per dialect in use, re-exported by validators.js, and its declarations", () => {
    expect(files.map(({ area, path, mode }) => ({ area, path, mode }))).toEqual([
      { area: "generated", path: "validators-2020-12.js", mode: "generated" },
      { area: "generated", path: "validators-draft-07.js", mode: "generated" },
      { area: "generated", path: "validators.d.ts", mode: "generated" },
      { area: "generated", path: "validators.js", mode: "generated" },
    ]);
    const byPath = new Map(files.map((file) => [file.path, file.contents]));
    const header = "// Generated by mcp-gen from 3 specs. Do not edit: change the spec and run `mcp-gen generate`.";
    expect(byPath.get("validators.js")).toBe(`${header}
export {
  validateAddContactInput,
  validateAddContactOutput,
  validatePingInput,
} from "./validators-2020-12.js";
export {
  validateLegacyLookupInput,
  validateLegacyLookupOutput,
} from "./validators-draft-07.js";
`);
    expect(byPath.get("validators.d.ts")).toBe(`${header}
import type { CompiledValidator } from "mcp-gen/runtime";

export declare const validateAddContactInput: CompiledValidator;
export declare const validateAddContactOutput: CompiledValidator;
export declare const validateLegacyLookupInput: CompiledValidator;
export declare const validateLegacyLookupOutput: CompiledValidator;
export declare const validatePingInput: CompiledValidator;
`);
  });

  it("emits ES modules that import ajv's runtime helpers instead of requiring them", () => {
    for (const file of files.filter((file) => file.path.startsWith("validators-"))) {
      expect(file.contents).not.toMatch(/\brequire\(/);
      expect(file.contents).not.toContain('"use strict"');
      expect(file.contents.split("\n")[0]).toMatch(/^\/\/ Generated by mcp-gen/);
    }
    const code2020 = files.find((file) => file.path === "validators-2020-12.js")?.contents ?? "";
    expect(code2020).toContain('from "ajv/dist/runtime/equal.js";');
    expect(code2020).toContain('from "ajv/dist/runtime/ucs2length.js";');
  });

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
    expect(results).toEqual([
      { valid: true, errors: [] },
      {
        valid: false,
        errors: [
          " additionalProperties",
          "/email format",
          "/nickname maxLength",
          "/org required",
          "/org/parts/0 required",
        ].sort(),
      },
      { valid: true, errors: [] },
      { valid: false, errors: ["/id type", "/tags uniqueItems"] },
      { valid: true, errors: [] },
      { valid: false, errors: ["/when format", "/where/zip pattern"] },
      { valid: true, errors: [] },
      { valid: false, errors: [" required"] },
      { valid: false, errors: ["/count minimum"] },
    ].map((result) => ({ ...result, errors: [...result.errors] })));
  });

  it("is deterministic: the same model gives byte-identical files", () => {
    expect(emitValidators(projectModel([contact, legacy, sameIdAgain]))).toEqual(files);
  });

  it("emits only validators.js and its declarations for a model without tools", () => {
    expect(emitValidators(projectModel([])).map((file) => file.path)).toEqual(["validators.d.ts", "validators.js"]);
  });
});

describe("unknownFormatsOf", () => {
  it("finds non-standard formats in every kind of subschema, not properties named format", () => {
    const schema: JsonObject = {
      type: "object",
      properties: { format: { type: "string", format: "uuid" }, list: { type: "array", items: { format: "int32" } } },
      anyOf: [{ format: "date" }],
      $defs: { x: { additionalProperties: { format: "byte" } } },
      examples: [{ format: "not-a-schema" }],
    };
    // date and uuid are JSON Schema's own; byte and int32 are OpenAPI's.
    expect(unknownFormatsOf(schema)).toEqual(["byte", "int32"]);
  });
});

describe("importsInsteadOfRequire", () => {
  it("hoists each required module once, as a default import with a .js path", () => {
    const code = [
      '"use strict";',
      'const formats0 = require("ajv-formats/dist/formats").fullFormats.uri;',
      'const func0 = require("ajv/dist/runtime/equal").default;',
      'const formats1 = require("ajv-formats/dist/formats").fullFormats["date-time"];',
      'const schema0 = {"description":"call require(\\"fs\\")"};',
    ].join("\n");
    expect(importsInsteadOfRequire(code)).toBe(
      [
        'import ajvRuntime0 from "ajv-formats/dist/formats.js";',
        'import ajvRuntime1 from "ajv/dist/runtime/equal.js";',
        "const formats0 = ajvRuntime0.fullFormats.uri;",
        "const func0 = ajvRuntime1.default;",
        'const formats1 = ajvRuntime0.fullFormats["date-time"];',
        'const schema0 = {"description":"call require(\\"fs\\")"};',
        "",
      ].join("\n"),
    );
  });
});

describe("corpus validators", () => {
  it("compiles every corpus tool, loads in Node and type-checks against its declarations", () => {
    const tools = new Map<string, ToolModel>();
    for (const file of readdirSync(corpusDir).sort()) {
      if (!file.endsWith(".json") || file.startsWith("mcp-schema-")) continue;
      for (const wire of JSON.parse(readFileSync(path.join(corpusDir, file), "utf8")) as WireTool[]) {
        const dialect = (schema?: JsonObject): Dialect => (String(schema?.$schema ?? "").includes("draft-07") ? "draft-07" : "2020-12");
        if (!tools.has(wire.name)) tools.set(wire.name, toolModel(wire, dialect(wire.inputSchema), dialect(wire.outputSchema)));
      }
    }
    const corpusModel = projectModel([...tools.values()]);
    const files = emitValidators(corpusModel);
    const outDir = writeFiles(files, "corpus");
    const names = corpusModel.tools.map((tool) => `validate${tool.ids.pascal}Input`);
    const results = validateInNode(outDir, names.map((name) => [name, 42]));
    expect(results.every((result) => !result.valid && result.errors.includes(" type"))).toBe(true);
    expect(results).toHaveLength(tools.size);

    writeFileSync(
      path.join(outDir, "use.ts"),
      `import { ${names[0]} } from "./validators.js";\nexport const ok: boolean = ${names[0]}({});\n`,
    );
    writeFileSync(
      path.join(outDir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", noEmit: true, skipLibCheck: false, types: [] },
        files: ["use.ts"],
      }),
    );
    const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
    let output = "";
    try {
      execFileSync(process.execPath, [tsc, "--noEmit", "-p", outDir], { cwd: outDir, encoding: "utf8" });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe("");
  });
});
