/** The rows the docs' Parameters and Output tables are made of. */
import { describe, expect, test } from "vitest";
import { schemaTable } from "../../src/docs/schema-table.js";
import type { JsonObject } from "../../src/spec/model.js";

const names = (schema: JsonObject) => schemaTable(schema).rows.map((row) => `${row.name}${row.required ? "*" : ""}: ${row.type}`);

describe("schemaTable", () => {
  test("a root composed with allOf and a $ref lists every branch's properties as parameters", () => {
    const pagination = { type: "object", properties: { page: { type: "integer", description: "Page" }, perPage: { type: "integer" } }, required: ["page"] };
    expect(
      names({
        type: "object",
        allOf: [{ $ref: "#/$defs/pagination" }, { properties: { filter: { type: "string" } } }],
        properties: { q: { type: "string" } },
        required: ["q"],
        $defs: { pagination },
      }),
    ).toEqual(["q*: string", "page*: integer", "perPage: integer", "filter: string"]);
    expect(names({ type: "object", $ref: "#/$defs/Args", $defs: { Args: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } } })).toEqual(["id*: string"]);
  });

  test("a nested allOf shows its branches' properties; a $ref'd property keeps its type name", () => {
    expect(
      names({
        type: "object",
        properties: {
          where: { type: "object", allOf: [{ properties: { city: { type: "string" } } }, { properties: { zip: { type: "string" } }, required: ["zip"] }] },
          from: { $ref: "#/$defs/address" },
        },
        $defs: { address: { type: "object", properties: { street: { type: "string" } } } },
      }),
    ).toEqual(["where: object", "where.city: string", "where.zip*: string", "from: address"]);
  });

  test("an array output lists its items' properties", () => {
    expect(names({ type: "array", items: { type: "object", properties: { id: { type: "string", description: "Id" } }, required: ["id"] } })).toEqual(["[].id*: string"]);
  });

  test("a percent-encoded $ref is named as its definition", () => {
    expect(schemaTable({ type: "object", properties: { x: { $ref: "#/$defs/with%20space" } }, $defs: { "with space": { type: "string" } } }).rows[0].type).toBe("with space");
  });

  test("a cycle of $refs through allOf ends", () => {
    expect(names({ type: "object", allOf: [{ $ref: "#/$defs/a" }], $defs: { a: { allOf: [{ $ref: "#/$defs/a" }], properties: { k: { type: "string" } } } } })).toEqual(["k: string"]);
  });
});
