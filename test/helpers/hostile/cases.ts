/**
 * The hostile-spec corpus: each case is a set of project files and what `generate` must
 * do with them — either the exact diagnostics (`CODE file:line:column`), or succeed with
 * code that compiles under `tsc --strict` and a registry whose `tools/list` payload is the
 * spec's tool fields byte for byte (`wire`).
 */
import { stringify } from "yaml";

export interface HostileCase {
  name: string;
  /** Project files; a Buffer is written as is (for bytes that are not UTF-8). */
  files: Record<string, string | Buffer>;
  /** Errors and warnings, `CODE file:line:column`, sorted. Empty for a clean run. */
  diagnostics: string[];
  /** When the run succeeds: the registry's `toolDefinitions`, as JSON text, must equal these. */
  wire?: unknown[];
}

/** Text that breaks out of comments, strings, templates, HTML, handlebars, markdown tables and lines. */
export const PAYLOADS: Record<string, string> = {
  "block comment end": "*/ export const pwned = 1; /*",
  "line comment": "// \nexport const pwned = 1;",
  "template literal": "${process.exit(1)} ${'$'}{x}",
  backticks: "`rm -rf /` ```ts\ncode\n```",
  "script tag": "</script><script>alert(1)</script><!-- -->",
  handlebars: "{{constructor.constructor 'alert(1)'}} {{{raw}}} }} {{",
  "line separators": "a\u2028b\u2029c",
  NUL: "a\u0000b\u0001c",
  CRLF: "one\r\ntwo\rthree\n",
  "markdown table": "a | b\n| --- | --- |\n| c | d |\n\n# Heading\n- item",
  quotes: `"' \\" \\\\ \\u0041 \\n`,
  "everything at once": "*/ // ${x} `y` </script> {{z}} \u2028 \u0000 \r\n | ",
};

/** A tool carrying `payload` in every text field the spec format has. */
export function injectionSpec(id: number, payload: string): Record<string, unknown> {
  const key = `k ${payload}`;
  const spec = JSON.parse(
    JSON.stringify({
      name: `inject_${id}`,
      title: `T ${payload}`,
      description: `D ${payload}`,
      inputSchema: {
        type: "object",
        description: payload,
        properties: {
          [key]: { type: "string", description: payload, enum: [payload, "plain"], default: payload },
          plain: { type: "string", title: payload, examples: [payload], const: payload },
          thing: { $ref: `#/$defs/${encodeURIComponent(`d ${payload}`).replace(/~/g, "~0")}` },
        },
        $defs: { [`d ${payload}`]: { type: "object", description: payload, properties: { [payload]: { const: payload } } } },
        required: [key],
      },
      outputSchema: { type: "object", description: payload, properties: { out: { type: "string", description: payload } } },
      annotations: { title: payload, readOnlyHint: true },
      _meta: { [`m ${payload}`]: payload },
      examples: [{ title: payload, input: { [key]: payload, plain: payload }, output: { out: payload } }],
    }),
  ) as Record<string, unknown>;
  return spec;
}

/** The wire definition of a spec object: every field but `examples`, in order. */
export function wireOf(spec: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(spec).filter(([key]) => key !== "examples"));
}

const tool = (name: string, extra = "") => `name: ${name}\ndescription: A tool.\ninputSchema:\n  type: object\n${extra}`;

const injection: HostileCase[] = Object.entries(PAYLOADS).map(([label, payload], i) => {
  const spec = injectionSpec(i, payload);
  return { name: `injection: ${label}`, files: { [`specs/inject_${i}.yaml`]: stringify(spec) }, diagnostics: [], wire: [wireOf(spec)] };
});

// The same text in a block scalar with CRLF line ends, which YAML folds to LF.
const crlfFile = "name: crlf\r\ndescription: |\r\n  first */\r\n  second ${x}\r\ninputSchema:\r\n  type: object\r\n";

const RESERVED = [
  "delete",
  "class",
  "constructor",
  "__proto__",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "then",
  "default",
  "await",
  "1tool",
  "9",
  "_",
  "a.b-c_d",
  "Object",
  "index",
];
const reservedSpecs = RESERVED.map((name) => ({ name, description: `The ${name} tool.`, inputSchema: { type: "object" } }));

