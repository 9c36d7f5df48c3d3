/** The manifest records the stubs it creates; a `remove` takes back only a file still holding that text. */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { GeneratedFile } from "../../../src/emit/shared/generated-file.js";
import { applyPlan } from "../../../src/write/apply.js";
import { MANIFEST_FILE, parseManifestHandlers } from "../../../src/write/manifest.js";
import { planWrite } from "../../../src/write/plan.js";
import { textHash } from "../../../src/util/text-hash.js";
import { freshProject, gen } from "./helpers.js";

const STUB = "export const a = 1;\n";
const created = (p: string, contents: string): GeneratedFile => ({ area: "handlers", path: p, contents, mode: "create", takeBack: true });
const takeBack = (p: string, contents: string): GeneratedFile => ({ area: "handlers", path: p, contents, mode: "remove" });

describe("handler stubs taken back", () => {
  it("records a created stub's hash, removes it while unchanged, and forgets it", async () => {
    const dirs = freshProject();
    await applyPlan(await planWrite([gen("a.ts", "x"), created("a.ts", STUB), { area: "handlers", path: "index.ts", contents: "i", mode: "create" }], dirs));
    const record = () => parseManifestHandlers(readFileSync(path.join(dirs.generated, MANIFEST_FILE), "utf8"));
    expect([...record()]).toEqual([["a.ts", textHash(STUB)]]);

    // A later run that creates nothing keeps the record while the file is there.
    await applyPlan(await planWrite([gen("a.ts", "x")], dirs));
    expect(record().get("a.ts")).toBe(textHash(STUB));

    const plan = await planWrite([gen("a.ts", "x"), takeBack("a.ts", STUB)], dirs);
    expect(plan.actions.find((a) => a.area === "handlers")?.action).toBe("remove");
    expect(plan.pendingHandlers).toEqual(["handlers/a.ts"]);
    const applied = await applyPlan(plan);
    expect(applied.removed).toEqual(["handlers/a.ts"]);
    expect(existsSync(path.join(dirs.handlers, "a.ts"))).toBe(false);
    expect(record().size).toBe(0);
  });

  it("keeps a file whose text is not what the emitter read: an edit wins", async () => {
    const dirs = freshProject();
    await applyPlan(await planWrite([created("a.ts", STUB)], dirs));
    writeFileSync(path.join(dirs.handlers, "a.ts"), "// mine\n");
    const plan = await planWrite([takeBack("a.ts", STUB)], dirs);
    expect(plan.actions.find((a) => a.area === "handlers")?.action).toBe("keep");
    await applyPlan(plan);
    expect(readFileSync(path.join(dirs.handlers, "a.ts"), "utf8")).toBe("// mine\n");
  });

  it("keeps a file edited between planning and applying", async () => {
    const dirs = freshProject();
    await applyPlan(await planWrite([created("a.ts", STUB)], dirs));
    const plan = await planWrite([takeBack("a.ts", STUB)], dirs);
    writeFileSync(path.join(dirs.handlers, "a.ts"), "// mine\n");
    const applied = await applyPlan(plan);
    expect(applied.removed).toEqual([]);
    expect(readFileSync(path.join(dirs.handlers, "a.ts"), "utf8")).toBe("// mine\n");
  });

  it("a stub the author deleted leaves the manifest as it is (so `--check` stays clean) until it changes anyway", async () => {
    const dirs = freshProject();
    await applyPlan(await planWrite([gen("a.ts", "x"), created("a.ts", STUB)], dirs));
    rmSync(path.join(dirs.handlers, "a.ts"));
    const plan = await planWrite([gen("a.ts", "x")], dirs);
    expect(plan.actions.find((a) => a.areaPath === MANIFEST_FILE)?.action).toBe("unchanged");
    await applyPlan(await planWrite([gen("a.ts", "x"), gen("b.ts", "y")], dirs));
    expect(parseManifestHandlers(readFileSync(path.join(dirs.generated, MANIFEST_FILE), "utf8")).size).toBe(0);
  });
});
