/** `mcp-gen init`: what it writes, names, refuses and prints (in process; the slow end-to-end test is init.test.ts). */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../../../src/cli/main.js";
import { mcpGenDependency, packageNameFrom, scaffoldFiles } from "../../../../src/commands/init/init.js";
import { REPO_ROOT, removeProject, snapshotTree, tempDir } from "../../../helpers/project.js";

const made: string[] = [];
afterAll(() => made.forEach(removeProject));

function scratch(): string {
  const dir = tempDir("init");
  made.push(dir);
  return dir;
}

async function run(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await main(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) }, cwd);
  return { code, stdout, stderr };
}

const SCAFFOLD = [
  ".gitignore",
  "README.md",
  "handlers/hello.ts",
  "mcp-gen.config.yaml",
  "package.json",
  "server.ts",
  "specs/hello.yaml",
  "state.ts",
  "test/examples.test.ts",
  "tsconfig.json",
];

describe("mcp-gen init", () => {
  it("scaffolds the project, generates it, and prints the next steps", async () => {
    const cwd = scratch();
    const result = await run(["init", "My Server!"], cwd);
    expect(result).toEqual({
      code: 0,
      stderr: "",
      stdout: expect.stringMatching(
        /^Created my-server in My Server! \(\d+ files\)\.\n\nNext steps:\n {2}cd "My Server!"\n {2}npm install\n {2}npm start .*\n {2}npm test .*\n/,
      ),
    });
    const files = [...snapshotTree(path.join(cwd, "My Server!")).keys()];
    expect(files.filter((f) => !f.startsWith("generated/"))).toEqual([...SCAFFOLD.slice(0, 2), "handlers/hello.ts", "handlers/index.ts", ...SCAFFOLD.slice(3)]);
    expect(files).toContain("generated/examples.ts");
    expect(files).toContain("generated/server.ts");
    const pkg = JSON.parse(readFileSync(path.join(cwd, "My Server!", "package.json"), "utf8"));
    const own = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));
    // Run from this checkout (not an installed package): the project depends on the checkout by its path.
    expect(pkg).toMatchObject({ name: "my-server", type: "module" });
    expect(pkg.dependencies).toEqual({
      ajv: own.dependencies.ajv,
      "ajv-formats": own.dependencies["ajv-formats"],
      "mcp-gen": `file:${path.relative(path.join(cwd, "My Server!"), REPO_ROOT).split(path.sep).join("/")}`,
    });
    expect(Object.keys(pkg.devDependencies).sort()).toEqual(["@types/node", "typescript"]);
    // The spec's examples reach generated/examples.ts with their locations.
    expect(readFileSync(path.join(cwd, "My Server!", "generated/examples.ts"), "utf8")).toContain('location: "specs/hello.yaml:43:5"');
  });

  it("refuses to overwrite existing files, lists them and writes nothing", async () => {
    const dir = scratch();
    writeFileSync(path.join(dir, "README.md"), "mine\n");
    mkdirSync(path.join(dir, "specs"));
    writeFileSync(path.join(dir, "specs/hello.yaml"), "mine\n");
    const result = await run(["init"], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "mcp-gen: init would overwrite 2 existing files in .:\n  README.md\n  specs/hello.yaml\nNothing was written. Use --force to overwrite them, or choose another folder.\n",
    );
    expect([...snapshotTree(dir).keys()]).toEqual(["README.md", "specs/hello.yaml"]);
    expect(readFileSync(path.join(dir, "README.md"), "utf8")).toBe("mine\n");
  });

  it("--force overwrites; with no dir it scaffolds the working directory, named after it", async () => {
    const dir = scratch();
    writeFileSync(path.join(dir, "README.md"), "mine\n");
    const result = await run(["init", "--force", "--name", "@acme/tools"], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain("  cd ");
    const readme = readFileSync(path.join(dir, "README.md"), "utf8");
    expect(readme).toMatch(/^# @acme\/tools\n/);
    // The client's path is the project's folder, not the scoped package name.
    expect(readme).toContain(`"args": ["/absolute/path/to/${path.basename(dir)}/build/server.js"]`);
    expect(JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).name).toBe("@acme/tools");
  });

  it("an invalid --name is a usage error and writes nothing", async () => {
    const dir = scratch();
    const result = await run(["init", "x", "--name", "Not Valid"], dir);
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr: "mcp-gen: 'Not Valid' is not a valid npm package name (lower case letters, digits, - . _ ~, optionally @scope/)\n",
    });
    expect(existsSync(path.join(dir, "x"))).toBe(false);
  });

  it("a target that is a file is a usage error and leaves the file alone", async () => {
    const dir = scratch();
    writeFileSync(path.join(dir, "notes"), "mine\n");
    const result = await run(["init", "notes"], dir);
    expect(result).toEqual({ code: 2, stdout: "", stderr: "mcp-gen: notes exists and is not a folder; choose another folder for the project\n" });
    expect(readFileSync(path.join(dir, "notes"), "utf8")).toBe("mine\n");
  });

  it.each([
    ["my-server", "my-server"],
    ["My Server!", "my-server"],
    ["_private", "private"],
    ["tools.v2", "tools.v2"],
    ["!!!", undefined],
  ])("package name from folder %j → %j", (folder, name) => {
    expect(packageNameFrom(folder)).toBe(name);
  });

  it("--bare: no example tool, a state without fields, and a project that generates", async () => {
    const cwd = scratch();
    const result = await run(["init", "bare", "--bare"], cwd);
    expect(result.code).toBe(0);
    const files = [...snapshotTree(path.join(cwd, "bare")).keys()].filter((f) => !f.startsWith("generated/"));
    expect(files).toEqual(
      SCAFFOLD.filter((f) => f !== "handlers/hello.ts" && f !== "specs/hello.yaml")
        .concat("handlers/index.ts")
        .sort(),
    );
    expect(readFileSync(path.join(cwd, "bare", "state.ts"), "utf8")).toContain("return {};");
    expect(readFileSync(path.join(cwd, "bare", "handlers/index.ts"), "utf8")).toContain("export const handlers = {} satisfies ToolHandlers;");
    expect(scaffoldFiles("a", path.join(REPO_ROOT, ".tmp", "a"), "workers", true).map((f) => f.path)).not.toContain("handlers/hello.ts");
  });

  it("the scaffold is deterministic and sorted", () => {
    const dir = path.join(REPO_ROOT, ".tmp", "a");
    expect(scaffoldFiles("a", dir).map((f) => f.path)).toEqual(SCAFFOLD);
    expect(scaffoldFiles("a", dir)).toEqual(scaffoldFiles("a", dir));
  });

  it.each([
    ["an installed package: its version's range", "/home/me/app/node_modules/mcp-gen", "/home/me/new", "^1.2.3"],
    ["installed under a pnpm store", "/home/me/app/node_modules/.pnpm/mcp-gen@1.2.3/node_modules/mcp-gen", "/home/me/new", "^1.2.3"],
    ["installed, on Windows", "C:\\app\\node_modules\\mcp-gen", "C:\\new", "^1.2.3"],
    ["a checkout: the folder, by its path from the project", "/home/me/src/mcp-gen", "/home/me/projects/new", "file:../../src/mcp-gen"],
    ["a checkout that is the project's own folder", "/home/me/src/mcp-gen", "/home/me/src/mcp-gen", "file:."],
  ])("the new project depends on mcp-gen: %s", (_, packageRoot, projectDir, expected) => {
    expect(mcpGenDependency(packageRoot, "1.2.3", projectDir)).toBe(expected);
  });
});
