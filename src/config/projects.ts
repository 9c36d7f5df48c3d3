/**
 * Which projects one run covers: the `-c` files (globs allowed) or `./mcp-gen.config.yaml`,
 * with workspace configs (`projects: [...]`) expanded into their projects. Each project is
 * then generated on its own, with its own diagnostics and output.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { globSync } from "tinyglobby";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { createDiagnostic } from "../diagnostics/messages.js";
import { locate } from "../yaml/positions.js";
import { splitGlob } from "../util/glob-parts.js";
import { toPosix } from "../util/posix.js";
import { resolveConfig } from "./config.js";
import { CONFIG_FILE_NAME } from "./names.js";

export interface ProjectRef {
  /** Absolute project root. */
  root: string;
  /** Absolute config file; absent for a project folder without one (defaults apply). */
  configFile?: string;
  /** The root relative to the working directory (`.` for itself): how output names the project. */
  label: string;
}

export interface ProjectsResult {
  projects: ProjectRef[];
  /** True when the run covers a workspace or several configs: output is grouped per project. */
  workspace: boolean;
  /** Problems of the workspace itself (a glob matching nothing, a broken workspace config). */
  diagnostics: Diagnostic[];
  /** Workspace config texts by displayed file name, for code frames. */
  sources: Map<string, string>;
  /** A `-c` argument named no config file: a mistake on the command line (exit 2), not in a spec. */
  unmatchedArgument?: boolean;
  /** Where the `-c` arguments and `projects:` entries looked: a project added there changes the run (`generate --watch`). */
  searched: ProjectSearch[];
}

/** A folder a `-c` argument or `projects:` entry looks into, and how many folder levels below it a match can lie. */
export interface ProjectSearch {
  /** Absolute; for an entry without wildcards, the path it names (which may not exist yet). */
  dir: string;
  /** Levels of subfolders whose contents can match (`packages/*`: 1, for `packages/x/mcp-gen.config.yaml`); Infinity with `**`. */
  depth: number;
}

const GLOB_CHARS = /[*?{}[\]]/;

export function resolveProjects(options: { cwd: string; configs?: readonly string[] }): ProjectsResult {
  const cwd = path.resolve(options.cwd);
  const result: ProjectsResult = { projects: [], workspace: false, diagnostics: [], sources: new Map(), searched: [] };
  const seen = new Set<string>();
  const label = (root: string) => toPosix(path.relative(cwd, root)) || ".";
  const addProject = (root: string, configFile: string | undefined) => {
    const key = configFile ?? path.join(root, CONFIG_FILE_NAME);
    if (seen.has(key)) return;
    seen.add(key);
    result.projects.push({ root, ...(configFile ? { configFile } : {}), label: label(root) });
  };

  /** A config file: a project, or a workspace whose entries are expanded in turn. */
  const addConfig = (configFile: string, depth: number): void => {
    const resolved = resolveConfig({ cwd, configFile });
    if (!resolved.projects) {
      addProject(path.dirname(configFile), configFile);
      return;
    }
    result.workspace = true;
    if (seen.has(configFile) || depth > 8) return;
    seen.add(configFile);
    const yaml = resolved.yaml!;
    result.sources.set(yaml.file, yaml.text);
    resolved.projects.forEach((entry, index) => {
      result.searched.push(searchOf(resolved.workspaceRoot!, entry));
      const matches = expand(resolved.workspaceRoot!, entry);
      if (matches.length === 0) {
        result.diagnostics.push(
          createDiagnostic({
            code: "MG060",
            messageId: GLOB_CHARS.test(entry) ? "noProjectMatched" : "projectNotFound",
            format: { entry },
            location: locate(yaml, ["projects", index]),
          }),
        );
      }
      for (const match of matches) addEntry(match, depth + 1);
    });
  };

  /** A folder (its config file, or the defaults) or a config file. */
  const addEntry = (absPath: string, depth: number): void => {
    if (statSync(absPath).isDirectory()) {
      const configFile = path.join(absPath, CONFIG_FILE_NAME);
      if (existsSync(configFile)) addConfig(configFile, depth);
      else addProject(absPath, undefined);
    } else {
      addConfig(absPath, depth);
    }
  };

  const configs = options.configs ?? [];
  if (configs.length === 0) {
    const implicit = path.join(cwd, CONFIG_FILE_NAME);
    if (existsSync(implicit)) addConfig(implicit, 0);
    else addProject(cwd, undefined);
    return result;
  }
  for (const config of configs) {
    result.searched.push(searchOf(cwd, config));
    const matches = expand(cwd, config);
    if (matches.length === 0) {
      result.unmatchedArgument = true;
      result.diagnostics.push(
        GLOB_CHARS.test(config)
          ? createDiagnostic({ code: "MG060", messageId: "noConfigMatched", format: { glob: config } })
          : createDiagnostic({ code: "MG060", messageId: "notFound", format: { file: config } }),
      );
    }
    for (const match of matches) addEntry(match, 0);
  }
  result.workspace ||= result.projects.length > 1;
  return result;
}

/** Where `entry` looks: the folder its literal segments name, and how deep below it its wildcards reach. */
function searchOf(base: string, entry: string): ProjectSearch {
  if (!GLOB_CHARS.test(entry)) return { dir: path.resolve(base, entry), depth: 0 };
  const { literal, rest, anyDepth } = splitGlob(entry);
  return { dir: path.resolve(base, ...literal), depth: anyDepth ? Infinity : rest.length };
}

/** Absolute paths `entry` names under `base`, sorted; a glob may match files and folders. */
function expand(base: string, entry: string): string[] {
  if (!GLOB_CHARS.test(entry)) {
    const absPath = path.resolve(base, entry);
    return existsSync(absPath) ? [absPath] : [];
  }
  const matches = globSync(entry, { cwd: base, onlyFiles: false, expandDirectories: false, ignore: ["**/node_modules/**"] });
  return [...new Set(matches.map((m) => path.resolve(base, m)))].sort();
}
