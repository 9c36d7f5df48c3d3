/**
 * The two sides of `mcp-gen diff`, each read into tools as `tools/list` sends them: a
 * project's specs (the working tree, a folder, or a git revision of the project), a
 * `catalog.json`, a `tools/list` dump, or a live server. Every problem is a diagnostic
 * naming its source; nothing here throws for bad input.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, realpathSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Diagnostic, Location } from "../../diagnostics/diagnostic.js";
import { createDiagnostic } from "../../diagnostics/messages.js";
import { fromWorkingDirectory } from "../../diagnostics/rebase.js";
import type { JsonObject, JsonValue } from "../../spec/model.js";
import type { ContractTool } from "../../contract/compare-tools.js";
import type { WirePath } from "../../contract/compare-schema.js";
import { toPosix } from "../../util/posix.js";
import { locate, pathToPointer, pointerToPath } from "../../yaml/positions.js";
import type { ProtocolNegotiation, ServerSource } from "../tool-source/from-server.js";
import type { DumpPath } from "../tool-source/tool-list.js";

export type SideKind = "working-tree" | "specs" | "revision" | "catalog" | "tool-list" | "server";

/** What the user named for one side. */
export type SideSource =
  | { kind: "working-tree" }
  | { kind: "argument"; value: string }
  | { kind: "server"; server: ServerSource; timeoutMs: number; protocol: ProtocolNegotiation };

export interface LoadedSide {
  /** How the side is shown: `HEAD~1`, `specs/`, `tools.json`, the server's command or URL. */
  label: string;
  kind?: SideKind;
  /** Absent when the side could not be read (see `diagnostics`). */
  tools?: ContractTool[];
  diagnostics: Diagnostic[];
  /** Texts of files the diagnostics point into, by the path they show. */
  sources: Map<string, string>;
}

export interface SideContext {
  cwd: string;
  /** `--config`, as typed. */
  configFile?: string;
}

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

export async function loadSide(source: SideSource, context: SideContext): Promise<LoadedSide> {
  if (source.kind === "working-tree") {
    return loadProject({ cwd: context.cwd, configFile: context.configFile, label: "working tree", kind: "working-tree", shownFile: displayFrom(context.cwd) });
  }
  if (source.kind === "server") return loadServer(source);
  const value = source.value;
  const abs = path.resolve(context.cwd, value);
  if (existsSync(abs)) {
    if (statSync(abs).isDirectory()) {
      return loadProject({ cwd: abs, label: value, kind: "specs", folder: true, shownFile: displayFrom(context.cwd, abs) });
    }
    return loadToolListFile(abs, toPosix(path.relative(context.cwd, abs)) || value);
  }
  return loadRevision(value, context);
}

/** Shows a project-relative file from the working directory. */
function displayFrom(cwd: string, root?: string): (root: string, file: string) => string {
  return (projectRoot, file) => fromWorkingDirectory(toPosix(path.relative(cwd, root ?? projectRoot)) || ".", file);
}

interface ProjectArgs {
  cwd: string;
  configFile?: string;
  label: string;
  kind: SideKind;
  /** A folder given as a side: without a config of its own, every YAML file in it is a spec. */
  folder?: boolean;
  /** The path shown for a file of the project (relative to its root). */
  shownFile: (root: string, file: string) => string;
}

