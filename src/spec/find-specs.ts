/** Which files are specs: kept apart from the model builder so the build cache can ask cheaply. */
import path from "node:path";
import { globSync } from "tinyglobby";
import type { ResolvedConfig } from "../config/config.js";
import { toPosix } from "../util/posix.js";

/** Spec files matched by the config's globs, project-relative and sorted (never file-system order). */
export function findSpecFiles(config: ResolvedConfig): string[] {
  const outRel = toPosix(path.relative(config.root, config.outDir));
  const handlersRel = toPosix(path.relative(config.root, config.handlersDir));
  const ignore = [...config.ignore];
  for (const dir of [outRel, handlersRel]) if (dir && !dir.startsWith("..")) ignore.push(`${dir}/**`);
  const files = globSync(config.specs, { cwd: config.root, ignore, onlyFiles: true, dot: false, expandDirectories: false });
  return [...new Set(files.map(toPosix))].sort();
}
