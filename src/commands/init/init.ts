/**
 * `mcp-gen init [dir]`: a new project that works at once — `npm install && npm start`
 * serves an example tool, `npm test` runs its spec examples through the server. The
 * files are `templates/init/`, plus a package.json written here. This is the command's
 * work; src/cli/init.ts parses its arguments and prints the outcome.
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

export interface InitOptions {
  /** The package name; default: from the folder's name. */
  name?: string;
  force?: boolean;
}

// From src/commands/init/ (vitest) and dist/commands/init/ (built package) alike, the package root is three levels up.
const PACKAGE_ROOT = new URL("../../../", import.meta.url);
const TEMPLATES = new URL("templates/init/", PACKAGE_ROOT);

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
 * Every file of a new project in `projectDir`, sorted by path. Pure but for reading the
 * package's own templates.
 */
export function scaffoldFiles(name: string, projectDir: string): ScaffoldFile[] {
  const pkg = JSON.parse(readFileSync(new URL("package.json", PACKAGE_ROOT), "utf8")) as {
    version: string;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const files: ScaffoldFile[] = templateFiles("").map((rel) => ({
    path: rel.split("/").map((part) => RENAMED[part] ?? part).join("/"),
    // {{folder}}: where the project is, which for a scoped name (`@acme/weather`) is not the name.
    contents: readFileSync(new URL(rel, TEMPLATES), "utf8").replaceAll("{{name}}", name).replaceAll("{{folder}}", path.basename(projectDir)),
  }));
  const packageJson = {
    name,
    version: "0.1.0",
    private: true,
    type: "module",
    scripts: {
      generate: "mcp-gen generate",
      build: "mcp-gen generate && tsc -p tsconfig.json",
      // On stdio, stdout is the protocol's: the build reports on stderr.
      start: "npm run --silent build 1>&2 && node build/server.js",
      test: "npm run --silent build && node --test build/test/examples.test.js",
    },
    // The generated validators import ajv's run-time helpers and ajv-formats themselves: the
    // project declares them (the ranges mcp-gen generates for), so that every package manager
    // and a mcp-gen linked from a checkout resolve them from the project.
    dependencies: {
      ajv: pkg.dependencies.ajv,
      "ajv-formats": pkg.dependencies["ajv-formats"],
      "mcp-gen": mcpGenDependency(fileURLToPath(PACKAGE_ROOT), pkg.version, projectDir),
    },
    devDependencies: { "@types/node": pkg.devDependencies["@types/node"], typescript: pkg.devDependencies.typescript },
  };
  files.push({ path: "package.json", contents: `${JSON.stringify(packageJson, null, 2)}\n` });
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function templateFiles(dir: string): string[] {
  return readdirSync(new URL(dir || ".", TEMPLATES), { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => (entry.isDirectory() ? templateFiles(`${dir}${entry.name}/`) : [`${dir}${entry.name}`]));
}

/** What `init` did, or why it did nothing. */
export type InitOutcome =
  | { status: "not-a-folder"; target: string }
  /** No package name could be made from the folder's name, and none was given. */
  | { status: "no-name"; folder: string }
  | { status: "invalid-name"; name: string }
  /** Files that exist (without `force`): nothing was written. */
  | { status: "would-overwrite"; target: string; existing: string[] }
  /** The files were written and `generate` ran in the new project (`generated.exitCode` says how it went). */
  | { status: "created"; target: string; name: string; files: ScaffoldFile[]; generated: GenerateResult };

export async function initProject(dir: string | undefined, options: InitOptions, cwd: string): Promise<InitOutcome> {
  const target = path.resolve(cwd, dir ?? ".");
  if (existsSync(target) && !statSync(target).isDirectory()) return { status: "not-a-folder", target };
  const name = options.name ?? packageNameFrom(path.basename(target));
  if (name === undefined) return { status: "no-name", folder: path.basename(target) };
  if (!isValidPackageName(name)) return { status: "invalid-name", name };
  const files = scaffoldFiles(name, target);
  const existing = files.filter((file) => existsSync(path.join(target, file.path))).map((file) => file.path);
  if (existing.length > 0 && !options.force) return { status: "would-overwrite", target, existing };
  for (const file of files) {
    const full = path.join(target, file.path);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, file.contents);
  }

  // So that generated/ and handlers/index.ts exist before the first install or build.
  const { generate } = await import("../../build/generate.js");
  return { status: "created", target, name, files, generated: await generate({ cwd: target }) };
}