async function loadProject(args: ProjectArgs): Promise<LoadedSide> {
  const [{ resolveConfig }, { buildModel }] = await Promise.all([import("../../config/config.js"), import("../../spec/build-model.js")]);
  const resolved = resolveConfig({ cwd: args.cwd, configFile: args.configFile });
  const sources = new Map<string, string>();
  const configText = resolved.yaml?.text ?? resolved.unparsed?.text;
  const configShown = resolved.yaml?.file ?? resolved.unparsed?.file;
  if (configText !== undefined && configShown !== undefined) sources.set(args.shownFile(args.cwd, configShown), configText);
  const moveConfig = (d: Diagnostic): Diagnostic => (d.location ? { ...d, location: { ...d.location, file: args.shownFile(args.cwd, d.location.file) } } : d);
  if (!resolved.config) {
    const diagnostics = resolved.diagnostics.map(moveConfig);
    if (resolved.projects) diagnostics.push(createDiagnostic({ code: "MG075", messageId: "workspace", format: { source: args.label } }));
    return { label: args.label, kind: args.kind, diagnostics, sources };
  }
  const config = resolved.config;
  if (args.folder && config.configFile === undefined) config.specs = ["**/*.yaml", "**/*.yml"];
  const errors = resolved.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) return { label: args.label, kind: args.kind, diagnostics: errors.map(moveConfig), sources };

  const built = buildModel(config);
  const shown = (file: string) => args.shownFile(config.root, file);
  for (const [file, text] of built.sources) sources.set(shown(file), text);
  if (!built.model) {
    const diagnostics = built.diagnostics
      .filter((d) => d.severity === "error")
      .map((d) => ({
        ...d,
        ...(d.location ? { location: { ...d.location, file: shown(d.location.file) } } : {}),
        ...(d.related ? { related: d.related.map((r) => ({ ...r, file: shown(r.file) })) } : {}),
      }));
    return { label: args.label, kind: args.kind, diagnostics, sources };
  }
  const tools: ContractTool[] = built.model.tools.map((tool) => {
    const source = built.toolSources.get(tool.name);
    const contractTool: ContractTool = { wire: tool.wire as unknown as JsonObject, scopes: tool.auth?.scopes ?? [] };
    if (tool.renamedFrom !== undefined) contractTool.renamedFrom = tool.renamedFrom;
    if (source) {
      contractTool.locate = (at: WirePath) => {
        const [key, defs, name, ...rest] = at;
        let where: Location | undefined;
        if ((key === "inputSchema" || key === "outputSchema") && (defs === "$defs" || defs === "definitions")) {
          const origin = source.origins[key === "inputSchema" ? "input" : "output"].find((o) => o.defsKey === defs && o.name === name);
          if (origin) where = locate(origin.yaml, [...origin.path, ...rest]);
        }
        where ??= locate(source.yaml, [...source.path, ...at]);
        return { file: shown(where.file), line: where.line, column: where.column };
      };
    }
    return contractTool;
  });
  return { label: args.label, kind: args.kind, tools, diagnostics: [], sources };
}

/** `git` in `cwd`, its output as bytes. */
function git(cwd: string, args: string[]): { ok: boolean; stdout: Buffer; stderr: string } {
  const run = spawnSync("git", args, { cwd, maxBuffer: 1 << 30 });
  if (run.error) return { ok: false, stdout: Buffer.alloc(0), stderr: run.error.message };
  return { ok: run.status === 0, stdout: run.stdout, stderr: run.stderr.toString("utf8").trim() };
}

/**
 * The project at a git revision: its tracked files under the project's folder, as they
 * were at that commit, extracted into a temporary folder and loaded there with the config
 * of that commit, so `$ref`s resolve as they did then.
 */
async function loadRevision(rev: string, context: SideContext): Promise<LoadedSide> {
  const fail = (diagnostic: Diagnostic): LoadedSide => ({ label: rev, kind: "revision", diagnostics: [diagnostic], sources: new Map() });
  const configAbs = context.configFile !== undefined ? path.resolve(context.cwd, context.configFile) : undefined;
  const projectDir = configAbs !== undefined ? path.dirname(configAbs) : context.cwd;
  // `specs/old.json` that does not exist is a missing file, not a revision to look up.
  if (/[\\/]|\.(json|ya?ml)$/i.test(rev) && !git(projectDir, ["rev-parse", "--verify", "--quiet", `${rev}^{commit}`]).ok) {
    return fail(createDiagnostic({ code: "MG075", messageId: "notFound", format: { source: rev } }));
  }
  const top = git(projectDir, ["rev-parse", "--show-toplevel"]);
  if (!top.ok) {
    return fail(
      createDiagnostic({
        code: "MG075",
        messageId: "notGitRepository",
        format: { source: rev, dir: toPosix(path.relative(context.cwd, projectDir)) || "." },
        hint: "give a revision inside a git repository, or a file or folder that exists",
      }),
    );
  }
  const verified = rev.startsWith("-") ? undefined : git(projectDir, ["rev-parse", "--verify", "--quiet", `${rev}^{commit}`]);
  if (!verified?.ok) return fail(createDiagnostic({ code: "MG075", messageId: "noRevision", format: { source: rev }, hint: revisionHint(projectDir, rev) }));
  const commit = verified.stdout.toString("utf8").trim();
  const topDir = realpathSync(top.stdout.toString("utf8").trim());
  const prefix = toPosix(path.relative(topDir, realpathSync(projectDir)));
  const archive = git(topDir, ["archive", "--format=tar", commit, ...(prefix ? ["--", prefix] : [])]);
  if (!archive.ok) {
    return fail(
      /pathspec/.test(archive.stderr)
        ? createDiagnostic({ code: "MG075", messageId: "notInRevision", format: { folder: prefix, source: rev } })
        : createDiagnostic({ code: "MG075", messageId: "gitFailed", format: { source: rev, reason: archive.stderr || "git archive failed" } }),
    );
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), "mcp-gen-diff-"));
  try {
    const tar = spawnSync("tar", ["-x", "-f", "-", "-C", tmp], { input: archive.stdout, maxBuffer: 1 << 20 });
    if (tar.error || tar.status !== 0) {
      const reason = tar.error?.message ?? tar.stderr.toString("utf8").trim();
      return fail(createDiagnostic({ code: "MG075", messageId: "gitFailed", format: { source: rev, reason: `cannot extract it: ${reason}` } }));
    }
    const root = path.join(tmp, prefix);
    const configFile = configAbs !== undefined ? path.join(tmp, path.relative(topDir, realpathOr(configAbs))) : undefined;
    // Paths in git's own `rev:path` form, from the top of the repository.
    const shownFile = (projectRoot: string, file: string) => `${rev}:${path.posix.normalize(toPosix(path.relative(tmp, path.join(projectRoot, file))))}`;
    const loaded = await loadProject({ cwd: configFile !== undefined ? path.dirname(configFile) : root, configFile, label: rev, kind: "revision", shownFile });
    // Positions point into the temporary copy, which is gone afterwards: the base side needs none.
    for (const tool of loaded.tools ?? []) delete tool.locate;
    return loaded;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The real path when there is one: a config file may exist only at the revision. */
function realpathOr(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.join(realpathOr(path.dirname(file)), path.basename(file));
  }
}

