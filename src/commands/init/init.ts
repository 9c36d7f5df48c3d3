/**
 * `mcp-gen init [dir]`: a new project that works at once — `npm install && npm start`
 * serves an example tool, `npm test` runs its spec examples through the server. The
 * files are `templates/init/`, plus a package.json written here. `--template workers`
 * makes a Cloudflare Worker project instead: `templates/init-workers/` laid over
 * `templates/init/` (its files win; the Node entry `server.ts` is left out). This is the
 * command's work; src/cli/init.ts parses its arguments and prints the outcome.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { GenerateResult } from "../../build/generate.js";
import { toPosix } from "../../util/posix.js";

export interface ScaffoldFile {
  /** Relative to the new project, `/` separators. */
  path: string;
  contents: string;
}

/** What a new project is for: a Node process (stdio or HTTP), or a Cloudflare Worker. */
export type InitTemplate = "node" | "workers";
export const INIT_TEMPLATES: readonly InitTemplate[] = ["node", "workers"];

export interface InitOptions {
  /** The package name; default: from the folder's name. */
  name?: string;
  force?: boolean;
  /** Default "node". */
  template?: string;
  /** Without the example tool (`hello`): an empty specs/ folder, a state with no fields. */
  bare?: boolean;
}

// From src/commands/init/ (vitest) and dist/commands/init/ (built package) alike, the package root is three levels up.
const PACKAGE_ROOT = new URL("../../../", import.meta.url);
const TEMPLATES = new URL("templates/init/", PACKAGE_ROOT);
const WORKERS_TEMPLATE = new URL("templates/init-workers/", PACKAGE_ROOT);
/** `--bare`: laid over the others (a state with no fields), without the example tool. */
const BARE_TEMPLATE = new URL("templates/init-bare/", PACKAGE_ROOT);
/** The example tool: its spec and handler, which `--bare` leaves out. */
const EXAMPLE_TOOL = new Set(["specs/hello.yaml", "handlers/hello.ts"]);
/** The Node entry point has no place in a Worker, whose entry is `worker.ts`. */
const NODE_ONLY = new Set(["server.ts"]);

/** npm drops `.gitignore` from published packages, so the template is stored without its dot. */
const RENAMED: Record<string, string> = { gitignore: ".gitignore" };

const NPM_NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

/** A valid npm package name from a folder name (`My Server!` → `my-server`), or undefined. */
export function packageNameFrom(folder: string): string | undefined {
  const name = folder
    .toLowerCase()
    .replace(/[^a-z0-9-._~]+/g, "-")
    .replace(/^[-._]+|-+$/g, "")
    .slice(0, 214);
  return NPM_NAME.test(name) ? name : undefined;
}

export function isValidPackageName(name: string): boolean {
  return name.length <= 214 && NPM_NAME.test(name);
}

/**
 * How a new project in `projectDir` depends on the mcp-gen at `packageRoot`: the range of
 * its version when it is an installed package (a folder under `node_modules`); otherwise it
 * is a checkout of the repository, which the registry does not have, and the project
 * depends on that folder by its path from the project.
 */
export function mcpGenDependency(packageRoot: string, version: string, projectDir: string): string {
  if (packageRoot.split(/[\\/]/).includes("node_modules")) return `^${version}`;
  return `file:${toPosix(path.relative(projectDir, packageRoot)) || "."}`;
}

/**
 * The name Cloudflare accepts for a Worker (lower case letters, digits and dashes), from
 * the package name: `@acme/weather.v2` → `weather-v2`.
 */
