/**
 * The SDK's stdio transport drops a message that is JSON but not a valid JSON-RPC message
 * (`"params": "x"`, `"_meta": 5`) after logging it, so a client that sent such a request
 * waits forever. JSON-RPC asks for an error response whenever the request's id can be
 * read: this filter answers those lines itself (-32600) and passes everything else on.
 */
import { PassThrough, type Readable, type Writable } from "node:stream";
import { deserializeMessage } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";

/** Longest line held while looking for its end; longer ones go to the SDK unexamined (it enforces its own limit). */
const MAX_HELD_LINE = 64 * 1024 * 1024;

export function guardedStdioTransport(stdin: Readable = process.stdin, stdout: Writable = process.stdout): StdioServerTransport {
  const forward = new PassThrough();
  let held = "";
  let passingLongLine = false;
  const onLine = (line: string) => {
    const answer = invalidRequestAnswer(line);
    if (answer) stdout.write(`${JSON.stringify(answer)}\n`);
    else forward.write(`${line}\n`);
  };
  stdin.on("data", (chunk: Buffer | string) => {
    let text = held + chunk.toString();
    held = "";
    for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n")) {
      const line = text.slice(0, end);
      text = text.slice(end + 1);
      if (passingLongLine) {
        forward.write(`${line}\n`);
        passingLongLine = false;
      } else onLine(line);
    }
    if (passingLongLine || text.length > MAX_HELD_LINE) {
      forward.write(text);
      passingLongLine = true;
    } else held = text;
  });
  stdin.on("end", () => forward.end());
  stdin.on("close", () => forward.end());
  stdin.on("error", (error) => forward.destroy(error));
  return new StdioServerTransport(forward, stdout);
}

/** The error response for a line that is a JSON object with an id but not a valid message; undefined otherwise. */
function invalidRequestAnswer(line: string): object | undefined {
  const text = line.replace(/\r$/, "");
  try {
    deserializeMessage(text);
    return undefined;
  } catch (error) {
    if (error instanceof SyntaxError) return undefined; // not JSON: the SDK skips it, as JSON-RPC has no id to answer
  }
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof message !== "object" || message === null || Array.isArray(message)) return undefined;
  const { id, method } = message as { id?: unknown; method?: unknown };
  if ((typeof id !== "string" && typeof id !== "number") || typeof method !== "string") return undefined;
  return { jsonrpc: "2.0", id, error: { code: -32600, message: "Invalid Request: not a valid JSON-RPC request (params and _meta must be objects)" } };
}
