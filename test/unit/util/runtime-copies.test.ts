/**
 * The generator keeps copies of two runtime rules (the runtime loads without the
 * generator, and the generator does not import the runtime): what a tool without
 * `outputSchema` may return, and how invalid arguments are worded. Each copy must answer
 * as the runtime does.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { normalizeReturn } from "../../../src/runtime/results.js";
import type { ToolReturn, ValidationError } from "../../../src/runtime/types.js";
import { describeViolations as runtimeViolations } from "../../../src/runtime/validation-message.js";
import { isToolReturn } from "../../../src/util/tool-return.js";
import { describeViolations } from "../../../src/util/violation-lines.js";

describe("util/tool-return.ts answers as the runtime's normalizeReturn", () => {
  const text = { type: "text", text: "hi" };
  const values: Array<[string, unknown]> = [
    ["undefined", undefined],
    ["a string", "hello"],
    ["an empty string", ""],
    ["a text block", text],
    ["a text block without text", { type: "text" }],
    ["an image", { type: "image", data: "AAAA", mimeType: "image/png" }],
    ["an image without mimeType", { type: "image", data: "AAAA" }],
    ["audio", { type: "audio", data: "AAAA", mimeType: "audio/wav" }],
    ["a resource link", { type: "resource_link", uri: "file:///a", name: "a" }],
    ["a resource with text", { type: "resource", resource: { uri: "file:///a", text: "x" } }],
    ["a resource with a blob", { type: "resource", resource: { uri: "file:///a", blob: "AAAA" } }],
    ["a resource with neither", { type: "resource", resource: { uri: "file:///a" } }],
    ["a resource that is null", { type: "resource", resource: null }],
    ["an unknown block type", { type: "video", url: "x" }],
    ["a block type from the prototype", { type: "toString" }],
    ["a list of blocks", [text, text]],
    ["an empty list", []],
    ["a list with a stray value", [text, 1]],
    ["a CallToolResult", { content: [text], isError: true }],
    ["a CallToolResult with a bad block", { content: [text, { type: "text" }] }],
    ["an object", { temperature: 22 }],
    ["a number", 42],
    ["null", null],
    ["true", true],
  ];
  it.each(values)("%s", (_, value) => {
    expect(isToolReturn(value)).toBe(normalizeReturn(value as ToolReturn) !== undefined);
  });
  it("the table holds both answers", () => {
    const answers = new Set(values.map(([, value]) => isToolReturn(value)));
    expect([...answers].sort()).toEqual([false, true]);
  });
});

describe("util/violation-lines.ts words violations as the runtime does", () => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const validate = ajv.compile({
    type: "object",
    properties: {
      units: { enum: ["metric", "imperial", 3] },
      kind: { const: "weather" },
      count: { type: ["integer", "null"] },
      "a/b~c": { type: "string", minLength: 2 },
      nested: { type: "object", properties: { deep: { type: "boolean" } }, unevaluatedProperties: false },
    },
    required: ["units", "needed/one"],
    additionalProperties: false,
  });
  const inputs: Array<[string, unknown]> = [
    ["nothing wrong", { units: "metric", "needed/one": 1 }],
    ["not an object", 7],
    ["missing properties", {}],
    ["every kind at once", { units: "kelvin", kind: "rain", count: 1.5, "a/b~c": "x", extra: 1, nested: { deep: 1, more: 2 } }],
  ];
  it.each(inputs)("%s", (_, input) => {
    validate(input);
    const errors = validate.errors as ValidationError[] | null | undefined;
    expect(describeViolations(errors)).toEqual(runtimeViolations(errors));
  });
  it("and the same for errors without a message, for null and for none", () => {
    const odd: ValidationError[] = [
      { instancePath: "/x", schemaPath: "#", keyword: "custom", params: {} },
      { instancePath: "", schemaPath: "#", keyword: "enum", params: { allowedValues: "x" } },
    ];
    expect(describeViolations(odd)).toEqual(runtimeViolations(odd));
    expect(describeViolations(null)).toEqual(runtimeViolations(null));
    expect(describeViolations(undefined)).toEqual([]);
    validate({});
    expect(describeViolations(validate.errors as ValidationError[]).length).toBeGreaterThan(1);
  });
});
