import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadYamlFile, parseYaml } from "../../../src/yaml/load.js";
import type { JsonObject } from "../../../src/spec/model.js";
import { bundleSchema } from "../../../src/spec/refs.js";
import { CompiledSchemas } from "../../../src/spec/compiled-schemas.js";
import { checkToolSchemas } from "../../../src/spec/schemas.js";
import { CORPUS_DIR } from "../../helpers/project.js";

const schemas = new CompiledSchemas();

const root = path.resolve("test/fixtures/schemas");

interface Tool {
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
}

/** Loads a fixture tool, bundles its schemas as the pipeline does, and checks them. */
function check(file: string) {
  const yaml = loadYamlFile(file, path.join(root, file)).yaml!;
  const tool = yaml.value as Tool;
  const loadFile = (abs: string) => loadYamlFile(path.relative(root, abs).split(path.sep).join("/"), abs);
  const input = bundleSchema({ yaml, path: ["inputSchema"], schema: tool.inputSchema, root, loadFile });
  const output = tool.outputSchema ? bundleSchema({ yaml, path: ["outputSchema"], schema: tool.outputSchema, root, loadFile }) : undefined;
  const checked = checkToolSchemas({
    yaml,
    toolPath: [],
    inputSchema: input.schema,
    outputSchema: output?.schema,
    origins: { input: input.origins, output: output?.origins },
    schemas,
  });
  return { ...checked, diagnostics: [...input.diagnostics, ...(output?.diagnostics ?? []), ...checked.diagnostics] };
}

const CYCLE = "this `$ref` leads back to where it started without moving into the data: validating would recurse forever";
const CYCLE_HINT = "a recursive schema must recurse through `properties`, `items` or another keyword that applies to a part of the value";

type Row = [code: string, severity: string, file: string, line: number, column: number, message: string, hint?: string];

