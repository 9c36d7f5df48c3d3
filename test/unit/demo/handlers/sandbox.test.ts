import { existsSync, readdirSync, realpathSync } from "node:fs";
import path from "node:path";
import { ToolError } from "mcp-gen/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configuredFilesRoot, openFilesRoot } from "../../../../handlers/lib/files-root.js";
import { isInside, resolveInRoot } from "../../../../handlers/lib/sandbox.js";
import { removeProject, tempDir } from "../../../helpers/project.js";
import { layout } from "./temp-folders.js";

let base: string;
let root: string;

beforeAll(() => {
  base = tempDir("sandbox");
  layout(base, {
    "outside/secret.txt": "secret",
    "root/docs/a.pdf": "a",
    "root/docs/b.txt": "b",
    "root/inside-dir-link": { link: "docs" },
    "root/inside-file-link": { link: "docs/b.txt" },
    "root/inside-absolute-link": { link: path.join(base, "root", "docs", "a.pdf") },
    "root/out-dir-link": { link: "../outside" },
    "root/out-file-link": { link: "../outside/secret.txt" },
    "root/out-absolute-link": { link: "/etc" },
    "root/docs/deep-out-link": { link: "../../outside" },
    "root/dangling": { link: "../nowhere" },
    "root/loop-a": { link: "loop-b" },
    "root/loop-b": { link: "loop-a" },
  });
  // The root is itself reached through a link, as a configured root may be.
  layout(base, { "root-link": { link: "root" } });
  root = realpathSync(path.join(base, "root"));
});
afterAll(() => removeProject(base));

describe("resolveInRoot accepts paths inside the root", () => {
  it.each([
    { requested: "docs/a.pdf", relative: "docs/a.pdf", real: "docs/a.pdf" },
    { requested: "", relative: ".", real: "" },
    { requested: ".", relative: ".", real: "" },
    { requested: "./docs/", relative: "docs", real: "docs" },
    { requested: "docs/../docs/b.txt", relative: "docs/b.txt", real: "docs/b.txt" },
    { requested: "docs//b.txt", relative: "docs/b.txt", real: "docs/b.txt" },
    { requested: "new/folder/file.txt", relative: "new/folder/file.txt", real: "new/folder/file.txt" },
    { requested: "..foo", relative: "..foo", real: "..foo" },
    { requested: "inside-dir-link/a.pdf", relative: "inside-dir-link/a.pdf", real: "docs/a.pdf" },
    { requested: "inside-dir-link/not-yet.txt", relative: "inside-dir-link/not-yet.txt", real: "docs/not-yet.txt" },
    { requested: "inside-file-link", relative: "inside-file-link", real: "docs/b.txt" },
    { requested: "inside-absolute-link", relative: "inside-absolute-link", real: "docs/a.pdf" },
    { requested: "docs/b.txt/below-a-file", relative: "docs/b.txt/below-a-file", real: "docs/b.txt/below-a-file" },
  ])("$requested", async ({ requested, relative, real }) => {
    expect(await resolveInRoot(root, requested)).toEqual({ relative, absolute: path.join(root, real) });
  });
});

