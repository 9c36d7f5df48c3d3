/** The registry emitter's files, with the stubs and handlers/index.ts, through tsc --strict. */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { emitHandlersInterface } from "../../../src/emit/handlers/handlers-interface.js";
import { emitRegistry } from "../../../src/emit/registry/registry.js";
import { emitHandlerStubs } from "../../../src/emit/handlers/stubs.js";
import type { ProjectModel, ToolModel } from "../../../src/spec/model.js";
import { createIssue, getWeather, projectModel } from "../../helpers/project-model.js";
import { renderedNow } from "../../helpers/rendered.js";

// --- The emitted files type-check together, as a user's project would ---------------

const root = path.resolve(import.meta.dirname, "../../..");
const workDir = path.join(root, ".tmp/emit-registry/compile");

/** `generated/tools/<file>.ts` as the types emitter's contract describes it. */
function toolModule(tool: ToolModel): string {
  const { inputType, outputType, definition, handlerType } = tool.ids;
  const hasOutput = tool.wire.outputSchema !== undefined;
  return [
    `import type { ToolDefinition, ToolHandler } from "mcp-gen/runtime";`,
    `export interface ${inputType} { [key: string]: unknown }`,
    hasOutput ? `export interface ${outputType} { [key: string]: unknown }` : "",
    `export const ${definition}: ToolDefinition = { name: ${JSON.stringify(tool.name)}, inputSchema: { type: "object" } };`,
    `export type ${handlerType} = ToolHandler<${inputType}${hasOutput ? `, ${outputType}` : ""}>;`,
    "",
  ].join("\n");
}

function validatorNames(model: ProjectModel): string[] {
  return model.tools.flatMap((tool) => [`validate${tool.ids.pascal}Input`, ...(tool.wire.outputSchema ? [`validate${tool.ids.pascal}Output`] : [])]);
}

function writeProject(dir: string, model: ProjectModel, existingHandlers: Map<string, string> = new Map()): void {
  const write = (file: string, contents: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), contents);
  };
  for (const file of renderedNow([...emitRegistry(model), ...emitHandlersInterface(model)])) write(`generated/${file.path}`, file.contents);
  for (const tool of model.tools) write(`generated/tools/${tool.ids.file}.ts`, toolModule(tool));
  write(
    "generated/validators.js",
    validatorNames(model)
      .map((name) => `export const ${name} = () => true;\n`)
      .join(""),
  );
  write(
    "generated/validators.d.ts",
    `import type { CompiledValidator } from "mcp-gen/runtime";\n` +
      validatorNames(model)
        .map((name) => `export declare const ${name}: CompiledValidator;\n`)
        .join(""),
  );
  for (const [file, contents] of existingHandlers) write(`handlers/${file}`, contents);
  const stubs = emitHandlerStubs(model, { files: existingHandlers }, { generatedFromHandlers: "../generated", handlersDir: "handlers" });
  expect(stubs.diagnostics).toEqual([]);
  for (const file of stubs.files) write(`handlers/${file.path}`, file.contents);
}

test("registry.ts, handlers.ts, stubs and handlers/index.ts pass tsc --strict", () => {
  rmSync(workDir, { recursive: true, force: true });
  const two = projectModel([getWeather, createIssue]);
  writeProject(path.join(workDir, "two"), two);
  writeProject(path.join(workDir, "none"), projectModel([]));
  // An index.ts written for one tool, then updated for the second.
  const firstOnly = emitHandlerStubs(projectModel([getWeather]), { files: new Map() }, { generatedFromHandlers: "../generated", handlersDir: "handlers" });
  const existing = new Map(firstOnly.files.map((file) => [file.path, file.contents]));
  writeProject(path.join(workDir, "updated"), two, existing);

  writeFileSync(
    path.join(workDir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ["node"],
        // The runtime's source, so that the check needs no `npm run build` first.
        paths: { "mcp-gen/runtime": [path.join(root, "src/runtime/index.ts")] },
      },
      include: ["*/generated/**/*.ts", "*/handlers/**/*.ts"],
    }),
  );
  const tsc = path.join(root, "node_modules/typescript/bin/tsc");
  let output = "";
  let status = 0;
  try {
    output = execFileSync(process.execPath, [tsc, "-p", workDir, "--noEmit", "--strict"], { encoding: "utf8" });
  } catch (error) {
    const failure = error as { status: number; stdout: string };
    status = failure.status;
    output = failure.stdout;
  }
  expect(output).toBe("");
  expect(status).toBe(0);
});
