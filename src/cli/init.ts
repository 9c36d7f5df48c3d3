/** `mcp-gen init [dir]`: argument handling and output; the work is in ../commands/init/init.ts. */
import path from "node:path";
import type { Command } from "commander";
import type { InitOptions } from "../commands/init/init.js";
import { toPosix } from "../util/posix.js";
import type { CliContext } from "./context.js";
import { counted } from "../util/counted.js";
import { reportDiagnostics } from "./report.js";

export async function runInit(dir: string | undefined, options: InitOptions, { io, cwd }: Pick<CliContext, "io" | "cwd">): Promise<number> {
  // The command's core loads when it runs: every other command starts without it.
  const { INIT_TEMPLATES, initProject } = await import("../commands/init/init.js");
  const outcome = await initProject(dir, options, cwd);
  switch (outcome.status) {
    case "not-a-folder":
      io.stderr(`mcp-gen: ${display(cwd, outcome.target)} exists and is not a folder; choose another folder for the project\n`);
      return 2;
    case "no-name":
      io.stderr(`mcp-gen: cannot make a package name from the folder name '${outcome.folder}'; give one with --name\n`);
      return 2;
    case "invalid-name":
      io.stderr(`mcp-gen: '${outcome.name}' is not a valid npm package name (lower case letters, digits, - . _ ~, optionally @scope/)\n`);
      return 2;
    case "unknown-template":
      io.stderr(`mcp-gen: unknown template '${outcome.template}'; choose ${INIT_TEMPLATES.join(" or ")}\n`);
      return 2;
    case "would-overwrite":
      io.stderr(`mcp-gen: init would overwrite ${counted(outcome.existing.length, "existing file")} in ${display(cwd, outcome.target)}:\n`);
      for (const file of outcome.existing) io.stderr(`  ${file}\n`);
      io.stderr("Nothing was written. Use --force to overwrite them, or choose another folder.\n");
      return 1;
  }
  const { generated: result, files, name, target, template } = outcome;
  reportDiagnostics(io, result.diagnostics, result.sources, "text");
  if (result.exitCode !== 0) {
    io.stderr("mcp-gen: the project was created, but `mcp-gen generate` failed in it (see above).\n");
    return 1;
  }
  const created = [...files.map((f) => f.path), ...result.written].sort();
  const where = display(cwd, target);
  io.stdout(`Created ${name} in ${where} (${created.length} files).\n\nNext steps:\n`);
  if (where !== ".") io.stdout(`  cd ${where.includes(" ") ? JSON.stringify(where) : where}\n`);
  io.stdout(
    [
      "  npm install",
      template === "workers"
        ? "  npm run dev        # build dist/worker.js and serve it locally in workerd"
        : "  npm start          # build and serve the `hello` tool over stdio",
      "  npm test           # run the examples in specs/hello.yaml through the server",
      "",
      "Then add tools in specs/ and run `npm run generate`; each new tool gets a handler stub in handlers/.",
      "",
    ].join("\n"),
  );
  return 0;
}

function display(cwd: string, target: string): string {
  const rel = toPosix(path.relative(cwd, target));
  return rel === "" ? "." : rel.startsWith("..") || path.isAbsolute(rel) ? toPosix(target) : rel;
}

export function registerInit(program: Command, { io, cwd, setExit }: CliContext): void {
  program
    .command("init [dir]")
    .summary("create a new project that serves an example tool")
    .description(
      "Create a new mcp-gen project in dir (default: the working directory): config, an example spec " +
        "with its handler, a server entry, tsconfig, package.json scripts (generate, build, start, test; " +
        "a Worker: generate, build, dev, test) and a test that runs the spec examples. Then runs `generate` in it.",
    )
    .option("--name <name>", "the package name (default: from the folder's name)")
    .option("--template <template>", "node: a Node server (stdio or HTTP); workers: a Cloudflare Worker bundled to dist/worker.js", "node")
    .option("--force", "overwrite files that already exist")
    .addHelpText("after", "\nExit codes: 0 created, 1 files exist (without --force) or generate failed, 2 usage.")
    .action(async (dir: string | undefined, options: InitOptions) => {
      setExit(await runInit(dir, options, { io, cwd }));
    });
}
