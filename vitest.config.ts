/**
 * Three tiers (test/README.md): `unit` spawns no process and needs no build;
 * `e2e` spawns processes (the CLI, tsc, servers, npm pack, browsers, VitePress) and `slow`
 * runs fuzzing, random specs and the randomized lifecycle, both against a fresh build.
 */
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const runtimeSource = fileURLToPath(new URL("./src/runtime/index.ts", import.meta.url));

export default defineConfig({
  test: {
    projects: [
      {
        // The demo's handlers and generated code import the runtime by its package name:
        // the unit tier gives them the source, so it tests what is checked out, not the last build.
        resolve: { alias: [{ find: /^mcp-gen\/runtime$/, replacement: runtimeSource }] },
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // In-process tests only: threads start faster than forks, and one per core (vitest's
          // default leaves one core to itself, which on 2 cores ran the tier file by file).
          pool: "threads",
          maxWorkers: availableParallelism(),
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: "slow",
          include: ["test/slow/**/*.test.ts"],
          globalSetup: ["test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