/** Why a revision may be missing: a shallow clone, or `~1` of the first commit. */
function revisionHint(dir: string, rev: string): string | undefined {
  const shallow = git(dir, ["rev-parse", "--is-shallow-repository"]);
  if (shallow.ok && shallow.stdout.toString("utf8").trim() === "true") {
    return "this clone is shallow: fetch the history first (`git fetch --unshallow`, or `fetch-depth: 0` in actions/checkout)";
  }
  const parentOf = /^(.*?)(~\d*|\^\d*)+$/.exec(rev);
  if (parentOf && git(dir, ["rev-parse", "--verify", "--quiet", `${parentOf[1] || "HEAD"}^{commit}`]).ok) {
    return `${parentOf[1] || "HEAD"} has no such ancestor (is it the first commit?)`;
  }
  return "give a branch, tag, commit or an expression such as HEAD~1; a file or folder must exist";
}

async function loadToolListFile(abs: string, shown: string): Promise<LoadedSide> {
  const [{ readToolListFile }, { findToolList }] = await Promise.all([import("../tool-source/read-tool-list.js"), import("../tool-source/tool-list.js")]);
  const read = readToolListFile(abs, shown);
  const sources = new Map<string, string>();
  if (read.text !== undefined) sources.set(shown, read.text);
  const errors = read.diagnostics.filter((d) => d.severity === "error");
  if (read.data === undefined || errors.length > 0) return { label: shown, diagnostics: errors, sources };
  const at = (p: DumpPath): Location => ({ file: shown, ...(read.locate?.(p) ?? { line: 1, column: 1 }) });

  const data = read.data;
  if (isObject(data) && typeof data.catalogVersion === "number" && Array.isArray(data.tools)) {
    const entries = data.tools.map((entry, i) => ({
      value: isObject(entry) ? entry.definition : undefined,
      path: ["tools", i, "definition"] as DumpPath,
      scopes: isObject(entry) && Array.isArray(entry.scopes) ? entry.scopes.filter((s): s is string => typeof s === "string") : [],
    }));
    return checkedList(shown, "catalog", entries, at, sources);
  }
  const list = findToolList(data);
  if ("error" in list) {
    return {
      label: shown,
      diagnostics: [createDiagnostic({ code: "MG075", messageId: "notToolList", format: { source: shown, reason: list.error }, location: at([]) })],
      sources,
    };
  }
  const entries = list.tools.map((value, i) => ({ value, path: [...list.path, i] as DumpPath }));
  return checkedList(shown, "tool-list", entries, at, sources);
}

async function loadServer(source: Extract<SideSource, { kind: "server" }>): Promise<LoadedSide> {
  const label = "command" in source.server ? source.server.command : source.server.url;
  const { listToolsFromServer } = await import("../tool-source/from-server.js");
  const listed = await listToolsFromServer(source.server, { timeoutMs: source.timeoutMs, protocol: source.protocol });
  const errors = listed.diagnostics.filter((d) => d.severity === "error");
  if (listed.tools === undefined || errors.length > 0) return { label, kind: "server", diagnostics: errors, sources: new Map() };
  return checkedList(
    label,
    "server",
    listed.tools.map((value) => ({ value, path: [] })),
    undefined,
    new Map(),
  );
}

