/** Tool modules emitted for varied corpus tools, through tsc --strict. */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { typeCheck } from "../../helpers/project.js";
import { corpusToolModels, projectOf } from "../../helpers/project-model.js";
import { emitToolModules } from "../../../src/emit/tools/tool-modules.js";
import { rendered } from "../../helpers/rendered.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** A spread of the corpus: every server, and the tools with the oddest schemas. */
const TYPE_CHECKED_TOOLS = [
  "create_repository", // a property named `private`
  "explain", // anyOf and const
  "git_log", // Python: titles on every property, anyOf nullable
  "issue_write", // type arrays
  "projects_write", // the largest schema: anyOf, oneOf, a property named `items`
  "kiali_get_logs", // a property named `format`
  "kiali_manage_istio_config_read", // dependentRequired
  "vm_create", // oneOf
  "resources_list",
  "read_media_file", // outputSchema with const
  "sequentialthinking", // outputSchema with type arrays
  "create_entities", // draft-07 input and output
  "get_current_time",
  "fetch",
  "puppeteer_navigate",
  "get-tiny-image", // dash-case name
  "echo",
  "find",
  "calculate_sum",
  "list_global_security_advisories", // a property named `type`
];

describe("generated tool files type-check", () => {
  it("compiles ~20 varied corpus tools with tsc --strict", async () => {
    const tools = corpusToolModels().filter((tool) => TYPE_CHECKED_TOOLS.includes(tool.name));
    expect(tools.map((tool) => tool.name).sort()).toEqual([...TYPE_CHECKED_TOOLS].sort());
    const outDir = path.join(root, ".tmp", "emit-types", "corpus");
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(path.join(outDir, "tools"), { recursive: true });
    for (const file of await rendered(emitToolModules(projectOf(tools)))) writeFileSync(path.join(outDir, file.path), file.contents);
    const tsc = typeCheck(outDir, ["tools/*.ts"]);
    expect(tsc.output).toBe("");
    expect(tsc.status).toBe(0);
  });
});
