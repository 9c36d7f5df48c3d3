import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createAjv } from "../../../src/spec/ajv.js";
import { loadYamlFile, type LoadResult } from "../../../src/yaml/load.js";
import type { JsonObject } from "../../../src/spec/model.js";
import { bundleSchema, type BundleResult } from "../../../src/spec/refs.js";

const root = path.resolve("test/fixtures/refs/project");

function loaderFor(projectRoot: string): (absPath: string) => LoadResult {
  return (absPath) => loadYamlFile(path.relative(projectRoot, absPath).split(path.sep).join("/"), absPath);
}

function bundleSpec(spec: string, projectRoot = root): BundleResult & { input: JsonObject } {
  const yaml = loadYamlFile(spec, path.join(projectRoot, spec)).yaml!;
  const input = (yaml.value as { inputSchema: JsonObject }).inputSchema;
  return { input, ...bundleSchema({ yaml, path: ["inputSchema"], schema: input, root: projectRoot, loadFile: loaderFor(projectRoot) }) };
}

const address = {
  type: "object",
  properties: { street: { type: "string" }, city: { type: "string" } },
  required: ["street", "city"],
};
const currency = { type: "string", enum: ["EUR", "USD"] };
const money = {
  type: "object",
  properties: { amount: { type: "number" }, currency: { $ref: "#/$defs/money_Currency" } },
  required: ["amount", "currency"],
};

