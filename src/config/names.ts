/** Where a run's config file is; kept apart from config.ts so that cheap code paths can ask. */
import { existsSync } from "node:fs";
import path from "node:path";

/** The config file a folder is looked up for. */
export const CONFIG_FILE_NAME = "mcp-gen.config.yaml";

export interface ConfigCandidate {
  /** Absolute: the explicit file resolved against the working directory, or `mcp-gen.config.yaml` in it. */
  file: string;
  /** Named with `--config`: a missing one is an error, a missing implicit one means defaults. */
  explicit: boolean;
  exists: boolean;
}

export function configCandidate(cwd: string, configFile?: string): ConfigCandidate {
  const file = configFile ? path.resolve(cwd, configFile) : path.join(cwd, CONFIG_FILE_NAME);
  return { file, explicit: Boolean(configFile), exists: existsSync(file) };
}
