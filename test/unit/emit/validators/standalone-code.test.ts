import { describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import { renumberScopeNames, standaloneChunk } from "../../../../src/spec/standalone-code.js";
import { createAjv } from "../../../../src/spec/ajv.js";
import { CompiledSchemas } from "../../../../src/spec/compiled-schemas.js";

const schemas = new CompiledSchemas();

describe("renumberScopeNames", () => {
  const cases: Array<[string, { given: string; want: string }]> = [
    [
      "numbers each prefix from 0 in order of first appearance, references and definitions alike",
      {
        given:
          "export const validateA = validate20;\nconst func7 = x;\nconst schema9 = {};\nfunction validate20(){ func7(schema9); validate3(); }\nconst func2 = y;",
        want: "export const validateA = validate0;\nconst func0 = x;\nconst schema0 = {};\nfunction validate0(){ func0(schema0); validate1(); }\nconst func1 = y;",
      },
    ],
    [
      "leaves strings, property accesses and longer identifiers alone",
      {
        given: 'const schema4 = {"schema4":"a \\"schema4\\" b"};\nif(data.schema4 === undefined){ myschema4(schema4x, validateSchema4Input, schema4); }',
        want: 'const schema0 = {"schema4":"a \\"schema4\\" b"};\nif(data.schema4 === undefined){ myschema4(schema4x, validateSchema4Input, schema0); }',
      },
    ],
    [
      "leaves a format's regular expression alone, quotes and slashes in classes included",
      {
        given: "const formats3 = /^[a-z'`\"/]+ formats3 \\/ validate1$/i;\nconst func5 = formats3;",
        want: "const formats0 = /^[a-z'`\"/]+ formats3 \\/ validate1$/i;\nconst func0 = formats0;",
      },
    ],
    [
      "renames every prefix ajv shares across an instance",
      {
        given: "validate$data4 validate4 serialize4 parse4 wrapper4 root4 schema4 keyword4 pattern4 formats4 func4 obj4 Error4 data4 valid4",
        want: "validate$data0 validate0 serialize0 parse0 wrapper0 root0 schema0 keyword0 pattern0 formats0 func0 obj0 Error0 data4 valid4",
      },
    ],
  ];
  it.each(cases)("%s", (_name, { given, want }) => {
    expect(renumberScopeNames(given)).toBe(want);
  });
});

describe("standaloneChunk", () => {
  it("is self-contained: what the function uses, then `return` of the function, names numbered from 0", () => {
    const { validate } = schemas.compile(
      { type: "object", properties: { chunkName: { type: "string", maxLength: 3 }, chunkTags: { type: "array", uniqueItems: true } } },
      "2020-12",
    );
    const code = standaloneChunk(schemas.compiler("2020-12"), validate!);
    expect(code.match(/function validate0\(/g)).toHaveLength(1);
    expect(code).toMatch(/\nreturn validate0;\n$/);
    expect(code).toContain('require("ajv/dist/runtime/ucs2length")');
    // Runs on its own, as the body of a function.
    const run = new Function("require", code) as (req: NodeRequire) => (data: unknown) => boolean;
    const check = run(createRequire(import.meta.url));
    expect(check({ chunkName: "abc", chunkTags: [1, 2] })).toBe(true);
    expect(check({ chunkName: "abcd" })).toBe(false);
    expect(check({ chunkTags: [1, 1] })).toBe(false);
  });

  it("gives the same text whatever the instance compiled before", () => {
    const schema = { type: "object", properties: { chunkOrder: { type: "string", pattern: "^x" } } };
    schemas.compile({ type: "object", properties: { chunkOther: { type: "string", pattern: "^o" } } }, "draft-07");
    const { validate: first } = schemas.compile(schema, "2020-12");
    const text = standaloneChunk(schemas.compiler("2020-12"), first!);
    const ajv = createAjv("2020-12", { standalone: true });
    ajv.compile({ type: "array", items: { type: "string", pattern: "^a" } });
    expect(standaloneChunk(ajv, ajv.compile(schema))).toBe(text);
  });

  it("refuses an Ajv instance that keeps no source", () => {
    const ajv = createAjv("2020-12");
    expect(() => standaloneChunk(ajv, ajv.compile({ type: "string" }))).toThrow(/code.source/);
  });
});
