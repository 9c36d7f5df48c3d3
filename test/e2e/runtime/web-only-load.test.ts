/**
 * Nothing Node-only on the web path: the built runtime and the demo's generated server load,
 * and answer through `fetch`, in a Node process where every `node:` import and every bare
 * Node builtin (`fs`, `process`...) fails, as on Workers without `nodejs_compat`. The child
 * resolves packages under the `workerd` export condition, as a Worker bundler does (the SDK
 * itself picks its Node shims otherwise). Only `serveStdio()` and `serveHttp()` may load
 * Node's modules, lazily.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../helpers/project.js";

const WORK = path.join(REPO_ROOT, ".tmp", "web-only-load");

/** Runs `script` (an ES module's text) in a child where Node's builtins cannot be loaded; its stdout, parsed. */
function runWithoutNode(script: string): { status: number | null; stdout: string; stderr: string } {
  mkdirSync(WORK, { recursive: true });
  const hooks = path.join(WORK, "hooks.mjs");
  writeFileSync(
    hooks,
    [
      'import { builtinModules } from "node:module";',
      "const builtins = new Set(builtinModules);",
      "export async function resolve(specifier, context, next) {",
      '  if (specifier.startsWith("node:") || builtins.has(specifier.split("/")[0])) throw new Error(`blocked Node builtin: ${specifier}`);',
      "  return next(specifier, context);",
      "}",
    ].join("\n"),
  );
  const preload = path.join(WORK, "preload.mjs");
  writeFileSync(
    preload,
    [
      'import module, { builtinModules, createRequire } from "node:module";',
      `module.register(${JSON.stringify(pathToFileURL(hooks).href)});`,
      // A CommonJS module's require does not pass the ESM hooks (ajv's helpers are CommonJS).
      'const Module = createRequire(import.meta.url)("node:module");',
      "const builtins = new Set(builtinModules);",
      "const load = Module._load;",
      "Module._load = function (request) {",
      '  if (request.startsWith("node:") || builtins.has(request.split("/")[0])) throw new Error(`blocked Node builtin (require): ${request}`);',
      "  return load.apply(this, arguments);",
      "};",
    ].join("\n"),
  );
  const file = path.join(WORK, `script-${process.pid}.mjs`);
  writeFileSync(file, script);
  const r = spawnSync(process.execPath, ["--conditions=workerd", "--import", pathToFileURL(preload).href, file], { cwd: REPO_ROOT, encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr.replace(/^.*ExperimentalWarning.*\n?|^.*--trace-warnings.*\n?/gm, "") };
}

const url = (relative: string) => JSON.stringify(pathToFileURL(path.join(REPO_ROOT, relative)).href);

describe("the web path loads no Node builtin", () => {
  it("the trap works: in the child, node:fs, fs, node:process and module all fail to load", () => {
    const r = runWithoutNode(
      [
        "const outcomes = [];",
        'for (const id of ["node:fs", "fs", "node:process"]) outcomes.push(await import(id).then(() => "loaded", (e) => e.message));',
        'const { createRequire } = await import("module").catch(() => ({}));',
        "outcomes.push(createRequire === undefined ? 'no module' : 'module');",
        "console.log(JSON.stringify(outcomes));",
      ].join("\n"),
    );
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual(["blocked Node builtin: node:fs", "blocked Node builtin: fs", "blocked Node builtin: node:process", "no module"]);
  });

  it("dist/runtime and the demo's generated server load, list and call tools through fetch", () => {
    const r = runWithoutNode(
      [
        `const runtime = await import(${url("dist/runtime/index.js")});`,
        `const { createServer, serverInfo } = await import(${url("build/demo/generated/server.js")});`,
        "const server = createServer(",
        "  {",
        "    calculate_bmi: ({ weight_kg, height_cm }) => ({ bmi: Math.round((weight_kg / (height_cm / 100) ** 2) * 100) / 100, category: 'Normal' }),",
        "    send_notification: ({ message }) => `sent: ${message}`,",
        "  },",
        "  { pageSize: 4 },",
        ");",
        "const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };",
        "let id = 0;",
        "const rpc = async (method, params) => {",
        "  const response = await server.fetch(new Request('https://mcp.example.com/mcp', {",
        "    method: 'POST',",
        "    headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-method': method, 'mcp-protocol-version': '2026-07-28', ...(params.name ? { 'mcp-name': params.name } : {}) },",
        "    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: { ...params, _meta: meta } }),",
        "  }));",
        "  return (await response.json()).result;",
        "};",
        "const names = [];",
        "let cursor;",
        "do {",
        "  const page = await rpc('tools/list', cursor === undefined ? {} : { cursor });",
        "  names.push(...page.tools.map((tool) => tool.name));",
        "  cursor = page.nextCursor;",
        "} while (cursor !== undefined);",
        "const bmi = await rpc('tools/call', { name: 'calculate_bmi', arguments: { weight_kg: 70, height_cm: 175 } });",
        // maxLength: ajv's ucs2length helper, imported by the generated validators.
        "const tooLong = await rpc('tools/call', { name: 'send_notification', arguments: { userId: 'u-123', message: 'x'.repeat(2001) } });",
        "await server.close();",
        "console.log(JSON.stringify({ exports: Object.keys(runtime).includes('createToolServer'), serverInfo, names, bmi: bmi.structuredContent, tooLong: tooLong.content[0].text }));",
      ].join("\n"),
    );
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { exports: boolean; serverInfo: unknown; names: string[]; bmi: unknown; tooLong: string };
    expect(out.exports).toBe(true);
    expect(out.serverInfo).toEqual({ name: "mcp-gen-demo", version: "0.1.0" });
    expect(out.names).toHaveLength(12);
    expect(out.names).toContain("send_notification");
    expect(out.bmi).toEqual({ bmi: 22.86, category: "Normal" });
    expect(out.tooLong).toContain("/message: must NOT have more than 2000 characters");
  });

  it("context.elicit's rounds on revision 2026-07-28 (input_required, a signed retry, a tampered one refused) work there too", () => {
    const r = runWithoutNode(
      [
        `const { createServer } = await import(${url("build/demo/generated/server.js")});`,
        "const ask = async ({ message }, context) => {",
        "  const answer = await context.elicit({ message: `Send ${message}?`, requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] } });",
        "  return answer.action === 'accept' && answer.content.confirm ? `sent: ${message}` : 'not sent';",
        "};",
        "const server = createServer({ send_notification: ask }, { requestState: { key: 'a web-only test key, 32 bytes or more' } });",
        "const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } } };",
        "let id = 0;",
        "const call = async (extra) => {",
        "  const params = { name: 'send_notification', arguments: { userId: 'u-1', message: 'hi' }, ...extra, _meta: meta };",
        "  const response = await server.fetch(new Request('https://mcp.example.com/mcp', {",
        "    method: 'POST',",
        "    headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-method': 'tools/call', 'mcp-protocol-version': '2026-07-28', 'mcp-name': 'send_notification' },",
        "    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params }),",
        "  }));",
        "  return response.json();",
        "};",
        "const first = (await call({})).result;",
        "const inputResponses = { 'elicit-1': { action: 'accept', content: { confirm: true } } };",
        "const done = (await call({ inputResponses, requestState: first.requestState })).result;",
        "const tampered = await call({ inputResponses, requestState: first.requestState.slice(0, -2) + 'AA' });",
        "await server.close();",
        "console.log(JSON.stringify({ first: first.resultType, asked: first.inputRequests['elicit-1'].params.message, done: done.content[0].text, tampered: tampered.error }));",
      ].join("\n"),
    );
    // The server's log (stderr) has the one refusal, and nothing else.
    expect(
      r.stderr
        .trim()
        .split("\n")
        .map((line) => (JSON.parse(line) as { msg: string }).msg),
    ).toEqual(["refused a requestState"]);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { first: string; asked: string; done: string; tampered: { code: number; message: string } };
    expect(out).toMatchObject({ first: "input_required", asked: "Send hi?", done: "sent: hi", tampered: { code: -32602 } });
    expect(out.tampered.message).toContain("Invalid requestState: its signature does not match");
  });
});
