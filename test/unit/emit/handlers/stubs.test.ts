import { describe, expect, test } from "vitest";
import { renderIndex, updateIndexWithoutParser } from "../../../../src/emit/handlers/handlers-index.js";
import { emitHandlerStubs, type ExistingHandlers } from "../../../../src/emit/handlers/stubs.js";
import { createIssue, getWeather, modelFromWire, projectModel, projectOf } from "../../../helpers/project-model.js";

const layout = { generatedFromHandlers: "../generated", handlersDir: "handlers" };
const twoTools = projectModel([getWeather, createIssue]);

function existing(files: Record<string, string>): ExistingHandlers {
  return { files: new Map(Object.entries(files)) };
}

/** Every character of `before` is still there, in order: the update only added text. */
function onlyAdded(before: string, after: string): boolean {
  let at = 0;
  for (const char of after) if (at < before.length && char === before[at]) at++;
  return at === before.length;
}

const GET_WEATHER_STUB = `import { ToolError } from "mcp-gen/runtime";
import type { GetWeatherHandler } from "../generated/tools/get_weather.js";

/** Get current weather for a location. */
export const getWeather: GetWeatherHandler = async (input, context) => {
  throw new ToolError("get_weather is not implemented yet");
};
`;

describe("new project", () => {
  test("a stub per tool and an index, none with a generated header", () => {
    const { files, diagnostics } = emitHandlerStubs(twoTools, existing({}), layout);
    expect(diagnostics).toEqual([]);
    expect(files.map(({ area, path, mode }) => `${area}:${path}:${mode}`)).toEqual([
      "handlers:get_weather.ts:create",
      "handlers:github.create-issue.ts:create",
      "handlers:index.ts:create",
    ]);
    expect(files[0].contents).toBe(GET_WEATHER_STUB);
    expect(files[1].contents).toBe(`import { ToolError } from "mcp-gen/runtime";
import type { GithubCreateIssueHandler } from "../generated/tools/github.create-issue.js";

/** Open an issue. */
export const githubCreateIssue: GithubCreateIssueHandler = async (input, context) => {
  throw new ToolError("github.create-issue is not implemented yet");
};
`);
    expect(files[2].contents).toBe(`import type { ToolHandlers } from "../generated/handlers.js";
import { getWeather } from "./get_weather.js";
import { githubCreateIssue } from "./github.create-issue.js";

export const handlers = {
  get_weather: getWeather,
  "github.create-issue": githubCreateIssue,
} satisfies ToolHandlers;
`);
  });

  test("spec text in the doc comment cannot end the comment", () => {
    const model = projectModel([{ wire: { name: "evil", description: "Stops here */ alert(1) /*\nsecond line" } }]);
    const stub = emitHandlerStubs(model, existing({}), layout).files[0].contents;
    expect(stub).toContain("/** Stops here *\\/ alert(1) /* */\n");
    expect(stub).not.toContain("second line");
  });

  test("a tool without description gets no doc comment; zero tools give an empty index", () => {
    const model = projectModel([{ wire: { name: "ping" } }]);
    expect(emitHandlerStubs(model, existing({}), layout).files[0].contents).toContain('.js";\n\nexport const ping: PingHandler');
    expect(emitHandlerStubs(projectModel([]), existing({}), layout).files).toEqual([
      {
        area: "handlers",
        path: "index.ts",
        mode: "create",
        contents: 'import type { ToolHandlers } from "../generated/handlers.js";\n\nexport const handlers = {} satisfies ToolHandlers;\n',
      },
    ]);
  });

  test("the import path to generated/ follows the layout", () => {
    const { files } = emitHandlerStubs(projectModel([getWeather]), existing({}), { generatedFromHandlers: "../../src/generated", handlersDir: "src/handlers" });
    expect(files[0].contents).toContain('from "../../src/generated/tools/get_weather.js";');
    expect(files[1].contents).toContain('from "../../src/generated/handlers.js";');
  });
});

