/**
 * Compiling schemas on a worker thread (src/spec/compile-ahead.ts) changes nothing a run
 * produces: the built CLI on a project of 120 specs writes the same files and says the
 * same things with the worker as without it (MCP_GEN_COMPILE_WORKER=0), for a project
 * that builds and for one with schemas and examples that fail. The worker itself is run
 * from the build (dist/), where its module is.
 */
import { spawnSync } from "node:child_process";
import { cpSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, REPO_ROOT, snapshotTree, tempProject, writeFiles } from "../../helpers/project.js";

const dist = (module: string) => path.join(REPO_ROOT, "dist", module);

/** 120 specs: both dialects, output schemas, examples, `$defs`, a `$ref`ed file, and (with `broken`) problems. */
function specs(broken: boolean): Record<string, string> {
  // A file several tools \`$ref\` (its unknown keyword is reported once, where it is written).
  const files: Record<string, string> = { "schemas/common.yaml": "$defs:\n  note: { type: string, description: A note., sometimes: true }\n" };
  for (let index = 0; index < 120; index++) {
    const dialect = index % 3 === 0 ? '  $schema: "http://json-schema.org/draft-07/schema#"\n' : "";
    const output = index % 4 === 0 ? "outputSchema:\n  type: object\n  properties:\n    total: { type: integer }\n  required: [total]\n" : "";
    // Every tenth tool has examples (checked against the compiled schemas); broken, one input and one output fail.
    const output0 = index % 20 === 0 ? `\n    output: { total: ${broken ? '"three"' : 3} }` : "";
    const examples =
      index % 10 === 0 ? `examples:\n  - input: { count: 2, label: a }${output0}\n  - input: { count: -1 }${broken ? "" : "\n    error: true"}\n` : "";
    files[`specs/tool_${index}.yaml`] = [
      `name: tool_${index}`,
      `description: Tool number ${index}.`,
      "inputSchema:",
      "  type: object",
      dialect.trimEnd(),
      "  properties:",
      `    count: { type: integer, minimum: ${broken && index === 7 ? '"zero"' : 0} }`,
      `    label: { type: string, maxLength: ${index + 1} }`,
      index % 7 === 0 ? "    note: { $ref: '../schemas/common.yaml#/$defs/note' }" : "",
      index % 5 === 0 ? "    kind: { $ref: '#/$defs/kind' }\n  $defs:\n    kind: { enum: [a, b] }" : "",
      "  required: [count]",
      output.trimEnd(),
      examples.trimEnd(),
      "",
    ]
      .filter((line, i, all) => line !== "" || i === all.length - 1)
      .join("\n");
  }
  return files;
}

function generate(dir: string, worker: boolean) {
  const env = { ...process.env, MCP_GEN_NO_CACHE: "1", MCP_GEN_COMPILE_WORKER: worker ? "1" : "0" };
  const run = spawnSync(process.execPath, [CLI, "generate", "--no-cache"], { cwd: dir, encoding: "utf8", env });
  // The summary line says how long the run took.
  return { status: run.status, stdout: run.stdout.replace(/ in \d+ ms/g, " in N ms"), stderr: run.stderr };
}

describe("compiling schemas on a worker thread", () => {
  it.each([
    ["a project that builds", false],
    ["a project whose schemas and examples fail", true],
  ])(
    "%s: the same output and the same diagnostics as without it",
    (_name, broken) => {
      const withWorker = tempProject("compile-ahead", { "package.json": JSON.stringify({ name: "ahead", version: "1.0.0" }) });
      writeFiles(withWorker, specs(broken));
      const without = tempProject("compile-ahead-off");
      cpSync(withWorker, without, { recursive: true, filter: (source) => !source.includes("node_modules") });

      const a = generate(withWorker, true);
      const b = generate(without, false);
      expect(a.status).toBe(broken ? 1 : 0);
      expect(a.stderr).toBe(b.stderr);
      expect(a.stdout).toBe(b.stdout);
      if (broken) {
        expect(a.stderr).toContain("MG022");
        expect(a.stderr).toContain("MG040");
        expect(a.stderr).toContain("MG041");
      }
      expect(snapshotTree(withWorker)).toEqual(snapshotTree(without));
    },
    60_000,
  );

  it("answers from the worker: chunks for the schemas that compile, problems for one that does not", async () => {
    const ahead = (await import(dist("spec/compile-ahead.js"))) as typeof import("../../../src/spec/compile-ahead.js");
    const { CompiledSchemas } = (await import(dist("spec/compiled-schemas.js"))) as typeof import("../../../src/spec/compiled-schemas.js");
    const schemas = new CompiledSchemas();
    const chunks = schemas.chunks;
    expect(ahead.compileAhead(99, schemas)).toBeUndefined();
    const worker = ahead.compileAhead(100, schemas)!;
    expect(worker).toBeDefined();
    const good = { type: "object", properties: { n: { type: "integer", minimum: 1 } }, required: ["n"] };
    const old = { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { s: { type: "string" } } };
    const bad = { type: "object", properties: { n: { type: "integer", minimum: "one" } } };
    for (const schema of [good, old, bad, { ...good }]) worker.submit(schema);
    worker.settle();
    expect(chunks.get(chunks.keyOf("2020-12", good))).toContain("return validate");
    expect(chunks.get(chunks.keyOf("draft-07", old))).toContain("return validate");
    expect(chunks.has(chunks.keyOf("2020-12", bad))).toBe(false);
    // What the worker found is what the session's compile answers; the valid one validates from its chunk.
    expect(schemas.compile(bad, "2020-12").problems.map((p) => p.message)).toEqual(["`/properties/n/minimum` must be number"]);
    const validate = schemas.compile(good, "2020-12").validate!;
    expect(validate({ n: 2 })).toBe(true);
    expect(validate({ n: 0 })).toBe(false);
  });

  it("is off with MCP_GEN_COMPILE_WORKER=0", async () => {
    const ahead = (await import(dist("spec/compile-ahead.js"))) as typeof import("../../../src/spec/compile-ahead.js");
    const { CompiledSchemas } = (await import(dist("spec/compiled-schemas.js"))) as typeof import("../../../src/spec/compiled-schemas.js");
    const before = process.env.MCP_GEN_COMPILE_WORKER;
    process.env.MCP_GEN_COMPILE_WORKER = "0";
    try {
      expect(ahead.compileAhead(1000, new CompiledSchemas())).toBeUndefined();
    } finally {
      if (before === undefined) delete process.env.MCP_GEN_COMPILE_WORKER;
      else process.env.MCP_GEN_COMPILE_WORKER = before;
    }
  });
});
