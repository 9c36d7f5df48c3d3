/** The folder the demo's file tools work in, and its first-use sample content. */
import { mkdir, realpath, writeFile } from "node:fs/promises";
import path from "node:path";
import { SAMPLE_FILES } from "../data/sample-files.js";
import { errorCode } from "./sandbox.js";

export const FILES_ROOT_VARIABLE = "MCP_DEMO_FILES_ROOT";

/** `$MCP_DEMO_FILES_ROOT` (relative values against `cwd`), else `<cwd>/demo-files`. */
export function configuredFilesRoot(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
  const configured = env[FILES_ROOT_VARIABLE];
  return path.resolve(cwd, configured !== undefined && configured !== "" ? configured : "demo-files");
}

/**
 * The real path of `root`, after creating it with the sample files if it does not
 * exist yet, so that a fresh checkout has something to search and delete.
 */
export async function openFilesRoot(root: string = configuredFilesRoot()): Promise<string> {
  try {
    return await realpath(root);
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw error;
  }
  await mkdir(root, { recursive: true });
  for (const [relative, text] of Object.entries(SAMPLE_FILES)) {
    const file = path.join(root, relative);
    await mkdir(path.dirname(file), { recursive: true });
    // "wx": two first calls racing must not overwrite each other's (identical) files.
    await writeFile(file, text, { flag: "wx" }).catch((error: unknown) => {
      if (errorCode(error) !== "EEXIST") throw error;
    });
  }
  return realpath(root);
}
