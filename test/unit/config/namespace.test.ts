/** `namespace:` prefixes every tool name end to end: tools/list payload, types, handlers. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../../src/build/generate.js";
import { removeProject, tempProject } from "../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

const SPEC =
  "name: create_issue\ndescription: Open an issue.\ninputSchema:\n  type: object\n  properties:\n    title: { type: string, description: Issue title }\n  required: [title]\n";

describe("namespace", () => {
  it("names the tool github_create_issue in the registry, the types, the handler and its file", async () => {
    const dir = tempProject("namespace", {
      "package.json": JSON.stringify({ name: "ns-demo", version: "1.0.0", type: "module" }),
      "mcp-gen.config.yaml": "namespace: github\n",
      "specs/create_issue.yaml": SPEC,
    });
    dirs.push(dir);
    const result = await generate({ cwd: dir });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.model?.tools.map((t) => [t.name, t.wire.name, t.ids.handler, t.ids.inputType])).toEqual([
      ["github_create_issue", "github_create_issue", "githubCreateIssue", "GithubCreateIssueInput"],
    ]);
    expect(existsSync(path.join(dir, "generated/tools/github_create_issue.ts"))).toBe(true);
    expect(readFileSync(path.join(dir, "handlers/index.ts"), "utf8")).toContain("github_create_issue: githubCreateIssue");
  });

  it.each([
    ["github.", "github.create_issue"],
    ["gh-", "gh-create_issue"],
  ])("uses a namespace ending in a separator as is: %s", async (namespace, expected) => {
    const dir = tempProject("namespace", { "mcp-gen.config.yaml": `namespace: "${namespace}"\n`, "specs/create_issue.yaml": SPEC });
    dirs.push(dir);
    const result = await generate({ cwd: dir, check: true });
    expect(result.model?.tools.map((t) => t.name)).toEqual([expected]);
  });

  it("reports a namespaced name over MCP's 128 characters at the spec's name (MG012)", async () => {
    const long = `t${"x".repeat(100)}`;
    const dir = tempProject("namespace", {
      "mcp-gen.config.yaml": `namespace: ${"n".repeat(40)}\n`,
      "specs/long.yaml": SPEC.replace("create_issue", long),
    });
    dirs.push(dir);
    const result = await generate({ cwd: dir, check: true });
    expect(result.exitCode).toBe(1);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: "MG012",
        message: expect.stringMatching(/142 characters long.*with namespace `n+`/),
        location: expect.objectContaining({ file: "specs/long.yaml", line: 1 }),
      }),
    );
  });
});
