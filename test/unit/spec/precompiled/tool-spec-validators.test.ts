import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { toolSpecValidatorsSource } from "../../../../src/spec/tool-spec-codegen.js";

describe("src/spec/precompiled/tool-spec-validators.ts", () => {
  it("is ajv's code for schema/tool-spec.schema.json as it is now (else: npm run build:precompiled)", () => {
    const committed = readFileSync(new URL("../../../../src/spec/precompiled/tool-spec-validators.ts", import.meta.url), "utf8");
    expect(committed).toBe(toolSpecValidatorsSource());
    expect(committed).toMatch(/^export const tool = validate\d+;$/m);
    expect(committed).toMatch(/^export const toolsFile = validate\d+;$/m);
  });
});
