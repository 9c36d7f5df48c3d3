/**
 * Where a project's specs are and where its output goes. Every path in a config file
 * is relative to that file's folder, never to the working directory: a build script
 * run from elsewhere must check the same files.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Diagnostic, Location } from "../diagnostics/diagnostic.js";
import { createDiagnostic, findLintRule, type LintSetting } from "../diagnostics/messages.js";
import { loadYamlFile, type YamlFile } from "../yaml/load.js";
import { locate } from "../yaml/positions.js";
import { findUp } from "../util/find-up.js";
import { relativeInside, toPosix } from "../util/posix.js";
import { CONFIG_FILE_NAME, configCandidate } from "./names.js";
import { isRecord, validateConfig } from "./validate.js";

/** The server a project generates: its `initialize` answer names it. */
export interface ServerInfo {
  name: string;
  version: string;
}

export const DEFAULT_SPECS = ["specs/**/*.yaml", "specs/**/*.yml"];
/** Shared schemas referenced with `$ref` live beside the specs but are not specs. */
export const DEFAULT_IGNORE = ["**/schemas/**", "**/node_modules/**"];

export interface ResolvedConfig {
  /** Absolute folder that paths are relative to: the config file's folder, or the working directory. */
  root: string;
  /** Absolute path of the config file, when there is one. */
  configFile?: string;
  /** Globs of spec files, relative to root. */
  specs: string[];
  /** Globs excluded from `specs`. */
  ignore: string[];
  /** Absolute output folder for generated code. */
  outDir: string;
  /** Absolute folder for the author's handlers. */
  handlersDir: string;
  server: ServerInfo;
  /** Prefix for every tool name, as written in the config (see `namespacedToolName`). */
  namespace?: string;
  docs: DocsConfig;
  lint: LintConfig;
  budget: BudgetConfig;
}

export interface DocsConfig {
  formats: Array<"markdown" | "html">;
  /** Absolute; default `<outDir>/docs`. */
  outDir: string;
}

export interface LintConfig {
  /** Severity overrides by rule code (names in the file are turned into codes). */
  rules: Record<string, LintSetting>;
  maxWarnings?: number;
  /** MG106's limit when the config sets one (a client's lower limit); 64 otherwise. */
  maxToolNameLength?: number;
}

/**
 * Token budgets (`mcp-gen budget`): most tokens one tool's tools/list entry, and the whole
 * list, may cost. Unset: no limit. `at` is where each is written in the config file, for
 * the findings' positions.
 */
export interface BudgetConfig {
  perTool?: number;
  total?: number;
  at?: { perTool?: Location; total?: Location };
}

export interface ConfigResult {
  config?: ResolvedConfig;
  /** The parsed config file, for code frames in diagnostics. */
  yaml?: YamlFile;
  /** Without `yaml`, the config file's text when it did not parse (code frames of its syntax errors). */
  unparsed?: { file: string; text: string };
  /**
   * Set instead of `config` for a workspace config (`projects: [...]`): the entries as
   * written, each relative to `workspaceRoot` (expanded by `resolveProjects`).
   */
  projects?: string[];
  workspaceRoot?: string;
  diagnostics: Diagnostic[];
}

/**
 * Finds the config (an explicit `--config` file, or `mcp-gen.config.yaml` in `cwd`)
 * and applies defaults. Without a config file, `cwd` is the project root. Diagnostics
 * name the file relative to `cwd`.
 */