describe("resolveInRoot refuses", () => {
  it.each([
    { requested: "/etc/passwd", message: 'path "/etc/passwd" is absolute; give a path relative to the root folder' },
    { requested: "/", message: 'path "/" is absolute; give a path relative to the root folder' },
    { requested: "C:\\Windows", message: 'path "C:\\\\Windows" is absolute; give a path relative to the root folder' },
    { requested: "\\\\server\\share", message: 'path "\\\\\\\\server\\\\share" is absolute; give a path relative to the root folder' },
    { requested: "..", message: 'path ".." is outside the root folder' },
    { requested: "../outside/secret.txt", message: 'path "../outside/secret.txt" is outside the root folder' },
    { requested: "a/../../x", message: 'path "a/../../x" is outside the root folder' },
    { requested: "docs/../../root/docs/a.pdf", message: 'path "docs/../../root/docs/a.pdf" is outside the root folder' },
    { requested: "docs/../../root", message: 'path "docs/../../root" is outside the root folder' },
    { requested: "docs/./../..", message: 'path "docs/./../.." is outside the root folder' },
    { requested: "a\0b", message: "path must not contain NUL characters" },
    { requested: "docs/a.pdf\0.txt", message: "path must not contain NUL characters" },
    { requested: "out-dir-link", message: 'path "out-dir-link" leads outside the root folder through a symbolic link' },
    { requested: "out-dir-link/secret.txt", message: 'path "out-dir-link/secret.txt" leads outside the root folder through a symbolic link' },
    { requested: "out-dir-link/new/file.txt", message: 'path "out-dir-link/new/file.txt" leads outside the root folder through a symbolic link' },
    { requested: "out-file-link", message: 'path "out-file-link" leads outside the root folder through a symbolic link' },
    { requested: "out-absolute-link/passwd", message: 'path "out-absolute-link/passwd" leads outside the root folder through a symbolic link' },
    { requested: "docs/deep-out-link/secret.txt", message: 'path "docs/deep-out-link/secret.txt" leads outside the root folder through a symbolic link' },
    { requested: "inside-dir-link/../out-dir-link", message: 'path "inside-dir-link/../out-dir-link" leads outside the root folder through a symbolic link' },
    { requested: "dangling", message: 'path "dangling" goes through a broken symbolic link' },
    { requested: "dangling/file.txt", message: 'path "dangling/file.txt" goes through a broken symbolic link' },
    { requested: "loop-a", message: 'path "loop-a" has a symbolic link loop' },
  ])("$requested", async ({ requested, message }) => {
    const error = await resolveInRoot(root, requested).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).message).toBe(message);
    // The server's own folders never reach the client.
    expect((error as ToolError).message).not.toContain(base);
  });

  it("cuts a long refused path short in the message", async () => {
    const error = await resolveInRoot(root, `../${"x".repeat(5000)}`).catch((e: unknown) => e);
    expect((error as ToolError).message).toBe(`path "../${"x".repeat(77)}…" is outside the root folder`);
  });
});

describe("isInside", () => {
  it.each([
    { candidate: "/srv/root", want: true },
    { candidate: "/srv/root/a/b", want: true },
    { candidate: "/srv/root/..a", want: true },
    { candidate: "/srv/root-other", want: false },
    { candidate: "/srv", want: false },
    { candidate: "/srv/other/root", want: false },
  ])("$candidate in /srv/root: $want", ({ candidate, want }) => {
    expect(isInside("/srv/root", candidate)).toBe(want);
  });
});

describe("configuredFilesRoot", () => {
  it.each([
    { env: {}, want: "/work/app/demo-files" },
    { env: { MCP_DEMO_FILES_ROOT: "" }, want: "/work/app/demo-files" },
    { env: { MCP_DEMO_FILES_ROOT: "data/files" }, want: "/work/app/data/files" },
    { env: { MCP_DEMO_FILES_ROOT: "/srv/files" }, want: "/srv/files" },
  ])("$env", ({ env, want }) => {
    expect(configuredFilesRoot(env, "/work/app")).toBe(want);
  });
});

describe("openFilesRoot", () => {
  it("creates a missing root with the sample files and returns its real path", async () => {
    const created = path.join(base, "fresh", "files");
    expect(await openFilesRoot(created)).toBe(realpathSync(created));
    expect(readdirSync(created, { recursive: true }).map(String).sort()).toEqual([
      "README.txt",
      "documents",
      path.join("documents", "archive"),
      path.join("documents", "archive", "2024-summary.pdf"),
      path.join("documents", "meeting-notes.txt"),
      path.join("documents", "quarterly-report.pdf"),
      "drafts",
      path.join("drafts", "old-notes.txt"),
    ]);
  });

  it("leaves an existing root as it is and resolves a linked root", async () => {
    expect(await openFilesRoot(path.join(base, "root-link"))).toBe(root);
    expect(existsSync(path.join(root, "README.txt"))).toBe(false);
  });

  it("survives two first calls racing", async () => {
    const created = path.join(base, "raced");
    const [a, b] = await Promise.all([openFilesRoot(created), openFilesRoot(created)]);
    expect(a).toBe(b);
    expect(existsSync(path.join(created, "drafts", "old-notes.txt"))).toBe(true);
  });
});
