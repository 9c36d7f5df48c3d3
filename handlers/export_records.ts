import { ToolError } from "mcp-gen/runtime";
import type { ExportRecordsHandler } from "../generated/tools/export_records.js";
import { delay } from "./lib/delay.js";

/** How long the simulated export takes to write one batch. */
const BATCH_MS = 50;

/**
 * Export a table of records to a CSV file (simulated). A long-running tool: its spec says
 * `execution.taskSupport: optional`, so a client that supports tasks gets a task it polls,
 * and this handler is written as any other: it reports progress (the task's status message)
 * and stops when its signal aborts (the task was cancelled, or it outlived its ttl).
 */
export const exportRecords: ExportRecordsHandler = async (input, context) => {
  // The runtime fills in the schema's defaults; the fallbacks only satisfy the input type.
  const rows = input.rows ?? 1000;
  const batchSize = input.batchSize ?? 250;
  const batches = Math.ceil(rows / batchSize);
  for (let batch = 1; batch <= batches; batch++) {
    if (!(await delay(BATCH_MS, context.signal))) throw new ToolError(`the export of ${input.table} was stopped after ${batch - 1} of ${batches} batches`);
    const written = Math.min(batch * batchSize, rows);
    await context.progress(written, rows, `exported ${written} of ${rows} rows`);
  }
  return { table: input.table, rows, batches, file: `exports/${input.table}.csv` };
};
