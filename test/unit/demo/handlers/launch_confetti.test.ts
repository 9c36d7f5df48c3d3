import { ToolError } from "mcp-gen/runtime";
import { describe, expect, it } from "vitest";
import { launchConfetti } from "../../../../handlers/launch_confetti.js";
import { fakeContext } from "./fake-context.js";

describe("launch_confetti", () => {
  it("counts down through progress, then reports the launch", async () => {
    const context = fakeContext();
    const result = await launchConfetti({ color: "gold", intensity: "low", location: "main office" }, context);
    expect(result).toBe("Launched gold confetti (low) in main office");
    expect(context.progressCalls).toEqual([
      { done: 0, total: 3, message: "3…" },
      { done: 1, total: 3, message: "2…" },
      { done: 2, total: 3, message: "1…" },
      { done: 3, total: 3, message: "launched" },
    ]);
    expect(context.logLines.filter((line) => line.client)).toEqual([
      { level: "info", message: "Launched gold confetti (low) in main office", data: undefined, client: true },
    ]);
  });

  it("launches at medium intensity when none is given", async () => {
    expect(await launchConfetti({ color: "blue", location: "living room" }, fakeContext())).toBe("Launched blue confetti (medium) in living room");
  });

  it("stops the countdown when cancelled mid-way", async () => {
    const context = fakeContext({ onProgress: (done) => done === 1 && context.abort() });
    await expect(launchConfetti({ color: "gold", location: "main office" }, context)).rejects.toThrow(new ToolError("launch cancelled"));
    expect(context.progressCalls.map((p) => p.message)).toEqual(["3…", "2…"]);
  });

  it("does not start when already cancelled", async () => {
    const context = fakeContext();
    context.abort();
    await expect(launchConfetti({ color: "gold", location: "main office" }, context)).rejects.toThrow(new ToolError("launch cancelled"));
    expect(context.progressCalls).toHaveLength(1);
  });
});