describe("existing handlers", () => {
  test("existing stubs are never rewritten, and a complete index is left alone", () => {
    const index = `import type { ToolHandlers } from "../generated/handlers.js";
import { getWeather } from "./get_weather.js";
import { githubCreateIssue } from "./github.create-issue.js";

export const handlers = { get_weather: getWeather, "github.create-issue": githubCreateIssue } satisfies ToolHandlers;
`;
    const result = emitHandlerStubs(twoTools, existing({ "get_weather.ts": "// mine", "github.create-issue.ts": "// mine", "index.ts": index }), layout);
    expect(result).toEqual({ files: [], diagnostics: [] });
  });

  test("an index the author edited gains the new tool and loses nothing", () => {
    const before = `// Handlers of the demo server.
import type { ToolHandlers } from '../generated/handlers.js' // the interface
import { githubCreateIssue } from './github.create-issue.js'
import { metrics } from './lib/metrics.js'

const wrap = <T,>(handler: T): T => handler; // custom code

/** All handlers. */
export const handlers = {
  // issues first
  'github.create-issue': wrap(githubCreateIssue) // wrapped
} satisfies ToolHandlers
`;
    const { files, diagnostics } = emitHandlerStubs(twoTools, existing({ "index.ts": before, "github.create-issue.ts": "" }), layout);
    expect(diagnostics).toEqual([]);
    expect(files.map((file) => `${file.path}:${file.mode}`)).toEqual(["get_weather.ts:create", "index.ts:update"]);
    const after = files[1].contents;
    expect(after).toBe(`// Handlers of the demo server.
import type { ToolHandlers } from '../generated/handlers.js' // the interface
import { githubCreateIssue } from './github.create-issue.js'
import { metrics } from './lib/metrics.js'
import { getWeather } from './get_weather.js'

const wrap = <T,>(handler: T): T => handler; // custom code

/** All handlers. */
export const handlers = {
  // issues first
  'github.create-issue': wrap(githubCreateIssue), // wrapped
  get_weather: getWeather
} satisfies ToolHandlers
`);
    expect(onlyAdded(before, after)).toBe(true);
    // Running again on the result adds nothing.
    expect(emitHandlerStubs(twoTools, existing({ "index.ts": after, "github.create-issue.ts": "", "get_weather.ts": "" }), layout)).toEqual({
      files: [],
      diagnostics: [],
    });
  });

  test.each([
    {
      name: "`as`, single line, trailing comma",
      before: `import { githubCreateIssue } from "./github.create-issue.js";\nexport const handlers = { "github.create-issue": githubCreateIssue, } as ToolHandlers;\n`,
      after: `import { githubCreateIssue } from "./github.create-issue.js";\nimport { getWeather } from "./get_weather.js";\nexport const handlers = { "github.create-issue": githubCreateIssue, get_weather: getWeather, } as ToolHandlers;\n`,
    },
    {
      name: "type annotation, empty object",
      before: `import type { ToolHandlers } from "../generated/handlers.js";\n\nexport const handlers: ToolHandlers = {};\n`,
      after: `import type { ToolHandlers } from "../generated/handlers.js";\nimport { getWeather } from "./get_weather.js";\nimport { githubCreateIssue } from "./github.create-issue.js";\n\nexport const handlers: ToolHandlers = {\n  get_weather: getWeather,\n  "github.create-issue": githubCreateIssue,\n};\n`,
    },
    {
      name: "empty object holding a comment, no imports at all",
      before: `export const handlers = {\n    // none yet\n} satisfies ToolHandlers;\n`,
      after: `import { getWeather } from "./get_weather.js";\nimport { githubCreateIssue } from "./github.create-issue.js";\n\nexport const handlers = {\n    // none yet\n  get_weather: getWeather,\n  "github.create-issue": githubCreateIssue,\n} satisfies ToolHandlers;\n`,
    },
    {
      name: "four-space indent, trailing commas, CRLF, handler already imported",
      before: `import { getWeather } from "./get_weather.js";\r\nexport const handlers = (\r\n    {\r\n        other: 1,\r\n    }\r\n) satisfies ToolHandlers;\r\n`,
      after: `import { getWeather } from "./get_weather.js";\r\nimport { githubCreateIssue } from "./github.create-issue.js";\r\nexport const handlers = (\r\n    {\r\n        other: 1,\r\n        get_weather: getWeather,\r\n        "github.create-issue": githubCreateIssue,\r\n    }\r\n) satisfies ToolHandlers;\r\n`,
    },
    {
      name: "computed and method keys count as present",
      before: `export const handlers = {\n  ["github.create-issue"]: x,\n  async get_weather() { return "sunny"; },\n};\n`,
      after: undefined,
    },
  ])("index.ts: $name", ({ before, after }) => {
    const files = { "index.ts": before, "get_weather.ts": "", "github.create-issue.ts": "" };
    const result = emitHandlerStubs(twoTools, existing(files), layout);
    const index = result.files.find((file) => file.path === "index.ts");
    expect(index?.contents).toBe(after);
    if (after !== undefined) {
      expect(index?.mode).toBe("update");
      expect(onlyAdded(before, after)).toBe(true);
    }
  });

  test("the same input gives the same output", () => {
    const files = existing({ "index.ts": "export const handlers = { old: 1 };\n", "zzz.ts": "", "aaa.ts": "" });
    expect(emitHandlerStubs(twoTools, files, layout)).toEqual(emitHandlerStubs(twoTools, files, layout));
  });
});

