/**
 * The demo's spec examples as tests, the way a user's project runs them: every example
 * in generated/examples.ts goes through the real server dispatch (an in-memory MCP
 * client, input validation, the demo handler, output validation).
 */
import path from "node:path";
import { exampleTests, runExamples } from "mcp-gen/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { examples } from "../../../generated/examples.js";
import { registry } from "../../../generated/registry.js";
import { createServer } from "../../../generated/server.js";
import { handlers } from "../../../handlers/index.js";
import { resetUserDirectory } from "../../../handlers/lib/user-directory.js";
import { removeProject, tempProject } from "../../helpers/project.js";

const server = (options: object) => createServer(handlers, options);

let base: string;
const previousRoot = process.env.MCP_DEMO_FILES_ROOT;
beforeAll(() => {
  base = tempProject("demo-examples");
  // Not created yet: the file tools then seed it with their sample files, which the examples use.
  process.env.MCP_DEMO_FILES_ROOT = path.join(base, "files");
  resetUserDirectory();
});
afterAll(() => {
  if (previousRoot === undefined) delete process.env.MCP_DEMO_FILES_ROOT;
  else process.env.MCP_DEMO_FILES_ROOT = previousRoot;
  removeProject(base);
});

describe("demo spec examples through the real dispatch", () => {
  for (const example of exampleTests(server, examples, { registry })) it(example.name, example.run);

  it("covers every tool, and every rejection is the input validator's", async () => {
    expect(new Set(examples.map((e) => e.tool))).toEqual(new Set(Object.keys(registry)));
    // A second pass needs the state the examples start from (delete_file deleted its draft).
    process.env.MCP_DEMO_FILES_ROOT = path.join(base, "files-again");
    resetUserDirectory();
    const outcomes = await runExamples(server, examples, { registry });
    expect(outcomes.filter((o) => !o.pass).map((o) => o.message)).toEqual([]);
    for (const outcome of outcomes.filter((o) => o.example.error)) {
      expect(outcome.message).toMatch(/^specs\/\w+\.yaml:\d+:\d+: \w+: .+: rejected: Invalid arguments for tool "\w+": \//);
      expect(outcome.result?.isError).toBe(true);
    }
  });
});
