/**
 * The thread src/spec/compile-ahead.ts starts: it compiles each schema it is sent, as
 * `CompiledSchemas.compile` does in the main thread (the same module, the same ajv setup), and
 * answers with the schema's standalone chunk, or with the problems that keep it from
 * compiling. Each answer is posted on the port and then counted in the shared counter,
 * which the main thread waits on.
 */
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { standaloneChunk } from "./standalone-code.js";
import type { CompileAnswer, CompileRequest } from "./compile-ahead.js";
import type { JsonObject } from "./model.js";
import { CompiledSchemas } from "./compiled-schemas.js";

serve(workerData as { port: MessagePort; signal: SharedArrayBuffer });

function serve({ port, signal }: { port: MessagePort; signal: SharedArrayBuffer }): void {
  const counter = new Int32Array(signal);
  // The worker's own memo: it lives as long as the one run that started it.
  const schemas = new CompiledSchemas();
  parentPort?.on("message", ({ key, dialect, json }: CompileRequest) => {
    let answer: CompileAnswer;
    try {
      const compiled = schemas.compile(JSON.parse(json) as JsonObject, dialect);
      answer = compiled.validate
        ? { key, dialect, code: standaloneChunk(schemas.compiler(dialect), compiled.validate) }
        : { key, dialect, problems: compiled.problems };
    } catch {
      // The main thread compiles it itself, and reports whatever goes wrong there.
      answer = { key, dialect };
    }
    port.postMessage(answer);
    Atomics.add(counter, 0, 1);
    Atomics.notify(counter, 0);
  });
}