describe("diagnostics", () => {
  test.each([
    {
      name: "a syntax error",
      index: "import type { ToolHandlers } from '../generated/handlers.js';\nexport const handlers = {\n  get_weather: getWeather,,\n",
      line: 3,
      column: 27,
      message: /syntax error \(Property assignment expected\.\)/,
    },
    { name: "no handlers object", index: "export default {};\n", line: 1, column: 1, message: /no `handlers = \{ \.\.\. \}` object literal found/ },
    { name: "handlers is not an object literal", index: "export const handlers = build();\n", line: 1, column: 1, message: /object literal/ },
    {
      // An entry added after the spread would replace the author's wrapped handler.
      name: "a spread that may hold a missing tool",
      index: "const guarded = { get_weather: withAuth(getWeather) };\nexport const handlers = {\n  ...guarded,\n};\n",
      line: 3,
      column: 3,
      message: /`\.\.\.guarded` may hold keys mcp-gen cannot see; add `get_weather`, `github\.create-issue` yourself if it does not/,
    },
  ])("MG051 for $name: index.ts left alone, stubs still created", ({ index, line, column, message }) => {
    const { files, diagnostics } = emitHandlerStubs(twoTools, existing({ "index.ts": index }), layout);
    expect(files.map((file) => file.path)).toEqual(["get_weather.ts", "github.create-issue.ts"]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: "MG051", severity: "warning", location: { file: "handlers/index.ts", line, column } });
    expect(diagnostics[0].message).toMatch(message);
  });

  test("MG050 for a handler file whose tool is gone (kept); its entry, as mcp-gen writes it, is taken back (MG052)", () => {
    const index = `import { getWeather } from "./get_weather.js";
import { oldTool } from "./old_tool.js";
export const handlers = {
  get_weather: getWeather,
    old_tool: oldTool,
  "github.create-issue": x,
};
`;
    const files = {
      "index.ts": index,
      "get_weather.ts": "",
      "github.create-issue.ts": "",
      "old_tool.ts": "export const oldTool = 1;",
      "lib/shared.ts": "",
      "types.d.ts": "",
      "get_weather.test.ts": "",
      "README.md": "",
    };
    const result = emitHandlerStubs(twoTools, existing(files), layout);
    expect(result.files.map(({ path, mode, contents }) => ({ path, mode, contents }))).toEqual([
      {
        path: "index.ts",
        mode: "update",
        contents: `import { getWeather } from "./get_weather.js";
export const handlers = {
  get_weather: getWeather,
  "github.create-issue": x,
};
`,
      },
    ]);
    expect(result.diagnostics.map(({ code, severity, location }) => ({ code, severity, location }))).toEqual([
      { code: "MG052", severity: "info", location: { file: "handlers/index.ts", line: 1, column: 1 } },
      { code: "MG050", severity: "warning", location: { file: "handlers/old_tool.ts", line: 1, column: 1 } },
    ]);
    expect(result.diagnostics[0].message).toContain("`old_tool`");
    expect(result.diagnostics[1].hint).toContain("`rm handlers/old_tool.ts`");
  });

  // The index as the run leaves it: a new tool's import above an orphan moves the orphan down.
  test.each([
    {
      name: "in the generated shape (read without a parser)",
      index: `import type { ToolHandlers } from "../generated/handlers.js";
import { getWeather } from "./get_weather.js";
import { legacy } from "./legacy.js";

export const handlers = {
  get_weather: getWeather,
  old_tool: legacy,
} satisfies ToolHandlers;
`,
      line: 8,
      column: 3,
    },
    {
      name: "edited by the author (read through its syntax tree)",
      index: `import { getWeather } from "./get_weather.js";
import { oldTool } from "./old_tool.js";

export const handlers = {
  get_weather: getWeather, old_tool: oldTool, // both on one line
};
`,
      line: 6,
      column: 28,
    },
  ])("MG050 for an index entry is placed in index.ts as written when the same run adds a tool: $name", ({ index, line, column }) => {
    const result = emitHandlerStubs(twoTools, existing({ "index.ts": index, "get_weather.ts": "", "old_tool.ts": "" }), layout);
    const written = result.files.find((file) => file.path === "index.ts");
    expect(written?.mode).toBe("update");
    expect(written?.contents).toContain('import { githubCreateIssue } from "./github.create-issue.js";');
    const orphan = result.diagnostics.find((d) => d.code === "MG050" && d.location?.file === "handlers/index.ts");
    expect(orphan?.location).toEqual({ file: "handlers/index.ts", line, column });
    const lineText = written!.contents.split("\n")[line - 1];
    // An entry mcp-gen did not write (`legacy` is not the handler it names) is the author's: reported, kept.
    expect(lineText.slice(column - 1)).toMatch(/^old_tool: (oldTool|legacy),/);
  });

  test("diagnostic paths are project-relative, also when the handlers folder is the project root", () => {
    const result = emitHandlerStubs(twoTools, existing({ "old.ts": "" }), { generatedFromHandlers: "./generated", handlersDir: "." });
    expect(result.diagnostics.map((d) => d.location?.file)).toEqual(["old.ts"]);
  });
});

