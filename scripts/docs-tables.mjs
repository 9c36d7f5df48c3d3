// Rewrites the code and lint tables of the documentation site's diagnostics page
// (docs/reference/diagnostics.md) from the message catalogue (src/diagnostics/messages.ts).
// Run through `npm run docs:tables`, which compiles first: this reads dist/.
import { readFileSync, writeFileSync } from "node:fs";
import { updateDocsTables } from "../dist/diagnostics/docs-tables.js";

const page = new URL("../docs/reference/diagnostics.md", import.meta.url);
const before = readFileSync(page, "utf8");
const after = updateDocsTables(before);
if (after === before) {
  console.log("docs/reference/diagnostics.md: tables up to date");
} else {
  writeFileSync(page, after);
  console.log("docs/reference/diagnostics.md: tables rewritten from the catalogue");
}
