/** Writes emitted docs to a folder under .tmp/docs/ for tests that build or open them. */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { resolveConfig } from "../../src/config/config.js";
import type { RenderedFile } from "../../src/emit/shared/generated-file.js";
import { buildModel } from "../../src/spec/build-model.js";
import type { ProjectModel } from "../../src/spec/model.js";
import { REPO_ROOT } from "./project.js";

export const DOCS_TMP = path.join(REPO_ROOT, ".tmp", "docs");
export const ARTIFACTS = path.join(REPO_ROOT, ".tmp", "artifacts");

/** A fresh folder `.tmp/docs/<name>` holding `files` (paths relative to the generated area). */
export function writeSite(name: string, files: readonly RenderedFile[], strip = ""): string {
  const dir = path.join(DOCS_TMP, name);
  rmSync(dir, { recursive: true, force: true });
  for (const file of files) {
    const full = path.join(dir, ...file.path.slice(strip.length).split("/"));
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, file.contents);
  }
  return dir;
}

/** The demo project's model, built from specs/ as `generate` builds it. */
export function demoModel(): ProjectModel {
  const { config } = resolveConfig({ cwd: REPO_ROOT });
  if (!config) throw new Error("the demo's config does not resolve");
  const built = buildModel(config);
  if (!built.model) throw new Error(`the demo's specs do not build: ${JSON.stringify(built.diagnostics)}`);
  return built.model;
}
