#!/usr/bin/env node
import nodeModule from "node:module";

// Node 22.1 and later can keep V8's compiled code of the modules a run loads, so the next
// run starts without compiling them again (tsc does the same). It must be turned on before
// they load, hence the dynamic import below. Nothing happens on older Nodes, nor with
// NODE_DISABLE_COMPILE_CACHE=1; NODE_COMPILE_CACHE chooses the folder (default: the
// system's temporary folder).
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const { main } = await import("./cli/main.js");

// `mcp-gen --help | head` closes the pipe early: that is the reader's choice, not a crash.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`mcp-gen: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
