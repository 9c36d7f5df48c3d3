import { mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { GeneratedFile } from "../../../src/emit/shared/generated-file.js";
import { nodeWriterFs, type WriterFs } from "../../../src/write/fs.js";
import type { WriteDirs } from "../../../src/write/plan.js";

const BASE = path.resolve(".tmp/write-import/write");
let counter = 0;

export function freshProject(): WriteDirs {
  const root = path.join(BASE, `${process.pid}-${counter++}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  return { root, generated: path.join(root, "generated"), handlers: path.join(root, "handlers") };
}

export const gen = (p: string, contents: string): GeneratedFile => ({ area: "generated", path: p, contents, mode: "generated" });
export const stub = (p: string, contents: string): GeneratedFile => ({ area: "handlers", path: p, contents, mode: "create" });
export const amend = (p: string, contents: string): GeneratedFile => ({ area: "handlers", path: p, contents, mode: "update" });

/** Every file under `dir` (relative, `/`-separated) with its text: the whole observable state. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const abs = path.join(d, entry.name);
      const rel = path.relative(dir, abs).split(path.sep).join("/");
      if (entry.isDirectory()) {
        out[rel + "/"] = "";
        walk(abs);
      } else if (entry.isSymbolicLink()) out[rel] = "-> " + path.basename(readlinkSync(abs));
      else out[rel] = readFileSync(abs, "utf8");
    }
  };
  walk(dir);
  return out;
}

export function mtimes(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [rel, text] of Object.entries(snapshot(dir))) if (!rel.endsWith("/") && !text.startsWith("-> ")) out[rel] = statSync(path.join(dir, rel)).mtimeMs;
  return out;
}

/** A file system that fails one operation on one path, and records what was called. */
export function failingFs(fail: { op: keyof WriterFs; when: (p: string) => boolean; code?: string }): WriterFs & { calls: string[] } {
  const calls: string[] = [];
  const wrap = <K extends keyof WriterFs>(op: K) =>
    (async (...args: unknown[]) => {
      const target = String(op === "rename" ? args[1] : args[0]);
      calls.push(`${op} ${op === "rename" ? `${path.basename(String(args[0]))} -> ` : ""}${target}`);
      if (op === fail.op && fail.when(target)) {
        const code = fail.code ?? "EACCES";
        throw Object.assign(new Error(`${code}: permission denied, ${op} '${target}'`), { code });
      }
      return (nodeWriterFs[op] as (...a: unknown[]) => unknown)(...args);
    }) as WriterFs[K];
  return {
    calls,
    readFile: wrap("readFile"),
    writeFile: wrap("writeFile"),
    rename: wrap("rename"),
    unlink: wrap("unlink"),
    lstat: wrap("lstat"),
    mkdir: wrap("mkdir"),
    readdir: wrap("readdir"),
    rmdir: wrap("rmdir"),
  };
}
