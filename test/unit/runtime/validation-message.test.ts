/** describeViolations over the errors of real validators (createAjv, allErrors). */
import { describe, expect, it } from "vitest";
import { describeViolations } from "../../../src/runtime/validation-message.js";
import { createAjv } from "../../../src/spec/ajv.js";
import type { Dialect } from "../../../src/spec/model.js";

function violations(schema: object, data: unknown, dialect: Dialect = "2020-12"): string[] {
  const validate = createAjv(dialect).compile(schema);
  expect(validate(data)).toBe(false);
  return describeViolations(validate.errors);
}

const objectOf = (properties: object, extra: object = {}) => ({ type: "object", properties, ...extra });

describe("describeViolations", () => {
  it.each([
    {
      what: "a missing required property, named by its own path",
      schema: objectOf({ city: { type: "string" } }, { required: ["city"] }),
      data: {},
      expected: ["/city: is required"],
    },
    {
      what: "an unexpected property, named by its own path",
      schema: objectOf({ city: { type: "string" } }, { additionalProperties: false }),
      data: { city: "Oslo", country: "NO" },
      expected: ["/country: is not allowed"],
    },
    {
      what: "an unevaluated property (2020-12)",
      schema: objectOf({ city: { type: "string" } }, { unevaluatedProperties: false }),
      data: { city: "Oslo", zip: "0150" },
      expected: ["/zip: is not allowed"],
    },
    {
      what: "enum lists the allowed values",
      schema: objectOf({ units: { enum: ["metric", "imperial"] } }),
      data: { units: "kelvin" },
      expected: ["/units: must be one of metric, imperial"],
    },
    {
      what: "enum with values that are not strings shows them as JSON",
      schema: objectOf({ level: { enum: [1, "two", null, true] } }),
      data: { level: 3 },
      expected: ["/level: must be one of 1, two, null, true"],
    },
    {
      what: "const shows the value as JSON",
      schema: objectOf({ kind: { const: "point" }, n: { const: 3 } }),
      data: { kind: "line", n: 4 },
      expected: ['/kind: must be "point"', "/n: must be 3"],
    },
    {
      what: "a single type",
      schema: objectOf({ count: { type: "integer" } }),
      data: { count: 1.5 },
      expected: ["/count: must be integer"],
    },
    {
      what: "a union type joins its members with 'or'",
      schema: objectOf({ label: { type: ["string", "null"] } }),
      data: { label: 7 },
      expected: ["/label: must be string or null"],
    },
    {
      what: "a wrong root type is addressed as /",
      schema: objectOf({}),
      data: "not an object",
      expected: ["/: must be object"],
    },
    {
      what: "nested paths through arrays and objects",
      schema: objectOf({
        a: { type: "array", items: objectOf({ b: { type: "number" }, c: {} }, { required: ["c"], additionalProperties: false }) },
      }),
      data: {
        a: [
          { b: "x", c: 1 },
          { b: 2, d: 3 },
        ],
      },
      expected: ["/a/0/b: must be number", "/a/1/c: is required", "/a/1/d: is not allowed"],
    },
    {
      what: "keys with / and ~ are escaped as JSON Pointer (~1, ~0), in every keyword",
      schema: objectOf({ "x/y~z": { type: "string" } }, { required: ["a/b~c"], additionalProperties: false }),
      data: { "x/y~z": 1, "e~f/g": true },
      expected: ["/a~1b~0c: is required", "/e~0f~1g: is not allowed", "/x~1y~0z: must be string"],
    },
    {
      what: "other keywords keep ajv's message",
      schema: objectOf({ n: { type: "number", minimum: 3 }, s: { type: "string", maxLength: 2 } }),
      data: { n: 1, s: "long" },
      expected: ["/n: must be >= 3", "/s: must NOT have more than 2 characters"],
    },
    {
      what: "draft-07 validators are described the same way",
      schema: { ...objectOf({ units: { enum: ["metric", "imperial"] } }, { required: ["city"] }), $schema: "http://json-schema.org/draft-07/schema#" },
      data: { units: "x" },
      dialect: "draft-07" as const,
      expected: ["/city: is required", "/units: must be one of metric, imperial"],
    },
  ])("$what", ({ schema, data, expected, dialect }) => {
    expect(violations(schema, data, dialect).sort()).toEqual([...expected].sort());
  });

  it("lists every violation of one call, in ajv's order", () => {
    const schema = objectOf(
      { units: { enum: ["metric", "imperial"] }, days: { type: "integer", minimum: 1 } },
      { required: ["city", "units"], additionalProperties: false },
    );
    expect(violations(schema, { units: "kelvin", days: 0, extra: 1 })).toEqual([
      "/city: is required",
      "/extra: is not allowed",
      "/units: must be one of metric, imperial",
      "/days: must be >= 1",
    ]);
  });

  it("collapses identical lines (the same rule reached twice)", () => {
    const schema = { allOf: [{ required: ["id"] }, { required: ["id"] }, objectOf({ id: { type: "string" } }, { required: ["id"] })] };
    const validate = createAjv("2020-12").compile(schema);
    expect(validate({})).toBe(false);
    expect(validate.errors!.length).toBe(3);
    expect(describeViolations(validate.errors)).toEqual(["/id: is required"]);
  });

  it.each([null, undefined, []])("no errors (%s) -> no lines", (errors) => {
    expect(describeViolations(errors)).toEqual([]);
  });
});
