/** The default server log: JSON lines on stderr that never throw, whatever the data. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorDetails, silentLogger, stderrLogger } from "../../../src/runtime/logger.js";

function captureStderr(): string[] {
  const lines: string[] = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe("stderrLogger", () => {
  it("writes one JSON line per call, from the threshold up", () => {
    const lines = captureStderr();
    const log = stderrLogger("warn");
    log.debug("d");
    log.info("i");
    log.warn("w", { tool: "x" });
    log.error("e");
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.endsWith("\n") && l.indexOf("\n") === l.length - 1)).toBe(true);
    const [warn, error] = lines.map((l) => JSON.parse(l));
    expect(warn).toEqual({ time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: "warn", msg: "w", data: { tool: "x" } });
    expect(error).toEqual({ time: expect.any(String), level: "error", msg: "e" });
  });

  it("keeps an Error's name, message and stack", () => {
    const lines = captureStderr();
    stderrLogger().error("failed", new TypeError("bad /home/x"));
    const data = JSON.parse(lines[0]).data;
    expect(data.name).toBe("TypeError");
    expect(data.message).toBe("bad /home/x");
    expect(data.stack).toMatch(/\n\s+at /);
  });

  it.each<[string, () => unknown]>([
    [
      "circular",
      () => {
        const o: Record<string, unknown> = {};
        o.self = o;
        return o;
      },
    ],
    ["a BigInt", () => ({ n: 1n })],
    [
      "a throwing toJSON",
      () => ({
        toJSON: () => {
          throw new Error("no");
        },
      }),
    ],
  ])("data that JSON cannot hold (%s) is logged as [unserializable], without throwing", (_what, make) => {
    const lines = captureStderr();
    expect(() => stderrLogger().error("oops", make())).not.toThrow();
    expect(JSON.parse(lines[0])).toEqual({ time: expect.any(String), level: "error", msg: "oops", data: "[unserializable]" });
  });

  it("silentLogger writes nothing", () => {
    const lines = captureStderr();
    silentLogger.error("x", new Error("y"));
    expect(lines).toEqual([]);
  });
});

describe("errorDetails", () => {
  it.each<[string, unknown, unknown]>([
    ["a string", "boom", { thrown: "boom" }],
    ["a number", 7, { thrown: "7" }],
    ["null", null, { thrown: "null" }],
    ["undefined", undefined, { thrown: "undefined" }],
    ["a symbol", Symbol("s"), { thrown: "Symbol(s)" }],
    ["an object", { a: 1 }, { thrown: '{"a":1}' }],
    [
      "a circular object",
      (() => {
        const o: Record<string, unknown> = {};
        o.o = o;
        return o;
      })(),
      { thrown: "[object Object]" },
    ],
  ])("%s", (_what, value, expected) => {
    expect(errorDetails(value)).toEqual(expected);
  });
});
