/**
 * Turning on the config's `namespace` renames every tool (`hello` -> `acme_hello`). mcp-gen does
 * not know the namespace the handlers were written under, so it moves nothing on that guess; the
 * orphan warnings (MG050) say how to move the handlers, and the README's two-run recipe works.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../../src/build/generate.js";
import { removeProject, tempProject, typeCheck, writeFiles } from "../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

describe("adopting a namespace, end to end (the README's recipe)", () => {
  it("the handlers follow in two runs, authored code intact, and the project type-checks", async () => {
    const spec = (name: string, more = "") => `name: ${name}\n${more}description: The ${name} tool.\ninputSchema:\n  type: object\n`;
    const dir = tempProject("namespace-adopt", {
      "package.json": JSON.stringify({ name: "namespace-adopt", version: "1.0.0", type: "module" }),
      "specs/hello.yaml": spec("hello"),
      "specs/ping.yaml": spec("ping"),
    });
    dirs.push(dir);
    expect((await generate({ cwd: dir })).exitCode).toBe(0);
    const hello = path.join(dir, "handlers/hello.ts");
    writeFileSync(hello, readFileSync(hello, "utf8").replace(/throw new ToolError\([^)]*\);/, 'return "AUTHORED";'));

    // 1. Without the namespace: the full new names, renamedFrom the old ones.
    writeFiles(dir, { "specs/hello.yaml": spec("acme_hello", "renamedFrom: hello\n"), "specs/ping.yaml": spec("acme_ping", "renamedFrom: ping\n") });
    const first = await generate({ cwd: dir });
    expect(first.exitCode).toBe(0);
    expect(first.diagnostics.filter((d) => /^MG(05|16)/.test(d.code)).map((d) => d.code)).toEqual(["MG160", "MG160"]);

    // 2. The namespace in the config, the names as before.
    writeFiles(dir, { "mcp-gen.config.yaml": "namespace: acme\n", "specs/hello.yaml": spec("hello"), "specs/ping.yaml": spec("ping") });
    const second = await generate({ cwd: dir });
    expect(second.exitCode).toBe(0);
    expect(second.diagnostics.filter((d) => /^MG(05|16)/.test(d.code))).toEqual([]);
    expect(second.written?.filter((file) => file.includes("handlers/"))).toEqual([]);
    expect(readFileSync(path.join(dir, "handlers/acme_hello.ts"), "utf8")).toContain(
      'export const acmeHello: AcmeHelloHandler = async (input, context) => {\n  return "AUTHORED";',
    );
    const check = typeCheck(dir, ["generated/**/*.ts", "handlers/**/*.ts"]);
    expect(check.output).toBe("");
    expect(check.status).toBe(0);
  });
});
