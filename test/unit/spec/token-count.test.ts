/**
 * Token counts of tools/list entries (src/spec/token-count.ts): the published values of
 * the encoding, what counts as a part, and that the tokenizer loads only for a count.
 */
import { describe, expect, test } from "vitest";
import { countTokens, TOKEN_ENCODING, toolTokens } from "../../../src/spec/token-count.js";

describe("countTokens", () => {
  // o200k_base's published encodings: tiktoken's own test suite encodes "hello world" as
  // [24912, 2375]; OpenAI's cookbook ("How to count tokens with tiktoken") encodes
  // "tiktoken is great!" as [83, 8251, 2488, 382, 2212, 0].
  test.each([
    ["hello world", 2],
    ["tiktoken is great!", 6],
    ["", 0],
  ])("%j is %i tokens in o200k_base", (text, tokens) => {
    expect(TOKEN_ENCODING).toBe("o200k_base");
    expect(countTokens(text)).toBe(tokens);
  });

  test("text spelling a special token is counted as text, not refused", () => {
    expect(countTokens("<|endoftext|>")).toBeGreaterThan(1);
  });
});

describe("toolTokens", () => {
  const entry = {
    name: "get_weather",
    title: "Weather",
    description: "Get current weather for a location.",
    inputSchema: { type: "object", properties: { location: { type: "string" } }, required: ["location"] },
    annotations: { readOnlyHint: true },
  };

  test("the total is the entry as sent: compact JSON in wire order", () => {
    expect(toolTokens(entry).total).toBe(countTokens(JSON.stringify(entry)));
  });

  test('each member present is a part, counted as `"key":value`; absent members are no part', () => {
    const { parts } = toolTokens(entry);
    expect(Object.keys(parts)).toEqual(["name", "title", "description", "inputSchema", "annotations"]);
    expect(parts.description).toBe(countTokens('"description":"Get current weather for a location."'));
    expect(parts.inputSchema).toBe(countTokens(`"inputSchema":${JSON.stringify(entry.inputSchema)}`));
    expect(parts.outputSchema).toBeUndefined();
  });

  test("the parts add up to about the total (merges across member boundaries, braces)", () => {
    const { total, parts } = toolTokens(entry);
    const sum = Object.values(parts).reduce<number>((a, b) => a + (b ?? 0), 0);
    expect(Math.abs(sum - total)).toBeLessThanOrEqual(Object.keys(parts).length + 1);
  });

  test("other members (icons, _meta, execution) are parts under their own names", () => {
    const { parts } = toolTokens({ name: "t", inputSchema: { type: "object" }, _meta: { a: 1 }, execution: { taskSupport: "optional" } });
    expect(Object.keys(parts)).toEqual(["name", "inputSchema", "_meta", "execution"]);
  });

  test("a longer description costs more", () => {
    const longer = { ...entry, description: `${entry.description} Returns temperature, conditions and humidity.` };
    expect(toolTokens(longer).parts.description).toBeGreaterThan(toolTokens(entry).parts.description ?? 0);
    expect(toolTokens(longer).total).toBeGreaterThan(toolTokens(entry).total);
  });
});

describe("hostile lengths", () => {
  // The tokenizer's merges are quadratic in one piece's length: before slicing, a 10 MB word
  // (the hostile corpus has one) never finished, and blocked the process while it tried.
  test("a run of millions of letters or of punctuation is counted in slices, as its slices add up", () => {
    expect(countTokens("x".repeat(400))).toBe(50);
    expect(countTokens("x".repeat(2_000_000))).toBe((2_000_000 / 400) * 50);
    const punctuation = "-".repeat(3_000);
    expect(countTokens(`before ${punctuation} after`)).toBe(
      countTokens("before ") + countTokens("-".repeat(400)) * 7 + countTokens("-".repeat(200)) + countTokens(" after"),
    );
  });

  test("text without such runs is counted exactly, in one piece", () => {
    const words = "hello world ".repeat(10_000);
    expect(countTokens(words)).toBe(20_001); // two a repetition, and the last space
    expect(countTokens(`${"x".repeat(400)} tail`)).toBe(countTokens("x".repeat(400)) + countTokens(" tail"));
  });
});

test("a text of megabytes goes in blocks cut at spaces, so words are counted whole", () => {
  expect(countTokens("x".repeat(10_000_000))).toBe(10_000_000 / 8);
  expect(countTokens("hello world ".repeat(100_000))).toBe(200_001);
});
