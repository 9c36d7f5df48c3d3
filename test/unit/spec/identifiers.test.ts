import { describe, expect, test } from "vitest";
import type { Location } from "../../../src/diagnostics/diagnostic.js";
import { checkIdentifierCollisions, nameWords, toolIdentifiers } from "../../../src/spec/identifiers.js";

describe("toolIdentifiers", () => {
  // name, pascal, handler, file, definition
  test.each([
    ["get_weather", "GetWeather", "getWeather", "get_weather", "getWeatherTool"],
    ["get-weather", "GetWeather", "getWeather", "get_weather", "getWeatherTool"],
    ["getWeather", "GetWeather", "getWeather", "get_weather", "getWeatherTool"],
    ["GetWeather", "GetWeather", "getWeather", "get_weather", "getWeatherTool"],
    ["files.read", "FilesRead", "filesRead", "files_read", "filesReadTool"],
    ["admin.users.list-all", "AdminUsersListAll", "adminUsersListAll", "admin_users_list_all", "adminUsersListAllTool"],
    ["getHTTPResponse", "GetHttpResponse", "getHttpResponse", "get_http_response", "getHttpResponseTool"],
    ["HTTPSProxy", "HttpsProxy", "httpsProxy", "https_proxy", "httpsProxyTool"],
    ["URL", "Url", "url", "url", "urlTool"],
    ["list_issues_v2", "ListIssuesV2", "listIssuesV2", "list_issues_v2", "listIssuesV2Tool"],
    ["getS3Object", "GetS3Object", "getS3Object", "get_s3_object", "getS3ObjectTool"],
    ["sha256sum", "Sha256Sum", "sha256Sum", "sha256_sum", "sha256SumTool"],
    ["3d_print", "Tool3DPrint", "tool3DPrint", "3d_print", "tool3DPrintTool"],
    ["2fa", "Tool2Fa", "tool2Fa", "2fa", "tool2FaTool"],
    ["123", "Tool123", "tool123", "123", "tool123Tool"],
    ["delete", "Delete", "deleteHandler", "delete", "deleteTool"],
    ["class", "Class", "classHandler", "class", "classTool"],
    ["new", "New", "newHandler", "new", "newTool"],
    ["await", "Await", "awaitHandler", "await", "awaitTool"],
    ["eval", "Eval", "evalHandler", "eval", "evalTool"],
    ["constructor", "Constructor", "constructorHandler", "constructor", "constructorTool"],
    ["__proto__", "Proto", "proto", "proto", "protoTool"],
    ["delete_file", "DeleteFile", "deleteFile", "delete_file", "deleteFileTool"],
    ["con", "Con", "con", "con_tool", "conTool"],
    ["index", "Index", "index", "index_tool", "indexTool"],
    ["Index", "Index", "index", "index_tool", "indexTool"],
    ["puppeteer_navigate", "PuppeteerNavigate", "puppeteerNavigate", "puppeteer_navigate", "puppeteerNavigateTool"],
    ["a", "A", "a", "a", "aTool"],
    ["_", "ToolTool", "tool", "tool", "toolTool"],
    ["--x--", "X", "x", "x", "xTool"],
    ["iPhone_sync", "IPhoneSync", "iPhoneSync", "i_phone_sync", "iPhoneSyncTool"],
  ])("%s", (name, pascal, handler, file, definition) => {
    expect(toolIdentifiers(name)).toEqual({
      pascal,
      handler,
      // The client's method is the camelCase name as is: a property may be a reserved word.
      method: definition.replace(/Tool$/, ""),
      file,
      inputType: `${pascal}Input`,
      argumentsType: `${pascal}Arguments`,
      outputType: `${pascal}Output`,
      handlerType: `${pascal}Handler`,
      definition,
      module: `tools/${file}`,
      inputValidator: `validate${pascal}Input`,
      outputValidator: `validate${pascal}Output`,
    });
  });

  test("a 128-character name keeps every word", () => {
    const name = `${"segment_".repeat(15)}abcdefgh`;
    expect(name).toHaveLength(128);
    const ids = toolIdentifiers(name);
    expect(ids.file).toBe(name);
    expect(ids.pascal).toBe(`${"Segment".repeat(15)}Abcdefgh`);
    expect(ids.handler).toBe(`segment${"Segment".repeat(14)}Abcdefgh`);
  });

  test("digits stay with the word before them, so a trailing letter starts a new word", () => {
    expect(toolIdentifiers("w31x").file).toBe("w31_x");
  });

  test("every identifier is a valid identifier for names made of allowed characters", () => {
    for (const name of ["a.b-c_d", "9", "A1b2C3", "x--1", "..", "ABCdef", "default", "Default"]) {
      const ids = toolIdentifiers(name);
      for (const id of [ids.pascal, ids.handler, ids.inputType, ids.outputType, ids.handlerType, ids.definition]) {
        expect(id).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
      }
      expect(ids.file).toMatch(/^[a-z0-9_]+$/);
    }
    expect(toolIdentifiers("default").handler).toBe("defaultHandler");
    expect(toolIdentifiers("Default").handler).toBe("defaultHandler");
  });

  test("nameWords documents the splitting rules", () => {
    expect(nameWords("getHTTPResponse")).toEqual(["get", "http", "response"]);
    expect(nameWords("list_issues_v2")).toEqual(["list", "issues", "v2"]);
    expect(nameWords("v2Api")).toEqual(["v2", "api"]);
    expect(nameWords("EC2Instance")).toEqual(["ec2", "instance"]);
    expect(nameWords("3d_print")).toEqual(["3d", "print"]);
  });
});