const cases: Array<[string, { file: string; want: Row[] }]> = [
  [
    "MG020 inputSchema root of another type, at `type`",
    {
      file: "root-type.yaml",
      want: [["MG020", "error", "root-type.yaml", 3, 9, "inputSchema root must be `type: object`, not `array`"]],
    },
  ],
  [
    "MG020 inputSchema without `type`, at the inputSchema key",
    {
      file: "root-type-missing.yaml",
      want: [["MG020", "error", "root-type-missing.yaml", 2, 1, "inputSchema root must be `type: object` (`type` is missing)"]],
    },
  ],
  [
    "MG021 unsupported dialect, at the $schema value",
    {
      file: "dialect.yaml",
      want: [
        [
          "MG021",
          "error",
          "dialect.yaml",
          3,
          12,
          "unsupported $schema `https://json-schema.org/draft/2019-09/schema`; supported: https://json-schema.org/draft/2020-12/schema (the default), http://json-schema.org/draft-07/schema",
        ],
      ],
    },
  ],
  [
    "MG022 meta-schema violations, at the offending value",
    {
      file: "does-not-compile.yaml",
      want: [
        [
          "MG022",
          "error",
          "does-not-compile.yaml",
          5,
          16,
          "inputSchema does not compile: `/properties/a/type` must be one of array, boolean, integer, null, number, object, string",
        ],
        ["MG022", "error", "does-not-compile.yaml", 6, 35, "inputSchema does not compile: `/properties/b/minLength` must be >= 0"],
      ],
    },
  ],
  [
    "MG022 invalid regular expressions, at the pattern and at the patternProperties key",
    {
      file: "bad-pattern.yaml",
      want: [
        ["MG022", "error", "bad-pattern.yaml", 7, 5, "invalid regular expression `^x-(`: Invalid regular expression: /^x-(/u: Unterminated group"],
        ["MG022", "error", "bad-pattern.yaml", 5, 36, "invalid regular expression `([a-z]`: Invalid regular expression: /([a-z]/u: Unterminated group"],
      ],
    },
  ],
  [
    "an unresolvable $ref is reported once, by the bundler, not again by ajv",
    {
      file: "missing-local-ref.yaml",
      want: [["MG030", "error", "missing-local-ref.yaml", 5, 16, "$ref `#/$defs/nothing` points at nothing in this schema"]],
    },
  ],
  [
    "MG023 in every subschema, at the entry; a property named `required` is not a keyword",
    {
      file: "required.yaml",
      want: [
        ["MG023", "error", "required.yaml", 19, 20, "required property `nmae` is not in `properties`", "did you mean `name`?"],
        ["MG023", "error", "required.yaml", 13, 27, "required property `colour` is not in `properties`"],
        ["MG023", "error", "required.yaml", 18, 22, "required property `b` is not in `properties`", "did you mean `a`?"],
        ["MG023", "error", "required.yaml", 24, 14, "required property `Ok` is not in `properties`", "did you mean `ok`?"],
      ],
    },
  ],
  [
    "MG024 formats outside JSON Schema's own (OpenAPI's int64 too) warn at the value; uri does not",
    {
      file: "format.yaml",
      want: [
        ["MG024", "warning", "format.yaml", 5, 36, "unknown format `phone`: treated as an annotation, not validated"],
        ["MG024", "warning", "format.yaml", 6, 34, "unknown format `int64`: treated as an annotation, not validated"],
        ["MG024", "warning", "format.yaml", 8, 37, "unknown format `uint8`: treated as an annotation, not validated"],
      ],
    },
  ],
  [
    "MG025 vendor keys and typos warn at the key; annotations and property names do not",
    {
      file: "keywords.yaml",
      want: [
        ["MG025", "warning", "keywords.yaml", 4, 3, "unknown keyword `x-vendor` in a 2020-12 schema: treated as an annotation"],
        ["MG025", "warning", "keywords.yaml", 6, 27, "unknown keyword `minLenght` in a 2020-12 schema: treated as an annotation", "did you mean `minLength`?"],
        ["MG025", "warning", "keywords.yaml", 6, 41, "unknown keyword `resourceName` in a 2020-12 schema: treated as an annotation"],
      ],
    },
  ],
  [
    "MG025 follows the dialect: draft-07 has no dependentRequired but has tuple items",
    {
      file: "draft07.yaml",
      want: [["MG025", "warning", "draft07.yaml", 8, 3, "unknown keyword `dependentRequired` in a draft-07 schema: treated as an annotation"]],
    },
  ],
  [
    "problems inside a bundled file point into that file",
    {
      file: "bundled/tool.yaml",
      want: [
        ["MG023", "error", "bundled/schemas/thing.yaml", 4, 18, "required property `colour` is not in `properties`"],
        [
          "MG025",
          "warning",
          "bundled/schemas/thing.yaml",
          3,
          26,
          "unknown keyword `minimun` in a 2020-12 schema: treated as an annotation",
          "did you mean `minimum`?",
        ],
      ],
    },
  ],
  ["a recursive schema and an array-rooted outputSchema are fine", { file: "valid.yaml", want: [] }],
  ['`$ref: ""` and `$ref: "#"` are the schema\'s root, recursing through `properties`', { file: "ref-root-empty.yaml", want: [] }],
  [
    "MG034 a $ref back to its own definition through allOf, at the $ref",
    {
      file: "ref-cycle-allof.yaml",
      want: [["MG034", "error", "ref-cycle-allof.yaml", 7, 26, CYCLE, CYCLE_HINT]],
    },
  ],
  [
    "MG034 two $defs that refer to each other through anyOf, at the $ref that closes the cycle",
    {
      file: "ref-cycle-mutual.yaml",
      want: [["MG034", "error", "ref-cycle-mutual.yaml", 11, 16, CYCLE, CYCLE_HINT]],
    },
  ],
  ['MG034 `not: { $ref: "" }` at the root', { file: "ref-cycle-root.yaml", want: [["MG034", "error", "ref-cycle-root.yaml", 4, 16, CYCLE, CYCLE_HINT]] }],
  [
    "MG034 a schema file that refers to itself, in that file",
    {
      file: "cycles/tool.yaml",
      want: [["MG034", "error", "cycles/self.yaml", 2, 7, CYCLE, CYCLE_HINT]],
    },
  ],
];