describe("bundleSchema", () => {
  const cases: Array<[string, { spec: string; want: JsonObject; sources: string[] }]> = [
    [
      "one file, reached twice, is copied once",
      {
        spec: "specs/one-file.yaml",
        want: {
          type: "object",
          properties: { home: { $ref: "#/$defs/address" }, work: { $ref: "#/$defs/address" } },
          required: ["home"],
          $defs: { address },
        },
        sources: ["schemas/address.yaml"],
      },
    ],
    [
      "nested files resolve relative to the file holding each $ref",
      {
        spec: "specs/sub/nested.yaml",
        want: {
          type: "object",
          properties: { order: { $ref: "#/$defs/order" }, billTo: { $ref: "#/$defs/address" } },
          $defs: {
            order: {
              type: "object",
              properties: { shipTo: { $ref: "#/$defs/address" }, total: { $ref: "#/$defs/money_Money" } },
            },
            address,
            money_Money: money,
            money_Currency: currency,
          },
        },
        sources: ["schemas/address.yaml", "schemas/common/money.yaml", "schemas/order.yaml"],
      },
    ],
    [
      "a fragment into a file's $defs, and a local ref inside that file",
      {
        spec: "specs/fragment.yaml",
        want: {
          type: "object",
          properties: { currency: { $ref: "#/$defs/money_Currency" }, price: { $ref: "#/$defs/money_Money" } },
          $defs: { money_Currency: currency, money_Money: money },
        },
        sources: ["schemas/common/money.yaml"],
      },
    ],
    [
      "same stem in different folders (and an existing $defs name) get qualified names",
      {
        spec: "specs/same-stem.yaml",
        want: {
          type: "object",
          properties: {
            us: { $ref: "#/$defs/us_address" },
            eu: { $ref: "#/$defs/schemas_eu_address" },
            plain: { $ref: "#/$defs/schemas_address" },
          },
          $defs: {
            eu_address: { type: "null" },
            us_address: { type: "object", properties: { zip: { type: "string" } } },
            schemas_eu_address: { type: "object", properties: { postcode: { type: "string" } } },
            schemas_address: address,
          },
        },
        sources: ["schemas/address.yaml", "schemas/eu/address.yaml", "schemas/us/address.yaml"],
      },
    ],
    [
      "a recursive local schema stays; a self-recursive JSON file loses its $id and recurses through $defs",
      {
        spec: "specs/tree.yaml",
        want: {
          type: "object",
          properties: { root: { $ref: "#/$defs/node" }, file_tree: { $ref: "#/$defs/tree" } },
          required: ["root"],
          $defs: {
            node: {
              type: "object",
              properties: { label: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/node" } } },
              required: ["label"],
            },
            tree: {
              type: "object",
              properties: { value: { type: "integer" }, children: { type: "array", items: { $ref: "#/$defs/tree" } } },
              required: ["value"],
            },
          },
        },
        sources: ["schemas/tree.json"],
      },
    ],
    [
      "a cycle across two files becomes recursion through $defs",
      {
        spec: "specs/cycle.yaml",
        want: {
          type: "object",
          properties: { person: { $ref: "#/$defs/person" } },
          $defs: {
            person: {
              type: "object",
              properties: { name: { type: "string" }, pets: { type: "array", items: { $ref: "#/$defs/pet" } } },
              required: ["name"],
            },
            pet: { type: "object", properties: { species: { type: "string" }, owner: { $ref: "#/$defs/person" } } },
          },
        },
        sources: ["schemas/person.yaml", "schemas/pet.yaml"],
      },
    ],
    [
      "draft-07 roots collect into `definitions`, after the author's own",
      {
        spec: "specs/draft07.yaml",
        want: {
          $schema: "http://json-schema.org/draft-07/schema#",
          type: "object",
          properties: { home: { $ref: "#/definitions/address" } },
          definitions: { id: { type: "string" }, address },
        },
        sources: ["schemas/address.yaml"],
      },
    ],
    [
      "a ref from another file back into the schema being bundled becomes a local ref",
      {
        spec: "specs/backref.yaml",
        want: {
          type: "object",
          properties: { ids: { $ref: "#/$defs/back" } },
          $defs: { id: { type: "string", minLength: 1 }, back: { type: "array", items: { $ref: "#/$defs/id" } } },
        },
        sources: ["schemas/back.yaml"],
      },
    ],
    [
      "fragments are percent-decoded and ~-unescaped; names keep only identifier characters",
      {
        spec: "specs/odd.yaml",
        want: {
          type: "object",
          properties: { spaced: { $ref: "#/$defs/odd_a_b" }, slashed: { $ref: "#/$defs/odd_x_y" } },
          $defs: { odd_a_b: { type: "string" }, odd_x_y: { type: "number" } },
        },
        sources: ["schemas/odd.yaml"],
      },
    ],
  ];

  it.each(cases)("%s", (_name, { spec, want, sources }) => {
    const result = bundleSpec(spec);
    expect(result.diagnostics).toEqual([]);
    // JSON text comparison also pins the key order.
    expect(JSON.stringify(result.schema)).toBe(JSON.stringify(want));
    expect(result.sources).toEqual(sources);
  });

  it("returns a schema with only local refs unchanged, key order included, without touching the input", () => {
    const result = bundleSpec("specs/local.yaml");
    const before = JSON.stringify(result.input);
    expect(JSON.stringify(result.schema)).toBe(before);
    expect(result.schema).not.toBe(result.input);
    expect(result.sources).toEqual([]);
    expect(result.diagnostics).toEqual([]);
    expect(result.origins).toEqual([]);
  });

  it("does not mutate an input that has file refs", () => {
    const result = bundleSpec("specs/cycle.yaml");
    expect(result.input).toEqual({ type: "object", properties: { person: { $ref: "../schemas/person.yaml" } } });
  });

  it("records where each bundled $defs entry came from", () => {
    const result = bundleSpec("specs/cycle.yaml");
    expect(result.origins.map((o) => [o.defsKey, o.name, o.yaml.file, o.path])).toEqual([
      ["$defs", "person", "schemas/person.yaml", []],
      ["$defs", "pet", "schemas/pet.yaml", []],
    ]);
  });

  it("bundles recursive schemas that ajv compiles and that validate recursively", () => {
    const tree = bundleSpec("specs/tree.yaml").schema;
    const validateTree = createAjv("2020-12").compile(tree);
    expect(validateTree({ root: { label: "a", children: [{ label: "b", children: [] }] } })).toBe(true);
    expect(validateTree({ root: { label: "a", children: [{ children: [] }] } })).toBe(false);
    expect(validateTree({ root: { label: "a" }, file_tree: { value: 1, children: [{ value: 2 }] } })).toBe(true);
    expect(validateTree({ root: { label: "a" }, file_tree: { value: 1, children: [{ value: "x" }] } })).toBe(false);

    const cycle = bundleSpec("specs/cycle.yaml").schema;
    const validateCycle = createAjv("2020-12").compile(cycle);
    expect(validateCycle({ person: { name: "Ann", pets: [{ species: "cat", owner: { name: "Ann" } }] } })).toBe(true);
    expect(validateCycle({ person: { name: "Ann", pets: [{ owner: { pets: [] } }] } })).toBe(false);

    const draft07 = bundleSpec("specs/draft07.yaml").schema;
    const validateDraft07 = createAjv("draft-07").compile(draft07);
    expect(validateDraft07({ home: { street: "Main", city: "X" } })).toBe(true);
    expect(validateDraft07({ home: { street: "Main" } })).toBe(false);
  });

  it("reports each bad $ref at its value, in the file that holds it", () => {
    const result = bundleSpec("specs/errors.yaml");
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.location?.file, d.location?.line, d.location?.column])).toEqual([
      ["MG031", "error", "specs/errors.yaml", 5, 21],
      ["MG031", "error", "specs/errors.yaml", 6, 18],
      ["MG032", "error", "specs/errors.yaml", 7, 22],
      ["MG033", "error", "specs/errors.yaml", 8, 22],
      ["MG030", "error", "specs/errors.yaml", 9, 26],
      ["MG030", "error", "specs/errors.yaml", 10, 23],
      // The loader's own diagnostics for the broken file, once, then MG033 at both refs.
      ["MG001", "error", "schemas/broken.yaml", 2, 24],
      ["MG001", "error", "schemas/broken.yaml", 2, 25],
      ["MG033", "error", "specs/errors.yaml", 11, 21],
      ["MG033", "error", "specs/errors.yaml", 12, 27],
      // Refs inside a referenced file are reported in that file.
      ["MG031", "error", "schemas/bad-refs.yaml", 3, 19],
      ["MG033", "error", "schemas/bad-refs.yaml", 4, 17],
    ]);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      "network $ref `https://example.com/schemas/address.json` is not fetched; copy the schema into the project and refer to it by a relative path",
      "network $ref `urn:example:address` is not fetched; copy the schema into the project and refer to it by a relative path",
      "$ref `../../outside.yaml` resolves outside the project root",
      "$ref `./nope.yaml`: file `specs/nope.yaml` not found",
      "$ref `../schemas/common/money.yaml#/$defs/Nope`: `#/$defs/Nope` not found in `schemas/common/money.yaml`",
      "$ref `#/$defs/nope` points at nothing in this schema",
      expect.stringContaining("Flow sequence"),
      expect.stringContaining("Flow map"),
      "$ref file `schemas/broken.yaml` could not be loaded (it must hold one YAML or JSON schema)",
      "$ref file `schemas/broken.yaml` could not be loaded (it must hold one YAML or JSON schema)",
      "network $ref `http://example.com/x.json` is not fetched; copy the schema into the project and refer to it by a relative path",
      "$ref `./nowhere.yaml`: file `schemas/nowhere.yaml` not found",
    ]);
    // Failed refs are left as written; the good one is still bundled.
    expect(result.schema.properties).toMatchObject({ remote: { $ref: "https://example.com/schemas/address.json" }, indirect: { $ref: "#/$defs/bad_refs" } });
  });

  describe("through a symbolic link", () => {
    const work = path.resolve(".tmp/refs/symlink");
    afterAll(() => rmSync(work, { recursive: true, force: true }));

    it("reports a link that leaves the project root (MG032) and follows one that stays inside", () => {
      rmSync(work, { recursive: true, force: true });
      mkdirSync(path.join(work, "project/specs"), { recursive: true });
      writeFileSync(path.join(work, "secret.yaml"), "type: string\n");
      writeFileSync(path.join(work, "project/inside.yaml"), "type: integer\n");
      symlinkSync(path.join(work, "secret.yaml"), path.join(work, "project/specs/escape.yaml"));
      symlinkSync(path.join(work, "project/inside.yaml"), path.join(work, "project/specs/ok.yaml"));
      writeFileSync(
        path.join(work, "project/specs/tool.yaml"),
        "name: linked\ninputSchema:\n  type: object\n  properties:\n    a: { $ref: ./escape.yaml }\n    b: { $ref: ./ok.yaml }\n",
      );
      const result = bundleSpec("specs/tool.yaml", path.join(work, "project"));
      expect(result.diagnostics.map((d) => [d.code, d.location?.file, d.location?.line, d.location?.column, d.message])).toEqual([
        ["MG032", "specs/tool.yaml", 5, 16, "$ref `./escape.yaml` resolves outside the project root (through a symbolic link)"],
      ]);
      expect(result.schema).toEqual({
        type: "object",
        properties: { a: { $ref: "./escape.yaml" }, b: { $ref: "#/$defs/ok" } },
        $defs: { ok: { type: "integer" } },
      });
    });
  });
});
