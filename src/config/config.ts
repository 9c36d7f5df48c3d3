/**
 * Where a project's specs are and where its output goes. Every path in a config file
 * is relative to that file's folder, never to the working directory: a build script
 * run from elsewhere must check the same files.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { loadYamlFile, type YamlFile } from "../spec/load.js";
import type { ServerInfo } from "../spec/model.js";
import { locate } from "../spec/positions.js";

export const CONFIG_FILE_NAME = "mcp-gen.config.yaml";

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
}

export interface ConfigResult {
  config?: ResolvedConfig;
  /** The parsed config file, for code frames in diagnostics. */
  yaml?: YamlFile;
  diagnostics: Diagnostic[];
}

const CONFIG_KEYS = ["specs", "ignore", "out", "handlers", "server"] as const;

/**
 * Finds the config (an explicit `--config` file, or `mcp-gen.config.yaml` in `cwd`)
 * and applies defaults. Without a config file, `cwd` is the project root.
 */
export function resolveConfig(options: { cwd: string; configFile?: string }): ConfigResult {
  const explicit = options.configFile ? path.resolve(options.cwd, options.configFile) : undefined;
  const candidate = explicit ?? path.join(options.cwd, CONFIG_FILE_NAME);
  if (!existsSync(candidate)) {
    if (explicit) {
      return {
        diagnostics: [
          { code: "MG060", severity: "error", message: `config file not found: ${options.configFile}` },
        ],
      };
    }
    return { config: defaults(options.cwd), diagnostics: [] };
  }
  const root = path.dirname(candidate);
  const display = toPosix(path.relative(options.cwd, candidate)) || CONFIG_FILE_NAME;
  const loaded = loadYamlFile(display, candidate);
  if (!loaded.yaml) return { diagnostics: loaded.diagnostics };
  const yaml = loaded.yaml;
  const diagnostics: Diagnostic[] = [...loaded.diagnostics];
  const config = defaults(root);
  config.configFile = candidate;
  const value = yaml.value ?? {};
  if (typeof value !== "object" || Array.isArray(value)) {
    diagnostics.push({ code: "MG060", severity: "error", message: "config must be a mapping", location: locate(yaml, []) });
    return { yaml, diagnostics };
  }
  const record = value as Record<string, unknown>;
  const fail = (key: (string | number)[], message: string) =>
    diagnostics.push({ code: "MG060", severity: "error", message, location: locate(yaml, key) });

  for (const key of Object.keys(record)) {
    if (!(CONFIG_KEYS as readonly string[]).includes(key)) {
      diagnostics.push({
        code: "MG060",
        severity: "error",
        message: `unknown config field \`${key}\` (known: ${CONFIG_KEYS.join(", ")})`,
        location: locate(yaml, [key], "key"),
      });
    }
  }
  const globs = (key: "specs" | "ignore"): string[] | undefined => {
    const v = record[key];
    if (v === undefined) return undefined;
    const list = typeof v === "string" ? [v] : v;
    if (!Array.isArray(list) || list.some((g) => typeof g !== "string" || g === "")) {
      fail([key], `\`${key}\` must be a glob or a list of globs`);
      return undefined;
    }
    return list as string[];
  };
  config.specs = globs("specs") ?? config.specs;
  config.ignore = globs("ignore") ?? config.ignore;
  for (const key of ["out", "handlers"] as const) {
    const v = record[key];
    if (v === undefined) continue;
    if (typeof v !== "string" || v === "") fail([key], `\`${key}\` must be a folder path`);
    else if (key === "out") config.outDir = path.resolve(root, v);
    else config.handlersDir = path.resolve(root, v);
  }
  const server = record.server;
  if (server !== undefined) {
    if (typeof server !== "object" || server === null || Array.isArray(server)) {
      fail(["server"], "`server` must be a mapping with `name` and `version`");
    } else {
      for (const [k, v] of Object.entries(server)) {
        if (k !== "name" && k !== "version") fail(["server", k], `unknown field \`server.${k}\``);
        else if (typeof v !== "string" || v === "") fail(["server", k], `\`server.${k}\` must be a non-empty string`);
        else config.server[k] = v;
      }
    }
  }
  if (path.resolve(config.outDir) === path.resolve(config.handlersDir)) {
    fail(["handlers"], "`out` and `handlers` must be different folders");
  }
  return { config, yaml, diagnostics };
}

function defaults(root: string): ResolvedConfig {
  return {
    root,
    specs: [...DEFAULT_SPECS],
    ignore: [...DEFAULT_IGNORE],
    outDir: path.join(root, "generated"),
    handlersDir: path.join(root, "handlers"),
    server: serverInfoFromPackageJson(root),
  };
}

/** Name and version of the nearest package.json at or above `dir`. */
export function serverInfoFromPackageJson(dir: string): ServerInfo {
  let current = path.resolve(dir);
  for (;;) {
    const file = path.join(current, "package.json");
    if (existsSync(file)) {
      try {
        const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: unknown; version?: unknown };
        return {
          name: typeof pkg.name === "string" && pkg.name ? pkg.name : path.basename(current),
          version: typeof pkg.version === "string" && pkg.version ? pkg.version : "0.0.0",
        };
      } catch {
        break;
      }
    }
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return { name: path.basename(path.resolve(dir)) || "mcp-server", version: "0.0.0" };
}

export function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}