export function resolveConfig(options: { cwd: string; configFile?: string }): ConfigResult {
  const { file: candidate, explicit, exists } = configCandidate(options.cwd, options.configFile);
  if (!exists) {
    if (explicit) {
      return {
        // `explicit` means configFile is set.
        diagnostics: [createDiagnostic({ code: "MG060", messageId: "notFound", format: { file: options.configFile! } })],
      };
    }
    return { config: defaults(options.cwd), diagnostics: [] };
  }
  const root = path.dirname(candidate);
  const display = toPosix(path.relative(options.cwd, candidate)) || CONFIG_FILE_NAME;
  const loaded = loadYamlFile(display, candidate);
  if (!loaded.yaml) return { diagnostics: loaded.diagnostics, unparsed: loaded.unparsed };
  const yaml = loaded.yaml;
  const diagnostics: Diagnostic[] = [...loaded.diagnostics];
  const value = yaml.value ?? {};
  if (!isRecord(value)) {
    diagnostics.push(createDiagnostic({ code: "MG060", messageId: "notMapping", location: locate(yaml, []) }));
    return { yaml, diagnostics };
  }
  diagnostics.push(...validateConfig(yaml, value));
  if (diagnostics.length > 0) return { yaml, diagnostics };

  if (value.projects !== undefined) {
    const others = Object.keys(value).filter((key) => key !== "projects");
    for (const key of others) {
      diagnostics.push(createDiagnostic({ code: "MG060", messageId: "workspaceOnly", format: { key }, location: locate(yaml, [key], "key") }));
    }
    return { yaml, projects: value.projects as string[], workspaceRoot: root, diagnostics };
  }

  const config = defaults(root);
  config.configFile = candidate;
  const record = value as ConfigFile;
  const globs = (v: string | string[] | undefined) => (v === undefined ? undefined : typeof v === "string" ? [v] : v);
  config.specs = globs(record.specs) ?? config.specs;
  config.ignore = globs(record.ignore) ?? config.ignore;
  if (record.out !== undefined) config.outDir = path.resolve(root, record.out);
  if (record.handlers !== undefined) config.handlersDir = path.resolve(root, record.handlers);
  if (record.server?.name !== undefined) config.server.name = record.server.name;
  if (record.server?.version !== undefined) config.server.version = record.server.version;
  if (record.namespace !== undefined) config.namespace = record.namespace;
  config.docs = {
    formats: record.docs?.formats ? [...record.docs.formats] : ["markdown"],
    outDir: record.docs?.out !== undefined ? path.resolve(root, record.docs.out) : path.join(config.outDir, "docs"),
  };
  for (const [key, setting] of Object.entries(record.lint?.rules ?? {})) {
    config.lint.rules[findLintRule(key)!.code] = setting;
  }
  if (record.lint?.maxWarnings !== undefined) config.lint.maxWarnings = record.lint.maxWarnings;
  if (record.lint?.maxToolNameLength !== undefined) config.lint.maxToolNameLength = record.lint.maxToolNameLength;
  for (const limit of ["perTool", "total"] as const) {
    const value = record.budget?.[limit];
    if (value === undefined) continue;
    config.budget[limit] = value;
    config.budget.at = { ...config.budget.at, [limit]: locate(yaml, ["budget", limit]) };
  }

  if (record.docs?.out !== undefined && relativeInside(config.outDir, config.docs.outDir) === undefined) {
    // generate owns `out` alone (docsOptions drops a docs.out outside it); the docs command writes anywhere it is told.
    const shown = (dir: string) => toPosix(path.relative(root, dir)) || ".";
    diagnostics.push(
      createDiagnostic({
        code: "MG060",
        messageId: "docsOutsideOut",
        severity: "warning",
        format: { docsOut: shown(config.docs.outDir), out: shown(config.outDir), generateDocs: shown(path.join(config.outDir, "docs")) },
        location: locate(yaml, ["docs", "out"]),
        hint: "put `docs.out` inside `out` for generate to write there too, or run `mcp-gen docs` for the site",
      }),
    );
  }
  if (path.resolve(config.outDir) === path.resolve(config.handlersDir)) {
    diagnostics.push(createDiagnostic({ code: "MG060", messageId: "outIsHandlers", location: locate(yaml, ["handlers"]) }));
  }
  return { config, yaml, diagnostics };
}

/** A config file's data once it passed schema/config.schema.json. */
interface ConfigFile {
  specs?: string | string[];
  ignore?: string | string[];
  out?: string;
  handlers?: string;
  server?: { name?: string; version?: string };
  namespace?: string;
  docs?: { formats?: Array<"markdown" | "html">; out?: string };
  lint?: { rules?: Record<string, LintSetting>; maxWarnings?: number; maxToolNameLength?: number };
  budget?: { perTool?: number; total?: number };
}

/**
 * A tool's name under the config's namespace: `github` + `create_issue` gives
 * `github_create_issue`; a namespace already ending in `_`, `-` or `.` is used as is
 * (`github.` gives `github.create_issue`), so the separator is the author's choice.
 */
export function namespacedToolName(namespace: string | undefined, name: string): string {
  if (!namespace) return name;
  return /[_.-]$/.test(namespace) ? `${namespace}${name}` : `${namespace}_${name}`;
}

function defaults(root: string): ResolvedConfig {
  return {
    root,
    specs: [...DEFAULT_SPECS],
    ignore: [...DEFAULT_IGNORE],
    outDir: path.join(root, "generated"),
    handlersDir: path.join(root, "handlers"),
    server: serverInfoFromPackageJson(root),
    docs: { formats: ["markdown"], outDir: path.join(root, "generated", "docs") },
    lint: { rules: {} },
    budget: {},
  };
}

/** Name and version of the nearest package.json at or above `dir`. */
export function serverInfoFromPackageJson(dir: string): ServerInfo {
  const file = findUp(dir, "package.json");
  if (file) {
    try {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: unknown; version?: unknown };
      return {
        name: typeof pkg.name === "string" && pkg.name ? pkg.name : path.basename(path.dirname(file)),
        version: typeof pkg.version === "string" && pkg.version ? pkg.version : "0.0.0",
      };
    } catch {
      // An unreadable package.json names nothing: the folder does.
    }
  }
  return { name: path.basename(path.resolve(dir)) || "mcp-server", version: "0.0.0" };
}
