// Rewrites the README's code and lint tables from the message catalogue (src/diagnostics/messages.ts).
// Run through `npm run docs:tables`, which compiles first: this reads dist/.
import { readFileSync, writeFileSync } from "node:fs";
import { updateDocsTables } from "../dist/diagnostics/docs-tables.js";

const readme = new URL("../README.md", import.meta.url);
const before = readFileSync(readme, "utf8");
const after = updateDocsTables(before);
if (after === before) {
  console.log("README.md: tables up to date");
} else {
  writeFileSync(readme, after);
  console.log("README.md: tables rewritten from the catalogue");
}