// `__proto__` is a valid MCP tool name, but `__proto__: proto` in an object literal sets the
// prototype and adds no key: the tool had no handler at run time ("no handler is registered").
describe("a tool named __proto__", () => {
  const proto = projectOf([
    modelFromWire({ name: "__proto__", inputSchema: { type: "object" } }),
    modelFromWire({ name: "ping", inputSchema: { type: "object" } }),
  ]);
  const ping = projectOf([proto.tools[1]]);

  /** The `handlers` object `index` builds, with each import bound to a function named after it. */
  function handlersOf(index: string): object {
    const imported = [...index.matchAll(/^import \{ (\w+) \} from /gm)].map((match) => match[1]);
    const body = index
      .replace(/^import .*$/gm, "")
      .replace("export const handlers =", "return")
      .replace(/ satisfies ToolHandlers/, "");
    return new Function(...imported, body)(...imported.map((name) => () => name));
  }

  test.each<{ name: string; files: Record<string, string> }>([
    { name: "a new index", files: {} },
    { name: "an index in the generated shape (read without a parser)", files: { "index.ts": renderIndex(ping.tools, "../generated") } },
    {
      name: "an index the author wrote (read through its syntax tree)",
      files: { "index.ts": `import { ping } from "./ping.js";\n\nexport const handlers = { ping };\n` },
    },
  ])("$name: the entry is an own property, and the next run finds it", ({ files }) => {
    const first = emitHandlerStubs(proto, existing({ "ping.ts": "", ...files }), layout);
    expect(first.diagnostics).toEqual([]);
    const index = first.files.find((file) => file.path === "index.ts")!.contents;
    expect(index).toContain('["__proto__"]: proto');
    expect(index).toContain('import { proto } from "./proto.js";');
    const handlers = handlersOf(index);
    expect(Object.hasOwn(handlers, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(handlers)).toBe(Object.prototype);
    expect(emitHandlerStubs(proto, existing({ "ping.ts": "", "proto.ts": "", "index.ts": index }), layout)).toEqual({ files: [], diagnostics: [] });
  });

  test("the generated shape with the computed key is still read without a parser", () => {
    const index = renderIndex(proto.tools, "../generated");
    expect(index).toContain('\n  ["__proto__"]: proto,\n');
    expect(updateIndexWithoutParser(proto, index, { indexRenames: new Map(), blocked: new Set() })).toMatchObject({ text: index, keys: ["__proto__", "ping"] });
  });

  test.each([
    { name: "bare", entry: "__proto__: proto," },
    { name: "quoted", entry: '"__proto__": proto,' },
  ])("an entry written as a prototype setter ($name): MG051, index left alone, with the fix in the message", ({ entry }) => {
    const index = renderIndex(proto.tools, "../generated").replace('["__proto__"]: proto,', entry);
    expect(updateIndexWithoutParser(proto, index, { indexRenames: new Map(), blocked: new Set() })).toBeUndefined();
    const result = emitHandlerStubs(proto, existing({ "ping.ts": "", "proto.ts": "", "index.ts": index }), layout);
    expect(result.files).toEqual([]);
    expect(result.diagnostics).toMatchObject([{ code: "MG051", location: { file: "handlers/index.ts", line: 6, column: 3 } }]);
    expect(result.diagnostics[0].message).toContain(
      'sets the object\'s prototype, so the `__proto__` tool has no handler; write `["__proto__"]: proto` instead',
    );
  });
});
