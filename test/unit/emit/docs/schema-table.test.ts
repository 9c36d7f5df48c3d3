/** The rows the docs' Parameters and Output tables are made of. */
import { describe, expect, test } from "vitest";
import { renderedNow } from "../../../helpers/rendered.js";
import { schemaTable } from "../../../../src/emit/docs/schema-table.js";
import { emitDocs } from "../../../../src/emit/docs/docs.js";
import type { JsonObject } from "../../../../src/spec/model.js";
import { projectModel } from "../../../helpers/project-model.js";

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
    expect(
      names({ type: "object", $ref: "#/$defs/Args", $defs: { Args: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } } }),
    ).toEqual(["id*: string"]);
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
    expect(names({ type: "array", items: { type: "object", properties: { id: { type: "string", description: "Id" } }, required: ["id"] } })).toEqual([
      "[].id*: string",
    ]);
  });

  test("a percent-encoded $ref is named as its definition", () => {
    expect(schemaTable({ type: "object", properties: { x: { $ref: "#/$defs/with%20space" } }, $defs: { "with space": { type: "string" } } }).rows[0].type).toBe(
      "with space",
    );
  });

  test("a cycle of $refs through allOf ends", () => {
    expect(
      names({ type: "object", allOf: [{ $ref: "#/$defs/a" }], $defs: { a: { allOf: [{ $ref: "#/$defs/a" }], properties: { k: { type: "string" } } } } }),
    ).toEqual(["k: string"]);
  });
});

describe("an output that is not an object", () => {
  test("both formats say that clients before 2026-07-28 get it wrapped in { result }, and only then", () => {
    const model = projectModel([
      {
        wire: {
          name: "list_users",
          description: "Lists users.",
          outputSchema: { type: "array", items: { type: "object", properties: { id: { type: "string" } } } },
        },
      },
      { wire: { name: "get_user", description: "Gets a user.", outputSchema: { type: "object", properties: { id: { type: "string" } } } } },
    ]);
    const pages = new Map(renderedNow(emitDocs(model, { formats: ["markdown", "html"], dir: "" })).map((page) => [page.path, page.contents]));
    const note = /before 2026-07-28 get this output wrapped in an object/;
    expect(pages.get("list_users.md")).toMatch(note);
    expect(pages.get("list_users.md")).toContain('`structuredContent: { "result": ... }`');
    expect(pages.get("html/list_users.html")).toMatch(note);
    expect(pages.get("html/list_users.html")).toContain("<code>structuredContent: { &quot;result&quot;: ... }</code>");
    expect(pages.get("get_user.md")).not.toMatch(note);
    expect(pages.get("html/get_user.html")).not.toMatch(note);
  });
});
