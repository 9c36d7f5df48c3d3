/** docs/reference/diff.md lists every diff rule with its class and reason, word for word. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { CHANGE_RULES } from "../../../src/contract/rules.js";
import { REPO_ROOT } from "../../helpers/project.js";

it("the rules table of docs/reference/diff.md is src/contract/rules.ts", () => {
  const page = readFileSync(path.join(REPO_ROOT, "docs", "reference", "diff.md"), "utf8");
  const rows = page.split("\n").filter((line) => /^\| `[a-z-]+` \| (breaking|dangerous|safe) \| /.test(line));
  const want = Object.entries(CHANGE_RULES).map(([code, rule]) => `| \`${code}\` | ${rule.class} | ${rule.reason.replace(/\|/g, "\\|")} |`);
  expect(rows).toEqual(want);
});