describe("checkToolSchemas", () => {
  it.each(cases)("%s", (_name, { file, want }) => {
    const result = check(file);
    expect(
      result.diagnostics.map((d) => {
        const row: Row = [d.code, d.severity, d.location!.file, d.location!.line, d.location!.column, d.message];
        if (d.hint) row.push(d.hint);
        return row;
      }),
    ).toEqual(want);
  });

  it("returns the dialect of each compiled schema, and none for a schema that fails", () => {
    expect(check("valid.yaml")).toMatchObject({ inputDialect: "2020-12", outputDialect: "2020-12" });
    expect(check("draft07.yaml")).toMatchObject({ inputDialect: "draft-07" });
    // `$ref: ""` is the root, not an unresolved reference that would leave the tool out.
    expect(check("ref-root-empty.yaml")).toMatchObject({ inputDialect: "2020-12" });
    expect(check("dialect.yaml").inputDialect).toBeUndefined();
    expect(check("does-not-compile.yaml").inputDialect).toBeUndefined();
    expect(check("missing-local-ref.yaml").inputDialect).toBeUndefined();
    // Warnings and semantic errors do not stop compilation.
    expect(check("keywords.yaml").inputDialect).toBe("2020-12");
  });
});

describe("CompiledSchemas.compile", () => {
  it("validates recursive data", () => {
    const yaml = loadYamlFile("valid.yaml", path.join(root, "valid.yaml")).yaml!;
    const { validate } = schemas.compile((yaml.value as Tool).inputSchema, "2020-12");
    expect(validate!({ root: { label: "a", children: [{ label: "b" }] } })).toBe(true);
    expect(validate!({ root: { label: "a", children: [{}] } })).toBe(false);
  });

  it("treats unknown formats as annotations and still validates known ones", () => {
    const schema: JsonObject = {
      type: "object",
      properties: { phone: { type: "string", format: "phone" }, site: { type: "string", format: "uri" } },
    };
    const { validate } = schemas.compile(schema, "2020-12");
    expect(validate!({ phone: "anything at all", site: "https://example.com" })).toBe(true);
    expect(validate!({ site: "not a uri" })).toBe(false);
  });

  it("compiles two schemas that share an $id, and caches per schema object", () => {
    const a: JsonObject = { $id: "https://example.com/same", type: "string" };
    const b: JsonObject = { $id: "https://example.com/same", type: "number" };
    expect(schemas.compile(a, "2020-12").validate!("x")).toBe(true);
    expect(schemas.compile(b, "2020-12").validate!(1)).toBe(true);
    expect(schemas.compile(b, "2020-12").validate!("x")).toBe(false);
    expect(schemas.compile(a, "2020-12")).toBe(schemas.compile(a, "2020-12"));
  });

  it("accepts the https spelling of the draft-07 URI", () => {
    const schema: JsonObject = { $schema: "https://json-schema.org/draft-07/schema#", type: "string" };
    expect(schemas.compile(schema, "draft-07").problems).toEqual([]);
  });
});

describe("the corpus of real tools", () => {
  const corpusDir = CORPUS_DIR;
  const files = readdirSync(corpusDir)
    .filter((f) => f.endsWith(".json") && !f.startsWith("mcp-schema-"))
    .sort();

  it.each(files)("%s: schemas check without errors and bundle unchanged", (file) => {
    const tools = JSON.parse(readFileSync(path.join(corpusDir, file), "utf8")) as Tool[];
    expect(tools.length).toBeGreaterThan(0);
    const errors: string[] = [];
    tools.forEach((tool, i) => {
      const name = `${file}#${i}`;
      const yaml = parseYaml(name, path.join(corpusDir, name), JSON.stringify(tool, null, 2)).yaml!;
      const spec = yaml.value as Tool;
      const loadFile = () => ({ diagnostics: [] });
      for (const key of ["inputSchema", "outputSchema"] as const) {
        const schema = spec[key];
        if (!schema) continue;
        const bundled = bundleSchema({ yaml, path: [key], schema, root: corpusDir, loadFile });
        expect(bundled.diagnostics).toEqual([]);
        expect(JSON.stringify(bundled.schema)).toBe(JSON.stringify(tool[key]));
      }
      const checked = checkToolSchemas({ yaml, toolPath: [], inputSchema: spec.inputSchema, outputSchema: spec.outputSchema, schemas });
      for (const d of checked.diagnostics) {
        if (d.severity === "error") errors.push(`${name} ${d.location?.line}:${d.location?.column} ${d.code} ${d.message}`);
      }
      expect(checked.inputDialect).toBeDefined();
      if (spec.outputSchema) expect(checked.outputDialect).toBeDefined();
    });
    expect(errors).toEqual([]);
  });
});
