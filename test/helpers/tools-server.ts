/** Starts test/fixtures/servers/tools-server.mjs, a real MCP server serving a JSON file's tools. */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "./project.js";

export const TOOLS_SERVER = path.join(REPO_ROOT, "test", "fixtures", "servers", "tools-server.mjs");
export const EXTRA_FIELDS_TOOLS = path.join(REPO_ROOT, "test", "fixtures", "servers", "extra-fields-tools.json");

const quote = (word: string) => `"${word.replace(/(["\\$`])/g, "\\$1")}"`;

/** The `--from-server` command line that serves `toolsFile` over stdio. */
export function stdioServerCommand(toolsFile: string, flags: string[] = []): string {
  return [process.execPath, TOOLS_SERVER, toolsFile, ...flags].map(quote).join(" ");
}

export interface HttpToolsServer {
  url: string;
  stop: () => Promise<void>;
}

/** Serves `toolsFile` over Streamable HTTP on 127.0.0.1 at an ephemeral port. */
export async function startHttpToolsServer(toolsFile: string, flags: string[] = []): Promise<HttpToolsServer> {
  const child: ChildProcess = spawn(process.execPath, [TOOLS_SERVER, toolsFile, "--http", ...flags], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const match = /^listening (\S+)$/m.exec(out);
      if (match) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`tools-server exited with ${code} before listening`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill();
    });
  return { url, stop };
}
