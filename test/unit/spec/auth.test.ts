/**
 * A spec's `auth: { scopes: [...] }`: its diagnostics, the model, and what the registry and
 * the docs make of it (the wire definition never carries it).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { renderedNow } from "../../helpers/rendered.js";
import { resolveConfig } from "../../../src/config/config.js";
import type { Diagnostic } from "../../../src/diagnostics/diagnostic.js";
import { emitDocs } from "../../../src/emit/docs/docs.js";
import { emitRegistry } from "../../../src/emit/registry/registry.js";
import { buildModel } from "../../../src/spec/build-model.js";
import { parseYaml } from "../../../src/yaml/load.js";
import { checkShape } from "../../../src/spec/shape.js";

function shape(text: string) {
  const parsed = parseYaml("specs/t.yaml", "/project/specs/t.yaml", text);
  if (!parsed.yaml) throw new Error(`fixture does not parse: ${JSON.stringify(parsed.diagnostics)}`);
  return checkShape([parsed.yaml]);
}

/** file:line:col code severity message (hint): all a user reads. */
const seen = (d: Diagnostic) =>
  `${d.location?.file}:${d.location?.line}:${d.location?.column} ${d.code} ${d.severity} ${d.message}${d.hint ? ` (${d.hint})` : ""}`;

const tool = (auth: string) => `name: t\ninputSchema: { type: object }\nauth: ${auth}\n`;

describe("auth diagnostics", () => {
  test.each([
    {
      given: "{ scopes: files:write }",
      want: ["specs/t.yaml:3:17 MG010 error `auth.scopes` must be a sequence, not a string (a list, even of one scope: `scopes: [files:write]`)"],
    },
    {
      given: "[files:write]",
      want: ["specs/t.yaml:3:7 MG010 error `auth` must be a mapping, not a sequence (write `auth: { scopes: [files:write] }`)"],
    },
    {
      given: "files:write",
      want: ["specs/t.yaml:3:7 MG010 error `auth` must be a mapping, not a string (write `auth: { scopes: [files:write] }`)"],
    },
    {
      given: "{ scopes: [] }",
      want: ["specs/t.yaml:3:17 MG010 error `auth.scopes` must not be empty (name the scopes the tool needs, or remove `auth` to let every caller see it)"],
    },
    {
      given: '{ scopes: [files:read, ""] }',
      want: ["specs/t.yaml:3:30 MG010 error empty scope in `auth.scopes` (remove it, or name the scope the tool needs)"],
    },
    {
      given: "{ scopes: [files:write, files:read, files:write] }",
      want: ["specs/t.yaml:3:43 MG010 error duplicate scope `files:write` in `auth.scopes` (first at 3:18) (remove this one)"],
    },
    {
      given: '{ scopes: ["files:read files:write"] }',
      want: [
        "specs/t.yaml:3:29 MG010 error invalid scope `files:read files:write`: a space (U+0020) is not allowed in an OAuth scope (one scope per item: `[files:read, files:write]`)",
      ],
    },
    {
      given: "{ scopes: [ok, 3] }",
      want: ["specs/t.yaml:3:22 MG010 error `auth.scopes[1]` must be a string, not a number"],
    },
    {
      given: "{ scope: [files:write] }",
      want: [
        "specs/t.yaml:3:7 MG010 error missing required field `scopes` in `auth`",
        "specs/t.yaml:3:9 MG011 error unknown field `scope` in `auth` (did you mean `scopes`?)",
      ],
    },
  ])("auth: $given", ({ given, want }) => {
    const result = shape(tool(given));
    expect(result.diagnostics.map(seen)).toEqual(want);
    expect(result.tools).toEqual([]);
  });

  test("in a tools: [...] file, each tool's own auth is checked where it is", () => {
    const result = shape(
      "tools:\n  - name: a\n    inputSchema: { type: object }\n    auth: { scopes: [x, x] }\n  - name: b\n    inputSchema: { type: object }\n    auth: { scopes: [y] }\n",
    );
    expect(result.diagnostics.map(seen)).toEqual(["specs/t.yaml:4:25 MG010 error duplicate scope `x` in `auth.scopes` (first at 4:22) (remove this one)"]);
    expect(result.tools.map((t) => t.value.name)).toEqual(["b"]);
  });

  test("valid scopes pass, in any OAuth spelling", () => {
    const result = shape(tool('{ scopes: [files:write, "https://api.example.com/admin", read.all] }'));
    expect(result.diagnostics).toEqual([]);
    expect(result.tools).toHaveLength(1);
  });
});

describe("auth through model, registry and docs", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-gen-auth-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, "mcp-gen.config.yaml"), "specs: ['specs/*.yaml']\nserver: { name: auth-test, version: 1.0.0 }\n");
  mkdirSync(path.join(dir, "specs"));
  writeFileSync(
    path.join(dir, "specs", "delete_file.yaml"),
    "name: delete_file\ninputSchema: { type: object }\nauth: { scopes: [files:write, files:admin] }\ndescription: Deletes.\n",
  );
  writeFileSync(path.join(dir, "specs", "read_file.yaml"), "name: read_file\ninputSchema: { type: object }\n");
  const { config } = resolveConfig({ cwd: dir, configFile: path.join(dir, "mcp-gen.config.yaml") });
  const { model, diagnostics } = buildModel(config!);

  test("the model carries the scopes; the wire definition does not", () => {
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const [deleteFile, readFile] = model!.tools;
    expect(deleteFile.auth).toEqual({ scopes: ["files:write", "files:admin"] });
    expect(Object.keys(deleteFile.wire)).toEqual(["name", "inputSchema", "description"]);
    expect(readFile.auth).toBeUndefined();
  });

  test("the registry gives each scoped tool its scopes, and the others nothing", () => {
    const registry = renderedNow(emitRegistry(model!))[0].contents;
    expect(registry).toContain(`  "delete_file": {
    definition: deleteFileTool,
    validateInput: validateDeleteFileInput,
    auth: { scopes: ["files:write", "files:admin"] },
  },
  "read_file": {
    definition: readFileTool,
    validateInput: validateReadFileInput,
  },
`);
  });

  test("a tool's docs page says which scopes it needs (markdown and HTML); others say nothing", () => {
    const files = renderedNow(emitDocs(model!, { formats: ["markdown", "html"], dir: "docs" }));
    const page = (p: string) => files.find((f) => f.path === p)!.contents;
    expect(page("docs/delete_file.md")).toContain(
      "- **Scopes**: listed and callable only for callers whose access token carries `files:write` and `files:admin`.\n",
    );
    expect(page("docs/html/delete_file.html")).toContain(
      "<dt>Scopes</dt><dd>Listed and callable only for callers whose access token carries <code>files:write</code> and <code>files:admin</code>.</dd>",
    );
    expect(page("docs/read_file.md")).not.toContain("Scopes");
    expect(page("docs/html/read_file.html")).not.toContain("Scopes");
    const catalog = JSON.parse(page("docs/catalog.json")) as { tools: Array<{ name: string; scopes?: string[] }> };
    expect(catalog.tools.map((t) => [t.name, t.scopes])).toEqual([
      ["delete_file", ["files:write", "files:admin"]],
      ["read_file", undefined],
    ]);
  });
});
