// Preloaded (NODE_OPTIONS=--require) into every Node process a benchmark row starts:
// on exit, appends "<pid> <peak RSS in KB>" to $BENCH_RSS_FILE. Portable where
// /usr/bin/time -v is not, and it counts the process itself, not the shell around it.
"use strict";
const file = process.env.BENCH_RSS_FILE;
if (file) {
  process.on("exit", () => {
    try {
      require("node:fs").appendFileSync(file, `${process.pid} ${process.resourceUsage().maxRSS}\n`);
    } catch {
      // a benchmark must not change the exit of what it measures
    }
  });
}