describe("checkIdentifierCollisions", () => {
  const at = (file: string, line: number, column = 7): Location => ({ file, line, column });
  const tool = (name: string, location: Location) => ({ name, ids: toolIdentifiers(name), location });

  test("no collisions for distinct names", () => {
    expect(checkIdentifierCollisions([tool("get_weather", at("specs/a.yaml", 1)), tool("get_forecast", at("specs/b.yaml", 1))])).toEqual([]);
  });

  test("MG013: duplicate names, reported at every later definition, related to the first", () => {
    const tools = [tool("get_weather", at("specs/c.yaml", 1)), tool("get_weather", at("specs/a.yaml", 3)), tool("get_weather", at("specs/b.yaml", 1))];
    const diagnostics = checkIdentifierCollisions(tools);
    expect(diagnostics).toEqual([
      {
        code: "MG013",
        severity: "error",
        message: "duplicate tool name `get_weather` in specs/b.yaml: already defined at specs/a.yaml:3:7",
        location: at("specs/b.yaml", 1),
        related: [{ ...at("specs/a.yaml", 3), message: "`get_weather` first defined here" }],
      },
      {
        code: "MG013",
        severity: "error",
        message: "duplicate tool name `get_weather` in specs/c.yaml: already defined at specs/a.yaml:3:7",
        location: at("specs/c.yaml", 1),
        related: [{ ...at("specs/a.yaml", 3), message: "`get_weather` first defined here" }],
      },
    ]);
  });

  test("MG013 within one file (tools: [...])", () => {
    const diagnostics = checkIdentifierCollisions([tool("list_issues", at("specs/gh.yaml", 9, 11)), tool("list_issues", at("specs/gh.yaml", 2, 11))]);
    expect(diagnostics.map((d) => [d.code, d.location?.line, d.related?.[0].line])).toEqual([["MG013", 9, 2]]);
  });

  test.each([
    ["get-weather", "get_weather", "the TypeScript name `GetWeather` and the file name `get_weather.ts`"],
    ["getWeather", "get_weather", "the TypeScript name `GetWeather` and the file name `get_weather.ts`"],
    ["get.weather", "GET_WEATHER", "the TypeScript name `GetWeather` and the file name `get_weather.ts`"],
    ["3d_print", "tool_3d_print", "the TypeScript name `Tool3DPrint`"],
    ["foo", "foo_tool", "the TypeScript identifier `fooTool`"],
    ["delete", "delete_handler", "the TypeScript identifier `deleteHandler`"],
    ["delete", "delete_tool", "the TypeScript identifier `deleteTool`"],
    ["con", "con_tool", "the TypeScript identifier `conTool` and the file name `con_tool.ts`"],
    ["index", "index_tool", "the TypeScript identifier `indexTool` and the file name `index_tool.ts`"],
  ])("MG014: %s vs %s", (first, second, what) => {
    const diagnostics = checkIdentifierCollisions([tool(second, at("specs/b.yaml", 1)), tool(first, at("specs/a.yaml", 1))]);
    expect(diagnostics).toEqual([
      {
        code: "MG014",
        severity: "error",
        message: `tool names \`${first}\` and \`${second}\` both map to ${what}`,
        location: at("specs/b.yaml", 1),
        related: [{ ...at("specs/a.yaml", 1), message: `\`${first}\` defined here` }],
        hint: "rename one of the tools",
      },
    ]);
  });

  test("three names on one identifier: each later one is reported against the first", () => {
    const tools = [tool("get.weather", at("specs/x.yaml", 1)), tool("get-weather", at("specs/x.yaml", 5)), tool("getWeather", at("specs/a.yaml", 2))];
    const diagnostics = checkIdentifierCollisions(tools);
    expect(diagnostics.map((d) => [d.code, d.location?.file, d.location?.line, d.related?.[0].file, d.related?.[0].line])).toEqual([
      ["MG014", "specs/x.yaml", 1, "specs/a.yaml", 2],
      ["MG014", "specs/x.yaml", 5, "specs/a.yaml", 2],
    ]);
  });

  test("a name whose pascal is another's type name does not collide (`FooInput` is not declared by itself)", () => {
    expect(checkIdentifierCollisions([tool("foo", at("specs/a.yaml", 1)), tool("foo_input", at("specs/b.yaml", 1))])).toEqual([]);
  });

  test("duplicates are MG013 only, not also MG014", () => {
    const diagnostics = checkIdentifierCollisions([tool("a_b", at("specs/a.yaml", 1)), tool("a_b", at("specs/b.yaml", 1)), tool("a-b", at("specs/c.yaml", 1))]);
    expect(diagnostics.map((d) => `${d.code} ${d.location?.file}`)).toEqual(["MG013 specs/b.yaml", "MG014 specs/c.yaml"]);
  });

  test("the result does not depend on input order", () => {
    const tools = [
      tool("get_weather", at("specs/b.yaml", 1)),
      tool("get-weather", at("specs/a.yaml", 4)),
      tool("get_weather", at("specs/c.yaml", 1)),
      tool("foo", at("specs/d.yaml", 1)),
      tool("foo_tool", at("specs/a.yaml", 1)),
    ];
    const expected = checkIdentifierCollisions(tools);
    expect(expected).toHaveLength(3);
    for (const order of [[...tools].reverse(), [tools[2], tools[4], tools[0], tools[3], tools[1]]]) {
      expect(checkIdentifierCollisions(order)).toEqual(expected);
    }
  });
});

describe("names that would clash with what generated files declare or import", () => {
  test.each([
    ["delete", { handler: "deleteHandler", method: "delete" }],
    ["constructor", { handler: "constructorHandler", method: "constructor" }],
    ["tool", { pascal: "ToolTool", handlerType: "ToolToolHandler", handler: "tool" }],
    ["handlers", { pascal: "Handlers", handler: "handlersHandler" }],
  ])("%s", (name, expected) => {
    expect(toolIdentifiers(name)).toMatchObject(expected);
  });
});
