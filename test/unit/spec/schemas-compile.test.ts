import { describe, expect, it, vi } from "vitest";
import type { JsonObject } from "../../../src/spec/model.js";
import { CompiledSchemas } from "../../../src/spec/compiled-schemas.js";

const schemas = new CompiledSchemas();

/** A fresh copy, so that only the content can make two schemas the same. */
const copy = (schema: JsonObject): JsonObject => JSON.parse(JSON.stringify(schema)) as JsonObject;

describe("CompiledSchemas.compile: one compiled function per distinct schema", () => {
  const schema: JsonObject = { type: "object", properties: { dedupName: { type: "string" } }, required: ["dedupName"] };

  it("gives equal schemas in other objects the same function, whatever `$schema` says", () => {
    const first = schemas.compile(schema, "2020-12").validate;
    expect(first).toBeDefined();
    expect(schemas.compile(copy(schema), "2020-12").validate).toBe(first);
    expect(schemas.compile({ $schema: "https://json-schema.org/draft/2020-12/schema", ...copy(schema) }, "2020-12").validate).toBe(first);
    expect(first!({ dedupName: "x" })).toBe(true);
    expect(first!({})).toBe(false);
  });

  it("keeps apart the same schema in another dialect, and schemas whose keys come in another order", () => {
    const reordered: JsonObject = { required: ["dedupName"], type: "object", properties: { dedupName: { type: "string" } } };
    const first = schemas.compile(schema, "2020-12").validate;
    expect(schemas.compile(copy(schema), "draft-07").validate).not.toBe(first);
    // Key order orders ajv's errors, which the runtime reports as they come.
    expect(schemas.compile(reordered, "2020-12").validate).not.toBe(first);
  });

  it("reports the same problems for an equal schema that does not compile", () => {
    const broken: JsonObject = { type: "object", properties: { a: { type: "strin" } } };
    const problems = schemas.compile(broken, "2020-12").problems;
    expect(problems).toHaveLength(1);
    expect(schemas.compile(copy(broken), "2020-12")).toEqual({ problems });
  });

  it("checks a schema against the meta-schema once: compile does not check it again", () => {
    for (const dialect of ["2020-12", "draft-07"] as const) {
      const check = vi.spyOn(schemas.compiler(dialect), "validateSchema");
      try {
        const fresh: JsonObject = { type: "object", properties: { [`once_${dialect}`]: { type: "integer", minimum: 0 } } };
        expect(schemas.compile(fresh, dialect).validate!({ [`once_${dialect}`]: -1 })).toBe(false);
        expect(check).toHaveBeenCalledTimes(1);
        // And a schema the meta-schema rejects is still reported, not compiled.
        expect(schemas.compile({ type: "object", properties: { a: { minLength: -1 } } }, dialect).problems).toEqual([
          { message: "`/properties/a/minLength` must be >= 0", path: ["properties", "a", "minLength"] },
        ]);
      } finally {
        check.mockRestore();
      }
    }
  });

  it("keeps each function's source, for the validators emitter", () => {
    expect(schemas.compile(copy(schema), "2020-12").validate?.source?.validateCode).toMatch(/^function validate\d+\(/);
    expect(schemas.compile(copy(schema), "draft-07").validate?.source?.validateCode).toMatch(/^function validate\d+\(/);
  });
});

describe("CompiledSchemas.compile: `$id`s", () => {
  it("compiles schemas sharing a root `$id`, sharing the function when the rest is equal too", () => {
    const text: JsonObject = { $id: "https://example.com/clash", type: "object", properties: { v: { type: "string" } } };
    const number: JsonObject = { $id: "https://example.com/clash", type: "object", properties: { v: { type: "number" } } };
    const textFn = schemas.compile(text, "2020-12").validate!;
    const numberFn = schemas.compile(number, "2020-12").validate!;
    expect([textFn({ v: "a" }), textFn({ v: 1 }), numberFn({ v: 1 }), numberFn({ v: "a" })]).toEqual([true, false, true, false]);
    expect(schemas.compile(copy(text), "2020-12").validate).toBe(textFn);
    expect(schemas.compile(copy(number), "draft-07").validate!({ v: 1 })).toBe(true);
  });

  it("compiles each schema as if alone: a nested `$id` of one schema is not seen by the next", () => {
    const nested = (type: string): JsonObject => ({
      type: "object",
      properties: { item: { $ref: "#/$defs/Item" } },
      $defs: { Item: { $id: "https://example.com/nested-item", type } },
    });
    const text = schemas.compile(nested("string"), "2020-12");
    const number = schemas.compile(nested("number"), "2020-12");
    expect(text.problems).toEqual([]);
    expect(number.problems).toEqual([]);
    expect([text.validate!({ item: "a" }), text.validate!({ item: 1 })]).toEqual([true, false]);
    expect([number.validate!({ item: 1 }), number.validate!({ item: "a" })]).toEqual([true, false]);
  });

  it("still reports an invalid root `$id`", () => {
    expect(schemas.compile({ $id: 42, type: "object" }, "2020-12").problems).toEqual([{ message: "`/$id` must be string", path: ["$id"] }]);
  });
});
