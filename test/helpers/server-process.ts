/** Starts an HTTP server in its own process and finds the URL it prints. */
import { spawn, type ChildProcess } from "node:child_process";
import { REPO_ROOT } from "./project.js";

export interface ServerProcess {
  url: URL;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

export async function startHttpServer(args: string[], env: Record<string, string> = {}, timeoutMs = 20_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: { ...process.env, PORT: "0", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = /http:\/\/[^\s]+/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(new URL(match[0]));
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
