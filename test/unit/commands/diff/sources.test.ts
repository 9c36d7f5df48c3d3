/** Which side is which: positional arguments, the head's --from-server/--url and the base's --base-from-server/--base-url. */
import { describe, expect, it } from "vitest";
import { diffSources, type DiffCommandOptions } from "../../../../src/commands/diff/diff.js";

const server = (command: string) => ({ kind: "server", server: { command }, timeoutMs: 30_000, protocol: "legacy" });

describe("diffSources", () => {
  it.each<[string, string[], DiffCommandOptions, unknown]>([
    ["base only: the head is the working tree", ["HEAD~1"], {}, { base: { kind: "argument", value: "HEAD~1" }, head: { kind: "working-tree" } }],
    ["base and head", ["a.json", "b.json"], {}, { base: { kind: "argument", value: "a.json" }, head: { kind: "argument", value: "b.json" } }],
    [
      "a head server: the one argument is the base",
      ["tools.json"],
      { fromServer: "node s.js" },
      { base: { kind: "argument", value: "tools.json" }, head: server("node s.js") },
    ],
    [
      "a base server: the one argument is the head",
      ["specs"],
      { baseFromServer: "node s.js" },
      { base: server("node s.js"), head: { kind: "argument", value: "specs" } },
    ],
    ["a base server alone: the head is the working tree", [], { baseFromServer: "node s.js" }, { base: server("node s.js"), head: { kind: "working-tree" } }],
    [
      "two servers",
      [],
      { baseUrl: "http://127.0.0.1:1/mcp", url: "http://127.0.0.1:2/mcp", timeout: "500", protocol: "auto" },
      {
        base: { kind: "server", server: { url: "http://127.0.0.1:1/mcp" }, timeoutMs: 500, protocol: "auto" },
        head: { kind: "server", server: { url: "http://127.0.0.1:2/mcp" }, timeoutMs: 500, protocol: "auto" },
      },
    ],
  ])("%s", (_name, args, options, want) => {
    expect(diffSources(args, options)).toEqual(want);
  });

  it.each<[string, string[], DiffCommandOptions, RegExp]>([
    ["nothing", [], {}, /give the base to compare with/],
    ["three sides", ["a", "b", "c"], {}, /at most two sides/],
    ["a head server and two arguments", ["a", "b"], { url: "http://x/mcp" }, /at most one other side/],
    ["two servers and an argument", ["a"], { baseUrl: "http://x/mcp", url: "http://y/mcp" }, /no other side/],
    ["a head server and no base", [], { fromServer: "node s.js" }, /give the base/],
    ["both --from-server and --url", ["a"], { fromServer: "node s.js", url: "http://x/mcp" }, /only one of --from-server and --url/],
    ["a URL that is not http", ["a"], { url: "ftp://x" }, /--url takes an http/],
    ["an unterminated quote", ["a"], { baseFromServer: '"node' }, /--base-from-server: unterminated double quote/],
    ["--timeout of zero", ["a"], { url: "http://x/mcp", timeout: "0" }, /--timeout takes a whole number/],
    ["--protocol without a server", ["a"], { protocol: "auto" }, /apply only to a server side/],
  ])("usage: %s", (_name, args, options, message) => {
    const got = diffSources(args, options);
    expect("usage" in got && got.usage).toMatch(message);
  });
});