const PROTO_KEYS_SPEC = `name: proto_keys
description: Property names that are Object.prototype members.
inputSchema:
  type: object
  properties:
    constructor: { type: number }
    prototype: { type: boolean }
    toString: { type: string }
    hasOwnProperty: { type: object, properties: { valueOf: { type: string } } }
  required: [constructor, toString]
outputSchema:
  type: object
  properties:
    constructor: { type: string }
examples:
  - input: { constructor: 1, toString: x, hasOwnProperty: { valueOf: deep }, __proto__: { polluted: true } }
    output: { constructor: out }
  - input: { constructor: 1 }
    error: true
`;
const PROTO_KEYS_WIRE = {
  name: "proto_keys",
  description: "Property names that are Object.prototype members.",
  inputSchema: {
    type: "object",
    properties: {
      constructor: { type: "number" },
      prototype: { type: "boolean" },
      toString: { type: "string" },
      hasOwnProperty: { type: "object", properties: { valueOf: { type: "string" } } },
    },
    required: ["constructor", "toString"],
  },
  outputSchema: { type: "object", properties: { constructor: { type: "string" } } },
};

const names: HostileCase[] = [
  {
    name: "names: reserved words, Object.prototype members, leading digits, punctuation only",
    files: { "specs/reserved.yaml": stringify({ tools: reservedSpecs }) },
    diagnostics: [],
    wire: [...reservedSpecs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  },
  {
    name: "names: punctuation only, all one identifier",
    files: {
      "specs/p.yaml":
        "tools:\n  - { name: '-', inputSchema: { type: object } }\n  - { name: '.', inputSchema: { type: object } }\n  - { name: _, inputSchema: { type: object } }\n",
    },
    diagnostics: ["MG014 specs/p.yaml:3:13", "MG014 specs/p.yaml:4:13"],
  },
  {
    name: "names: 128 characters",
    files: { "specs/long.yaml": tool("a".repeat(128)) },
    diagnostics: [],
    wire: [{ name: "a".repeat(128), description: "A tool.", inputSchema: { type: "object" } }],
  },
  { name: "names: 129 characters", files: { "specs/long.yaml": tool("a".repeat(129)) }, diagnostics: ["MG012 specs/long.yaml:1:135"] },
  { name: "names: unicode", files: { "specs/u.yaml": tool("wétter_天气") }, diagnostics: ["MG012 specs/u.yaml:1:8"] },
  { name: "names: a path", files: { "specs/p.yaml": tool("../../etc/passwd") }, diagnostics: ["MG012 specs/p.yaml:1:9"] },
  { name: "names: a slash", files: { "specs/p.yaml": tool("a/b") }, diagnostics: ["MG012 specs/p.yaml:1:8"] },
  { name: "names: empty", files: { "specs/e.yaml": tool('""') }, diagnostics: ["MG012 specs/e.yaml:1:7"] },
  { name: "names: spaces and a NUL", files: { "specs/n.yaml": tool('"a b\\0"') }, diagnostics: ["MG012 specs/n.yaml:1:7"] },
  { name: "names: not a string", files: { "specs/n.yaml": tool("[1, 2]") }, diagnostics: ["MG010 specs/n.yaml:1:7"] },
  {
    name: "names: differ only in separator",
    files: { "specs/a.yaml": tool("get-weather"), "specs/b.yaml": tool("get_weather") },
    diagnostics: ["MG014 specs/b.yaml:1:7"],
  },
  {
    name: "names: differ only in case",
    files: { "specs/a.yaml": tool("Get_Weather"), "specs/b.yaml": tool("get_weather") },
    diagnostics: ["MG014 specs/b.yaml:1:7"],
  },
  {
    name: "names: dot versus underscore",
    files: { "specs/a.yaml": tool("get.weather"), "specs/b.yaml": tool("get_weather") },
    diagnostics: ["MG014 specs/b.yaml:1:7"],
  },
  {
    name: "names: the same name twice",
    files: { "specs/a.yaml": tool("twin"), "specs/b.yaml": tool("twin") },
    diagnostics: ["MG013 specs/b.yaml:1:7"],
  },
  {
    name: "names: constructor, toString, ... as property names and in example data",
    files: { "specs/proto.yaml": PROTO_KEYS_SPEC },
    diagnostics: [],
    wire: [PROTO_KEYS_WIRE],
  },
  {
    // ajv skips a `__proto__` property, so it would reach handlers unchecked.
    name: "names: __proto__ as a property name, at any depth, in and out",
    files: {
      "specs/proto.yaml": tool(
        "proto_prop",
        "  properties:\n    __proto__: { type: string }\n    deep: { type: object, properties: { __proto__: {} } }\noutputSchema:\n  type: object\n  properties: { __proto__: {} }\n",
      ),
    },
    diagnostics: ["MG181 specs/proto.yaml:10:17", "MG181 specs/proto.yaml:6:5", "MG181 specs/proto.yaml:7:41"],
  },
  {
    name: "names: a __proto__ key in example data is an unexpected property",
    files: {
      "specs/proto.yaml": tool(
        "proto_data",
        "  properties: { a: { type: string } }\n  additionalProperties: false\nexamples:\n  - input: { a: x, __proto__: { admin: true } }\n",
      ),
    },
    diagnostics: ["MG040 specs/proto.yaml:8:20"],
  },
];

const ALIAS_BOMB = `a: &a ["x","x","x","x","x","x","x","x","x"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
name: bomb
inputSchema: { type: object, default: *g }
`;

const yamlCases: HostileCase[] = [
  { name: "yaml: alias bomb", files: { "specs/bomb.yaml": ALIAS_BOMB }, diagnostics: ["MG003 specs/bomb.yaml:2:8"] },
  {
    name: "yaml: a 10 MB description",
    files: { "specs/big.yaml": `name: big\ndescription: ${"x".repeat(10 * 1024 * 1024)}\ninputSchema: { type: object }\n` },
    diagnostics: [],
    wire: [{ name: "big", description: "x".repeat(10 * 1024 * 1024), inputSchema: { type: "object" } }],
  },
  {
    name: "yaml: 2,000 levels of flow nesting",
    files: { "specs/deep.yaml": `name: deep\ninputSchema:\n  type: object\n  default: ${"[".repeat(2000)}${"]".repeat(2000)}\n` },
    diagnostics: ["MG180 specs/deep.yaml:4:268"],
  },
  {
    name: "yaml: 2,000 nested schemas",
    files: { "specs/deep.yaml": `name: deep\ninputSchema: ${"{type: object, properties: {a: ".repeat(2000)}{}${"}}".repeat(2000)}\n` },
    diagnostics: ["MG180 specs/deep.yaml:2:3982"],
  },
  {
    name: "yaml: 300 levels of block nesting",
    files: {
      "specs/deep.yaml": `name: deep\ninputSchema:\n  type: object\n  default:\n${Array.from({ length: 300 }, (_, i) => `${"  ".repeat(i + 2)}- `).join("\n")}x\n`,
    },
    diagnostics: ["MG180 specs/deep.yaml:259:513"],
  },
  { name: "yaml: tab indentation", files: { "specs/tab.yaml": "name: tab\ninputSchema:\n\ttype: object\n" }, diagnostics: ["MG001 specs/tab.yaml:3:1"] },
  {
    name: "yaml: a byte-order mark",
    files: { "specs/bom.yaml": `\uFEFF${tool("bom")}` },
    diagnostics: [],
    wire: [{ name: "bom", description: "A tool.", inputSchema: { type: "object" } }],
  },
  {
    name: "yaml: Latin-1 bytes",
    files: {
      "specs/latin1.yaml": Buffer.concat([Buffer.from("name: latin\ndescription: caf"), Buffer.from([0xe9]), Buffer.from("\ninputSchema: { type: object }\n")]),
    },
    diagnostics: ["MG005 specs/latin1.yaml:2:17"],
  },
  {
    name: "yaml: a lone surrogate escape",
    files: { "specs/s.yaml": `${tool("surrogate")}  description: "\\uD800"\n` },
    diagnostics: [],
    wire: [{ name: "surrogate", description: "A tool.", inputSchema: { type: "object", description: "\uD800" } }],
  },
  { name: "yaml: duplicate keys", files: { "specs/dup.yaml": "name: a\nname: b\ninputSchema: { type: object }\n" }, diagnostics: ["MG002 specs/dup.yaml:2:1"] },
  {
    name: "yaml: duplicate keys inside a schema",
    files: { "specs/dup.yaml": tool("dup", "  properties:\n    a: { type: string }\n    a: { type: number }\n") },
    diagnostics: ["MG002 specs/dup.yaml:7:5"],
  },
  { name: "yaml: two documents", files: { "specs/multi.yaml": `${tool("one")}---\n${tool("two")}` }, diagnostics: ["MG004 specs/multi.yaml:5:1"] },
  {
    name: "yaml: JSON syntax",
    files: {
      "specs/json.yaml": '{"name": "json_tool", "description": "As JSON.", "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}}}}\n',
    },
    diagnostics: [],
    wire: [{ name: "json_tool", description: "As JSON.", inputSchema: { type: "object", properties: { a: { type: "string" } } } }],
  },
  {
    name: "yaml: unterminated flow mapping",
    files: { "specs/broken.yaml": "name: x\ninputSchema: { type: object\n" },
    diagnostics: ["MG001 specs/broken.yaml:3:1"],
  },
  {
    name: "yaml: a custom tag",
    files: { "specs/tag.yaml": "name: !!js/function 'x'\ninputSchema: { type: object }\n" },
    diagnostics: ["MG001 specs/tag.yaml:1:7"],
  },
  { name: "yaml: an empty file", files: { "specs/empty.yaml": "" }, diagnostics: ["MG010 specs/empty.yaml:1:1"] },
  { name: "yaml: a scalar document", files: { "specs/scalar.yaml": "just text\n" }, diagnostics: ["MG010 specs/scalar.yaml:1:1"] },
  {
    name: "yaml: CRLF line ends and a block scalar",
    files: { "specs/crlf.yaml": crlfFile },
    diagnostics: [],
    wire: [{ name: "crlf", description: "first */\nsecond ${x}\n", inputSchema: { type: "object" } }],
  },
];

const schemaCases: HostileCase[] = [
  {
    // Refs that only lead to each other describe no value at all (ajv overflows its stack on
    // them): MG034 at the $ref that closes the cycle.
    name: "schemas: a local $ref cycle through $defs",
    files: {
      "specs/cycle.yaml": tool("cycle", "  properties:\n    a: { $ref: '#/$defs/a' }\n  $defs:\n    a: { $ref: '#/$defs/b' }\n    b: { $ref: '#/$defs/a' }\n"),
    },
    diagnostics: ["MG034 specs/cycle.yaml:9:16"],
  },
  {
    name: "schemas: a recursive tree",
    files: {
      "specs/tree.yaml": tool(
        "tree",
        "  properties:\n    root: { $ref: '#/$defs/node' }\n  $defs:\n    node:\n      type: object\n      properties:\n        kids: { type: array, items: { $ref: '#/$defs/node' } }\n",
      ),
    },
    diagnostics: [],
  },
  {
    name: "schemas: a file $ref cycle",
    files: {
      "specs/files.yaml": tool("files", "  properties:\n    a: { $ref: ../schemas/a.yaml }\n"),
      "schemas/a.yaml": "type: object\nproperties:\n  b: { $ref: ./b.yaml }\n",
      "schemas/b.yaml": "type: object\nproperties:\n  a: { $ref: ./a.yaml }\n",
    },
    diagnostics: [],
  },
  {
    name: "schemas: $ref to a missing local target",
    files: { "specs/m.yaml": tool("missing", "  properties:\n    a: { $ref: '#/$defs/nope' }\n") },
    diagnostics: ["MG030 specs/m.yaml:6:16"],
  },
  {
    name: "schemas: $ref to a missing file",
    files: { "specs/m.yaml": tool("missing", "  properties:\n    a: { $ref: ./nope.yaml }\n") },
    diagnostics: ["MG033 specs/m.yaml:6:16"],
  },
  {
    name: "schemas: $ref escaping the project root",
    files: { "specs/m.yaml": tool("escape", "  properties:\n    a: { $ref: ../../../../../../etc/passwd }\n") },
    diagnostics: ["MG032 specs/m.yaml:6:16"],
  },
  {
    name: "schemas: absolute file $ref",
    files: { "specs/m.yaml": tool("absolute", "  properties:\n    a: { $ref: 'file:///etc/passwd' }\n") },
    diagnostics: ["MG031 specs/m.yaml:6:16"],
  },
  {
    name: "schemas: http $ref",
    files: { "specs/m.yaml": tool("net", "  properties:\n    a: { $ref: 'http://127.0.0.1:9/schema.json' }\n") },
    diagnostics: ["MG031 specs/m.yaml:6:16"],
  },
  {
    name: "schemas: https $ref",
    files: { "specs/m.yaml": tool("net", "  properties:\n    a: { $ref: 'https://example.com/s.json#/x' }\n") },
    diagnostics: ["MG031 specs/m.yaml:6:16"],
  },
  {
    name: "schemas: unknown $schema",
    files: { "specs/m.yaml": tool("dialect", "  $schema: https://json-schema.org/draft/2099-01/schema\n") },
    diagnostics: ["MG021 specs/m.yaml:5:12"],
  },
  {
    name: "schemas: root type is a union",
    files: { "specs/m.yaml": "name: union\ninputSchema:\n  type: [object, 'null']\n" },
    diagnostics: ["MG020 specs/m.yaml:3:9"],
  },
  {
    name: "schemas: type unions, boolean schemas, patternProperties, if/then/else, prefixItems",
    files: {
      "specs/m.yaml": tool(
        "features",
        [
          "  properties:",
          "    u: { type: [string, number, 'null'] }",
          "    yes: true",
          "    no: false",
          "    map: { type: object, patternProperties: { '^x-': { type: integer } }, additionalProperties: false }",
          "    cond: { type: object, if: { properties: { k: { const: a } } }, then: { required: [a] }, else: { required: [b] } }",
          "    tuple: { type: array, prefixItems: [{ type: string }, { type: number }], items: false }",
          "    any: {}",
          "examples:",
          "  - input: { u: null, yes: 1, map: { x-a: 1 }, tuple: [a, 1] }",
          "  - input: { no: 1 }",
          "    error: true",
          "",
        ].join("\n"),
      ),
    },
    diagnostics: [],
  },
  {
    name: "schemas: a 10,000-value enum",
    files: { "specs/m.yaml": tool("huge_enum", `  properties:\n    e: { enum: [${Array.from({ length: 10_000 }, (_, i) => `v${i}`).join(", ")}] }\n`) },
    diagnostics: [],
  },
  {
    name: "schemas: a pattern that is not a regex",
    files: { "specs/m.yaml": tool("bad_pattern", "  properties:\n    a: { type: string, pattern: '(' }\n") },
    diagnostics: ["MG022 specs/m.yaml:6:33"],
  },
  {
    name: "schemas: a pattern prone to catastrophic backtracking, with a matching example",
    files: { "specs/m.yaml": tool("redos", `  properties:\n    a: { type: string, pattern: '^(a+)+$' }\nexamples:\n  - input: { a: ${"a".repeat(30)} }\n`) },
    diagnostics: [],
  },
  {
    name: "schemas: required names a missing property",
    files: { "specs/m.yaml": tool("req", "  properties: { a: {} }\n  required: [a, __proto__]\n") },
    diagnostics: ["MG023 specs/m.yaml:6:17"],
  },
  { name: "schemas: inputSchema is boolean", files: { "specs/m.yaml": "name: boolean_root\ninputSchema: true\n" }, diagnostics: ["MG010 specs/m.yaml:2:14"] },
  {
    name: "schemas: draft-07 with definitions and a $ref sibling",
    files: {
      "specs/m.yaml": tool(
        "draft7",
        "  $schema: http://json-schema.org/draft-07/schema#\n  properties:\n    a: { $ref: '#/definitions/x' }\n  definitions:\n    x: { type: string }\n",
      ),
    },
    diagnostics: [],
  },
  {
    name: "schemas: unknown keywords and formats are warnings",
    files: { "specs/m.yaml": tool("vendor", "  properties:\n    a: { type: string, format: '*/ x', x-order: '`${x}`' }\n") },
    diagnostics: ["MG024 specs/m.yaml:6:32", "MG025 specs/m.yaml:6:40"],
  },
];

const layout: HostileCase[] = [
  {
    name: "paths: spaces and unicode in spec paths",
    files: { "specs/my tools/wétter 天气.yaml": tool("weather_u"), "specs/with 'quote\" and $x`.yaml": tool("quoted_path") },
    diagnostics: [],
  },
  { name: "paths: no specs at all", files: { "README.md": "nothing\n" }, diagnostics: ["MG006 -"] },
  { name: "paths: a spec that is a directory named .yaml", files: { "specs/dir.yaml/inner.txt": "x" }, diagnostics: ["MG006 -"] },
  {
    name: "paths: generated/ is a file",
    files: { "specs/a.yaml": tool("a"), generated: "I am a file, not a folder\n" },
    diagnostics: ["MG090 -"],
  },
  {
    name: "paths: handlers/ is a file",
    files: { "specs/a.yaml": tool("a"), handlers: "I am a file, not a folder\n" },
    diagnostics: ["MG090 -"],
  },
];

export const CASES: HostileCase[] = [...injection, ...names, ...yamlCases, ...schemaCases, ...layout];
