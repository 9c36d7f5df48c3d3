import { describe, expect, it } from "vitest";
import { renumberScopeNames, standaloneModule } from "../../src/emit/standalone-code.js";
import { compileSchema, schemaCompiler } from "../../src/spec/schemas.js";

describe("renumberScopeNames", () => {
  const cases: Array<[string, { given: string; want: string }]> = [
    [
      "numbers each prefix from 0 in order of first appearance, references and definitions alike",
      {
        given: "export const validateA = validate20;\nconst func7 = x;\nconst schema9 = {};\nfunction validate20(){ func7(schema9); validate3(); }\nconst func2 = y;",
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

describe("standaloneModule", () => {
  it("defines a function shared by two exports once", () => {
    const { validate } = compileSchema({ type: "object", properties: { standaloneShared: { type: "string" } } }, "2020-12");
    const code = standaloneModule(schemaCompiler("2020-12"), [
      ["first", validate!],
      ["second", validate!],
    ]);
    expect(code).toContain("export const first = validate0;");
    expect(code).toContain("export const second = validate0;");
    expect(code.match(/function validate0\(/g)).toHaveLength(1);
  });

  it("refuses an Ajv instance that keeps no source", async () => {
    const { createAjv } = await import("../../src/spec/ajv.js");
    const ajv = createAjv("2020-12");
    expect(() => standaloneModule(ajv, [["x", ajv.compile({ type: "string" })]])).toThrow(/code.source/);
  });
});
