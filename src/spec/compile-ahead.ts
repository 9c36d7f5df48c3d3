/**
 * Schema compiling on a second thread, for runs that read many spec files: while this
 * thread parses and bundles the files, a worker compiles each distinct schema with ajv
 * (src/spec/compile-worker.ts) and hands back its standalone chunk, or the problems that
 * keep it from compiling. `settle` waits for every answer and files it where
 * the session's `CompiledSchemas` and the validators emitter look (chunks.ts, compiled-schemas.ts), so the checks,
 * the examples and the emitter find every schema compiled, with the same code and the same
 * problems as when this thread compiles it. Anything the worker cannot answer is compiled
 * here as before.
 *
 * Why: ajv is about a sixth of a cold run, and a run keeps only about 1.4 of 2 cores busy.
 * `MCP_GEN_COMPILE_WORKER=0` turns it off.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import { dialectOf } from "./dialect.js";
import type { Dialect, JsonObject } from "./model.js";
import type { CompiledSchemas, SchemaProblem } from "./compiled-schemas.js";

/** Fewer spec files than this are read before a worker would have started: no worker. */
const MIN_FILES = 100;
/** An answer must arrive within this long of the last one (or of the start), else the rest are compiled here. */
const PATIENCE_MS = 10_000;

// Beside this module in dist/; absent when running from the TypeScript sources (tests), which compile in-process.
const WORKER_FILE = fileURLToPath(new URL("./compile-worker.js", import.meta.url));

export interface CompileRequest {
  key: string;
  dialect: Dialect;
  /** The schema as JSON: cheaper to send than the object, and read back with the same keys. */
  json: string;
}

/** The chunk of a schema that compiles, its problems, or neither when the worker failed on it. */
export interface CompileAnswer {
  key: string;
  dialect: Dialect;
  code?: string;
  problems?: SchemaProblem[];
}

export interface CompileAhead {
  /** Sends a bundled schema to be compiled, unless its outcome is known or already asked for. */
  submit(schema: JsonObject): void;
  /** Waits for every answer and files it; ends the worker. */
  settle(): void;
}

export function compileAhead(fileCount: number, schemas: CompiledSchemas): CompileAhead | undefined {
  if (fileCount < MIN_FILES || process.env.MCP_GEN_COMPILE_WORKER === "0" || !existsSync(WORKER_FILE)) return undefined;
  const { port1, port2 } = new MessageChannel();
  const signal = new SharedArrayBuffer(4);
  const counter = new Int32Array(signal);
  let worker: Worker;
  try {
    worker = new Worker(WORKER_FILE, { workerData: { port: port2, signal }, transferList: [port2] });
  } catch {
    return undefined;
  }
  worker.unref();
  // A worker that fails answers nothing: `settle` stops waiting, and this thread compiles.
  worker.on("error", () => undefined);
  const asked = new Set<string>();

  return {
    submit(schema) {
      const dialect = dialectOf(schema.$schema);
      if (!dialect) return;
      const key = schemas.chunks.keyOf(dialect, schema);
      if (asked.has(key) || schemas.chunks.has(key) || schemas.compiledAlready(dialect, key)) return;
      asked.add(key);
      worker.postMessage({ key, dialect, json: JSON.stringify(schema) } satisfies CompileRequest);
    },
    settle() {
      let received = 0;
      let lastProgress = performance.now();
      while (received < asked.size) {
        const message = receiveMessageOnPort(port1);
        if (message) {
          const answer = message.message as CompileAnswer;
          if (answer.code !== undefined) schemas.chunks.remember(answer.key, answer.code);
          else if (answer.problems) schemas.rememberProblems(answer.dialect, answer.key, answer.problems);
          received++;
          lastProgress = performance.now();
          continue;
        }
        // Answers are counted after they are posted: wait while the count is what was read.
        if (performance.now() - lastProgress > PATIENCE_MS) break;
        Atomics.wait(counter, 0, received, 100);
      }
      port1.close();
      void worker.terminate();
    },
  };
}
