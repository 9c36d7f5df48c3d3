/**
 * Re-renders RESULTS.md from the raw figures of a run (.tmp/bench/summary.json) without
 * measuring again, e.g. after a change to the report's wording.
 * Usage: node bench/render.mjs [summary.json] [out.md]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { renderResults } from "./report.mjs";

const [input = ".tmp/bench/summary.json", output = "bench/RESULTS.md"] = process.argv.slice(2);
const { summary, context } = JSON.parse(readFileSync(input, "utf8"));
writeFileSync(output, renderResults(summary, context));
