import { ToolError } from "mcp-gen/runtime";
import { describe, expect, it } from "vitest";
import { exportRecords } from "../../../../handlers/export_records.js";
import { fakeContext } from "./fake-context.js";

describe("export_records", () => {
  it("writes the table batch by batch, reporting each one as progress", async () => {
    const context = fakeContext();
    const result = await exportRecords({ table: "orders", rows: 600, batchSize: 250 }, context);
    expect(result).toEqual({ table: "orders", rows: 600, batches: 3, file: "exports/orders.csv" });
    expect(context.progressCalls).toEqual([
      { done: 250, total: 600, message: "exported 250 of 600 rows" },
      { done: 500, total: 600, message: "exported 500 of 600 rows" },
      { done: 600, total: 600, message: "exported 600 of 600 rows" },
    ]);
  });

  it("stops when its signal aborts (the task was cancelled or expired)", async () => {
    const context = fakeContext({ onProgress: (done) => done === 250 && context.abort() });
    await expect(exportRecords({ table: "invoices", rows: 1000, batchSize: 250 }, context)).rejects.toThrow(
      new ToolError("the export of invoices was stopped after 1 of 4 batches"),
    );
    expect(context.progressCalls).toHaveLength(1);
  });
});
