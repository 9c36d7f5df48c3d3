/**
 * Every example in specs/ as a test, through the real server: an in-memory MCP client
 * calls the tool, the input is validated, your handler runs, its output is checked.
 * `fixture` is called before each example (and each sequence): the fresh state its
 * server gets, so a run never depends on the one before and never touches real data.
 * Node's own test runner: `npm test`.
 */
import { test } from "node:test";
import { exampleTests } from "mcp-gen/runtime";
import { examples } from "../generated/examples.js";
import { registry } from "../generated/registry.js";
import { createServer } from "../generated/server.js";
import { handlers } from "../handlers/index.js";
import { createState } from "../state.js";

for (const example of exampleTests((options) => createServer(handlers, options), examples, { registry, fixture: createState })) {
  test(example.name, example.run);
}