interface ListEntry {
  value: unknown;
  /** Where the entry sits in its file. */
  path: DumpPath;
  scopes?: string[];
}

/**
 * Tools read from JSON, checked for what diff relies on: every entry a tool with a name,
 * each name once, every local `$ref` resolving and none looping in place.
 */
async function checkedList(
  label: string,
  kind: SideKind,
  entries: ListEntry[],
  at: ((p: DumpPath) => Location) | undefined,
  sources: Map<string, string>,
): Promise<LoadedSide> {
  const { inPlaceRefCycle } = await import("../../spec/local-refs.js");
  const diagnostics: Diagnostic[] = [];
  const where = (p: DumpPath) => (at ? { location: at(p) } : {});
  const seen = new Set<string>();
  const tools: ContractTool[] = [];
  entries.forEach((entry, index) => {
    const value = entry.value;
    if (!isObject(value) || typeof value.name !== "string") {
      diagnostics.push(createDiagnostic({ code: "MG075", messageId: "notTool", format: { source: label, index }, ...where(entry.path) }));
      return;
    }
    const name = value.name;
    if (seen.has(name)) {
      diagnostics.push(createDiagnostic({ code: "MG075", messageId: "duplicateTool", format: { source: label, name }, ...where([...entry.path, "name"]) }));
      return;
    }
    seen.add(name);
    for (const key of ["inputSchema", "outputSchema"] as const) {
      const schema = value[key];
      if (!isObject(schema)) continue;
      const unresolved = unresolvedRef(schema);
      if (unresolved) {
        diagnostics.push(
          createDiagnostic({
            code: "MG075",
            messageId: "unresolvedRef",
            format: { source: label, tool: name, ref: unresolved.ref, path: pathToPointer([key, ...unresolved.path]) },
            ...where([...entry.path, key, ...unresolved.path, "$ref"]),
          }),
        );
        continue;
      }
      if (hasNonLocalRef(schema)) continue;
      const cycle = inPlaceRefCycle(schema);
      if (cycle) {
        diagnostics.push(
          createDiagnostic({
            code: "MG075",
            messageId: "refCycle",
            format: { source: label, tool: name, path: pathToPointer([key, ...cycle]) },
            ...where([...entry.path, key, ...cycle]),
          }),
        );
      }
    }
    const tool: ContractTool = { wire: value };
    if (entry.scopes !== undefined) tool.scopes = entry.scopes;
    if (at) tool.locate = (p: WirePath) => at([...entry.path, ...p]);
    tools.push(tool);
  });
  if (diagnostics.length > 0) return { label, kind, diagnostics, sources };
  return { label, kind, tools, diagnostics, sources };
}

/** Every `$ref` in a schema with the path of the object holding it. */
function refsOf(value: JsonValue, at: Array<string | number> = [], found: Array<{ ref: string; path: Array<string | number> }> = []) {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) refsOf(item, [...at, i], found);
  } else if (isObject(value)) {
    if (typeof value.$ref === "string") found.push({ ref: value.$ref, path: at });
    for (const [key, item] of Object.entries(value)) {
      // `properties: { $ref: ... }` names a property, and `enum`/`const`/`default`/`examples` hold data.
      if (key === "enum" || key === "const" || key === "default" || key === "examples") continue;
      refsOf(item, [...at, key], found);
    }
  }
  return found;
}

function unresolvedRef(schema: JsonObject): { ref: string; path: Array<string | number> } | undefined {
  for (const found of refsOf(schema)) {
    if (!isLocal(found.ref)) continue;
    let current: unknown = schema;
    let segments: string[];
    try {
      segments = pointerToPath(found.ref);
    } catch {
      return found;
    }
    for (const segment of segments) {
      current = Array.isArray(current) ? current[Number(segment)] : isObject(current) && Object.hasOwn(current, segment) ? current[segment] : undefined;
      if (current === undefined) return found;
    }
  }
  return undefined;
}

function hasNonLocalRef(schema: JsonObject): boolean {
  return refsOf(schema).some((found) => !isLocal(found.ref));
}

/** A JSON Pointer into the same schema; anything else (a URL, an anchor) diff compares as written. */
function isLocal(ref: string): boolean {
  return ref === "#" || ref.startsWith("#/");
}
