/** What handlers of tools without outputSchema may return, and the CallToolResult each becomes. */
import { describe, expect, it } from "vitest";
import { normalizeReturn, structuredResult, textResult } from "../../../src/runtime/results.js";
import type { CallToolResult, ContentBlock } from "../../../src/runtime/types.js";

const BLOCKS: Record<ContentBlock["type"], ContentBlock> = {
  text: { type: "text", text: "hello" },
  image: { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
  audio: { type: "audio", data: "UklGRg==", mimeType: "audio/wav" },
  resource_link: { type: "resource_link", uri: "file:///report.csv", name: "report.csv", mimeType: "text/csv" },
  resource: { type: "resource", resource: { uri: "memo://1", mimeType: "text/plain", text: "note" } },
};

describe("normalizeReturn", () => {
  it("a string becomes one text block", () => {
    expect(normalizeReturn("sunny")).toEqual({ content: [{ type: "text", text: "sunny" }] });
  });

  it("an empty string is still a text block", () => {
    expect(normalizeReturn("")).toEqual({ content: [{ type: "text", text: "" }] });
  });

  it.each(Object.entries(BLOCKS))("one %s block becomes the only content", (_type, block) => {
    expect(normalizeReturn(block)).toEqual({ content: [block] });
  });

  it("an array of every block type is the content, in order and unchanged", () => {
    const blocks = Object.values(BLOCKS);
    const result = normalizeReturn(blocks);
    expect(result).toEqual({ content: blocks });
    expect(result!.content).toBe(blocks);
  });

  it("an embedded binary resource is a block", () => {
    const block: ContentBlock = { type: "resource", resource: { uri: "file:///a.bin", blob: "AAEC" } };
    expect(normalizeReturn([block])).toEqual({ content: [block] });
  });

  it("an empty array is empty content", () => {
    expect(normalizeReturn([])).toEqual({ content: [] });
  });

  it.each<[string, CallToolResult]>([
    ["plain", { content: [BLOCKS.text] }],
    ["isError", { content: [{ type: "text", text: "no such city" }], isError: true }],
    ["structuredContent and _meta", { content: [BLOCKS.image], structuredContent: { a: 1 }, _meta: { "x/y": 1 } }],
    ["empty content", { content: [] }],
  ])("a CallToolResult (%s) passes through as the same object", (_what, value) => {
    expect(normalizeReturn(value)).toBe(value);
  });

  it("undefined (a handler that returns nothing) is empty content", () => {
    expect(normalizeReturn(undefined)).toEqual({ content: [] });
  });

  it.each<[string, unknown]>([
    ["a number", 42],
    ["a boolean", true],
    ["null", null],
    ["an object without content", { text: "hi" }],
    ["an object whose content is not an array", { content: "hi" }],
    ["a CallToolResult with a non-block", { content: [{ type: "text", text: "a" }, { kind: "text" }] }],
    ["a block of an unknown type", { type: "video", data: "x" }],
    ["an array with a non-block", [BLOCKS.text, "plain string"]],
    ["an array with null", [BLOCKS.text, null]],
    ["an array of arrays", [[BLOCKS.text]]],
  ])("%s is not a valid return: undefined", (_what, value) => {
    expect(normalizeReturn(value as never)).toBeUndefined();
  });
});

describe("textResult and structuredResult", () => {
  it("textResult sets isError only for errors", () => {
    expect(textResult("ok")).toEqual({ content: [{ type: "text", text: "ok" }] });
    expect("isError" in textResult("ok")).toBe(false);
    expect(textResult("bad", true)).toEqual({ content: [{ type: "text", text: "bad" }], isError: true });
  });

  it("structuredResult sends the object and its JSON text", () => {
    const output = { temperature: 21.5, conditions: ["sun", "wind"], nested: { "a/b": null } };
    const result = structuredResult(output);
    expect(result).toEqual({ content: [{ type: "text", text: JSON.stringify(output) }], structuredContent: output });
    expect(result!.content[0]).toEqual({ type: "text", text: '{"temperature":21.5,"conditions":["sun","wind"],"nested":{"a/b":null}}' });
  });

  it("structuredResult's structuredContent is what the client will read: the JSON parsed back", () => {
    const output = { n: Number.NaN, big: Number.POSITIVE_INFINITY, when: new Date(0), gone: undefined, list: [undefined] };
    expect(structuredResult(output)).toEqual({
      content: [{ type: "text", text: '{"n":null,"big":null,"when":"1970-01-01T00:00:00.000Z","list":[null]}' }],
      structuredContent: { n: null, big: null, when: "1970-01-01T00:00:00.000Z", list: [null] },
    });
    expect(structuredResult(undefined)).toBeUndefined();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => structuredResult(cyclic)).toThrow(TypeError);
    expect(() => structuredResult({ n: 1n })).toThrow(TypeError);
  });
});

describe("normalizeReturn: malformed blocks never reach the wire", () => {
  it.each([
    ["text without text", { type: "text" }],
    ["text with a number", { type: "text", text: 5 }],
    ["image without mimeType", { type: "image", data: "AAAA" }],
    ["audio without data", { type: "audio", mimeType: "audio/wav" }],
    ["resource_link without name", { type: "resource_link", uri: "file:///a" }],
    ["resource without contents", { type: "resource", resource: { uri: "file:///a" } }],
    ["resource that is not an object", { type: "resource", resource: "file:///a" }],
    ["an inherited type name", { type: "toString" }],
  ])("%s -> undefined (an internal failure, not a bad result)", (_what, block) => {
    expect(normalizeReturn(block as never)).toBeUndefined();
    expect(normalizeReturn([block] as never)).toBeUndefined();
  });
});