export function workerNameFrom(packageName: string): string {
  const base = packageName.replace(/^@[^/]*\//, "");
  return (
    base
      .replace(/[^a-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 63) || "mcp-server"
  );
}

/**
 * How `npm run build` bundles a Worker: esbuild (a dependency of the ecosystem that
 * Wrangler itself bundles with) into ONE ES module script, resolving packages through the
 * export conditions Workers tooling uses, so the SDK picks its Workers build.
 */
export const WORKER_BUNDLE_COMMAND =
  "esbuild worker.ts --bundle --format=esm --platform=neutral --target=es2022 --conditions=workerd,worker,browser --main-fields=module,main --outfile=dist/worker.js";

/**
 * Every file of a new project in `projectDir`, sorted by path. Pure but for reading the
 * package's own templates.
 */
export function scaffoldFiles(name: string, projectDir: string, template: InitTemplate = "node", bare = false): ScaffoldFile[] {
  const pkg = JSON.parse(readFileSync(new URL("package.json", PACKAGE_ROOT), "utf8")) as {
    version: string;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const sources = new Map<string, URL>();
  for (const rel of templateFiles(TEMPLATES, "")) if (template === "node" || !NODE_ONLY.has(rel)) sources.set(rel, new URL(rel, TEMPLATES));
  if (template === "workers") for (const rel of templateFiles(WORKERS_TEMPLATE, "")) sources.set(rel, new URL(rel, WORKERS_TEMPLATE));
  if (bare) {
    for (const rel of EXAMPLE_TOOL) sources.delete(rel);
    for (const rel of templateFiles(BARE_TEMPLATE, "")) sources.set(rel, new URL(rel, BARE_TEMPLATE));
  }
  const files: ScaffoldFile[] = [...sources].map(([rel, source]) => ({
    path: rel
      .split("/")
      .map((part) => RENAMED[part] ?? part)
      .join("/"),
    // {{folder}}: where the project is, which for a scoped name (`@acme/weather`) is not the name.
    contents: readFileSync(source, "utf8")
      .replaceAll("{{name}}", name)
      .replaceAll("{{folder}}", path.basename(projectDir))
      .replaceAll("{{workerName}}", workerNameFrom(name)),
  }));
  const scripts =
    template === "workers"
      ? {
          generate: "mcp-gen generate",
          // tsc type-checks and builds the examples test; esbuild writes the Worker.
          build: `mcp-gen generate && tsc -p tsconfig.json && ${WORKER_BUNDLE_COMMAND}`,
          dev: "npm run --silent build && node dev.mjs",
          test: "npm run --silent build && node --test build/test/examples.test.js",
        }
      : {
          generate: "mcp-gen generate",
          build: "mcp-gen generate && tsc -p tsconfig.json",
          // On stdio, stdout is the protocol's: the build reports on stderr.
          start: "npm run --silent build 1>&2 && node build/server.js",
          test: "npm run --silent build && node --test build/test/examples.test.js",
        };
  const devDependencies: Record<string, string> = { "@types/node": pkg.devDependencies["@types/node"], typescript: pkg.devDependencies.typescript };
  if (template === "workers") {
    devDependencies.esbuild = pkg.devDependencies.esbuild;
    devDependencies.miniflare = pkg.devDependencies.miniflare;
  }
  const packageJson = {
    name,
    version: "0.1.0",
    private: true,
    type: "module",
    scripts,
    // The generated validators import ajv's run-time helpers and ajv-formats themselves: the
    // project declares them (the ranges mcp-gen generates for), so that every package manager
    // and a mcp-gen linked from a checkout resolve them from the project.
    dependencies: {
      ajv: pkg.dependencies.ajv,
      "ajv-formats": pkg.dependencies["ajv-formats"],
      "mcp-gen": mcpGenDependency(fileURLToPath(PACKAGE_ROOT), pkg.version, projectDir),
    },
    devDependencies: Object.fromEntries(Object.entries(devDependencies).sort(([a], [b]) => (a < b ? -1 : 1))),
    // Their postinstalls put the platform's binaries in place, which npm may otherwise skip.
    ...(template === "workers" ? { allowScripts: { esbuild: true, workerd: true } } : {}),
  };
  files.push({ path: "package.json", contents: `${JSON.stringify(packageJson, null, 2)}\n` });
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function templateFiles(root: URL, dir: string): string[] {
  return readdirSync(new URL(dir || ".", root), { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => (entry.isDirectory() ? templateFiles(root, `${dir}${entry.name}/`) : [`${dir}${entry.name}`]));
}

/** What `init` did, or why it did nothing. */
export type InitOutcome =
  | { status: "not-a-folder"; target: string }
  /** No package name could be made from the folder's name, and none was given. */
  | { status: "no-name"; folder: string }
  | { status: "invalid-name"; name: string }
  | { status: "unknown-template"; template: string }
  /** Files that exist (without `force`): nothing was written. */
  | { status: "would-overwrite"; target: string; existing: string[] }
  /** The files were written and `generate` ran in the new project (`generated.exitCode` says how it went). */
  | { status: "created"; target: string; name: string; template: InitTemplate; files: ScaffoldFile[]; generated: GenerateResult };

export async function initProject(dir: string | undefined, options: InitOptions, cwd: string): Promise<InitOutcome> {
  const target = path.resolve(cwd, dir ?? ".");
  if (existsSync(target) && !statSync(target).isDirectory()) return { status: "not-a-folder", target };
  const name = options.name ?? packageNameFrom(path.basename(target));
  if (name === undefined) return { status: "no-name", folder: path.basename(target) };
  if (!isValidPackageName(name)) return { status: "invalid-name", name };
  const template = options.template ?? "node";
  if (!(INIT_TEMPLATES as readonly string[]).includes(template)) return { status: "unknown-template", template };
  const files = scaffoldFiles(name, target, template as InitTemplate, options.bare === true);
  const existing = files.filter((file) => existsSync(path.join(target, file.path))).map((file) => file.path);
  if (existing.length > 0 && !options.force) return { status: "would-overwrite", target, existing };
  for (const file of files) {
    const full = path.join(target, file.path);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, file.contents);
  }
  // Where the tools go; a bare project starts with none.
  mkdirSync(path.join(target, "specs"), { recursive: true });

  // The example handler is mcp-gen's writing as a stub is: recorded in the manifest, so that
  // deleting its spec takes it back while nobody has edited it (generate carries the record on).
  const { MANIFEST_FILE, parseManifest, parseManifestHandlers, renderManifest } = await import("../../write/manifest.js");
  const { textHash } = await import("../../util/text-hash.js");
  const handlersWritten = files.filter((file) => /^handlers\/[^/]+\.ts$/.test(file.path));
  if (handlersWritten.length > 0) {
    const manifestPath = path.join(target, "generated", MANIFEST_FILE);
    const previous = existsSync(manifestPath) ? readFileSync(manifestPath, "utf8") : "";
    const record = parseManifestHandlers(previous);
    for (const file of handlersWritten) record.set(file.path.slice("handlers/".length), textHash(file.contents));
    mkdirSync(path.dirname(manifestPath), { recursive: true });
    writeFileSync(manifestPath, renderManifest(parseManifest(previous), record));
  }

  // So that generated/ and handlers/index.ts exist before the first install or build.
  const { generate } = await import("../../build/generate.js");
  return { status: "created", target, name, template: template as InitTemplate, files, generated: await generate({ cwd: target }) };
}
