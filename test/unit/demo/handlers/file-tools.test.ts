import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ToolError } from "mcp-gen/runtime";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deleteFile } from "../../../../handlers/delete_file.js";
import { searchFiles } from "../../../../handlers/search_files.js";
import { caught, fakeContext } from "./fake-context.js";
import { removeProject, tempDir } from "../../../helpers/project.js";
import { layout } from "./temp-folders.js";

let base: string;
let root: string;
const previousRoot = process.env.MCP_DEMO_FILES_ROOT;

beforeEach(() => {
  base = tempDir("file-tools");
  root = path.join(base, "root");
  layout(base, { "outside/secret.txt": "secret" });
  // The root does not exist yet: the first call creates it with the sample files.
  process.env.MCP_DEMO_FILES_ROOT = root;
});
afterEach(() => {
  if (previousRoot === undefined) delete process.env.MCP_DEMO_FILES_ROOT;
  else process.env.MCP_DEMO_FILES_ROOT = previousRoot;
  removeProject(base);
});

async function refusal(call: unknown): Promise<string> {
  const error = await caught(call);
  expect(error).toBeInstanceOf(ToolError);
  const message = (error as ToolError).message;
  expect(message).not.toContain(base);
  return message;
}

describe("search_files", () => {
  it("answers the spec example on the sample files, searching subfolders", async () => {
    expect(await searchFiles({ path: "documents", pattern: "*.pdf" }, fakeContext())).toBe(
      ['2 files matching "*.pdf" in documents:', "documents/archive/2024-summary.pdf", "documents/quarterly-report.pdf"].join("\n"),
    );
  });

  it.each([
    {
      input: { path: "" },
      want: [
        '5 files matching "*" in the root folder:',
        "README.txt",
        "documents/archive/2024-summary.pdf",
        "documents/meeting-notes.txt",
        "documents/quarterly-report.pdf",
        "drafts/old-notes.txt",
      ],
    },
    { input: { path: ".", pattern: "documents/*.txt" }, want: ['1 file matching "documents/*.txt" in the root folder:', "documents/meeting-notes.txt"] },
    { input: { path: "documents", pattern: "archive/*" }, want: ['1 file matching "archive/*" in documents:', "documents/archive/2024-summary.pdf"] },
    { input: { path: "./documents/", pattern: "**/*notes*" }, want: ['1 file matching "**/*notes*" in documents:', "documents/meeting-notes.txt"] },
    { input: { path: "drafts", pattern: "*.pdf" }, want: ['No files matching "*.pdf" in drafts.'] },
  ])("$input", async ({ input, want }) => {
    expect(await searchFiles(input, fakeContext())).toBe(want.join("\n"));
  });

  it("lists only the first 100 of many matches, sorted", async () => {
    layout(base, Object.fromEntries(Array.from({ length: 130 }, (_, i) => [`root/many/f${String(i).padStart(3, "0")}.log`, ""])));
    const lines = String(await searchFiles({ path: "many", pattern: "*.log" }, fakeContext())).split("\n");
    expect(lines[0]).toBe('130 files matching "*.log" in many:');
    expect(lines[1]).toBe("many/f000.log");
    expect(lines[100]).toBe("many/f099.log");
    expect(lines[101]).toBe("… and 30 more (showing the first 100).");
    expect(lines).toHaveLength(102);
  });

  it("does not follow symbolic links, so linked folders outside stay unlisted", async () => {
    layout(base, { "root/README.txt": "", "root/out": { link: "../outside" }, "root/out-file": { link: "../outside/secret.txt" } });
    expect(await searchFiles({ path: ".", pattern: "*" }, fakeContext())).toBe('1 file matching "*" in the root folder:\nREADME.txt');
  });

  it.each([
    { input: { path: "/etc" }, message: 'path "/etc" is absolute; give a path relative to the root folder' },
    { input: { path: ".." }, message: 'path ".." is outside the root folder' },
    { input: { path: "documents/../../outside" }, message: 'path "documents/../../outside" is outside the root folder' },
    { input: { path: "docs\0" }, message: "path must not contain NUL characters" },
    { input: { path: ".", pattern: "*\0" }, message: "pattern must not contain NUL characters" },
    { input: { path: "missing" }, message: 'folder "missing" does not exist' },
    { input: { path: "README.txt" }, message: '"README.txt" is a file, not a folder' },
  ])("refuses $input", async ({ input, message }) => {
    expect(await refusal(searchFiles(input, fakeContext()))).toBe(message);
  });

  it("refuses a folder linked from outside the root", async () => {
    layout(base, { "root/README.txt": "", "root/out": { link: "../outside" } });
    expect(await refusal(searchFiles({ path: "out" }, fakeContext()))).toBe('path "out" leads outside the root folder through a symbolic link');
  });

  it("searches a folder linked inside the root", async () => {
    layout(base, { "root/real/a.txt": "", "root/alias": { link: "real" } });
    expect(await searchFiles({ path: "alias" }, fakeContext())).toBe('1 file matching "*" in alias:\nalias/a.txt');
  });

  it("stops when the call is cancelled", async () => {
    const context = fakeContext();
    context.abort();
    expect(await refusal(searchFiles({ path: "." }, context))).toBe("search cancelled");
  });
});

const confirmed = () => fakeContext({ answer: { action: "accept", content: { confirm: true } } });

describe("delete_file", () => {
  it("deletes the spec example's file once the user confirms, then reports it missing", async () => {
    const file = path.join(root, "drafts", "old-notes.txt");
    const context = confirmed();
    expect(await deleteFile({ path: "drafts/old-notes.txt" }, context)).toBe("Deleted drafts/old-notes.txt.");
    expect(context.asked).toEqual(["Delete drafts/old-notes.txt? This cannot be undone."]);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(path.join(root, "drafts"))).toBe(true);
    expect(await refusal(deleteFile({ path: "drafts/old-notes.txt" }, fakeContext()))).toBe('file "drafts/old-notes.txt" does not exist');
  });

  it.each([
    [{ action: "decline" } as const, "Kept drafts/old-notes.txt: the user declined."],
    [{ action: "cancel" } as const, "Kept drafts/old-notes.txt: the user cancelled."],
    [{ action: "accept", content: { confirm: false } } as const, "Kept drafts/old-notes.txt: the user did not confirm."],
  ])("keeps the file when the user answers %j", async (answer, text) => {
    expect(await deleteFile({ path: "drafts/old-notes.txt" }, fakeContext({ answer }))).toBe(text);
    expect(existsSync(path.join(root, "drafts", "old-notes.txt"))).toBe(true);
  });

  it.each([
    { file: "/etc/passwd", message: 'path "/etc/passwd" is absolute; give a path relative to the root folder' },
    { file: "../outside/secret.txt", message: 'path "../outside/secret.txt" is outside the root folder' },
    { file: "drafts/../../outside/secret.txt", message: 'path "drafts/../../outside/secret.txt" is outside the root folder' },
    { file: "a/../../outside/secret.txt", message: 'path "a/../../outside/secret.txt" is outside the root folder' },
    { file: "README.txt\0", message: "path must not contain NUL characters" },
    { file: ".", message: "the root folder itself cannot be deleted" },
    { file: "documents", message: '"documents" is a folder; only files can be deleted' },
    { file: "drafts/missing.txt", message: 'file "drafts/missing.txt" does not exist' },
    { file: "README.txt/below", message: 'file "README.txt/below" does not exist' },
  ])("refuses $file", async ({ file, message }) => {
    expect(await refusal(deleteFile({ path: file }, fakeContext()))).toBe(message);
    expect(readFileSync(path.join(base, "outside", "secret.txt"), "utf8")).toBe("secret");
  });

  it.each([
    { file: "secret-link", message: 'path "secret-link" leads outside the root folder through a symbolic link' },
    { file: "out/secret.txt", message: 'path "out/secret.txt" leads outside the root folder through a symbolic link' },
    { file: "broken", message: 'path "broken" goes through a broken symbolic link' },
  ])("refuses the link $file and leaves the outside file alone", async ({ file, message }) => {
    layout(base, {
      "root/README.txt": "",
      "root/secret-link": { link: "../outside/secret.txt" },
      "root/out": { link: "../outside" },
      "root/broken": { link: "../outside/gone.txt" },
    });
    expect(await refusal(deleteFile({ path: file }, fakeContext()))).toBe(message);
    expect(readFileSync(path.join(base, "outside", "secret.txt"), "utf8")).toBe("secret");
  });

  it("deletes through a link inside the root the file it points to", async () => {
    layout(base, { "root/docs/a.txt": "a", "root/alias": { link: "docs" } });
    expect(await deleteFile({ path: "alias/a.txt" }, confirmed())).toBe("Deleted alias/a.txt.");
    expect(existsSync(path.join(root, "docs", "a.txt"))).toBe(false);
  });
});
