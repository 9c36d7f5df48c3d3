/**
 * `mcp-gen docs`: load → check → model like `generate`, then write only the docs, to a
 * folder of the user's choice. The folder gets its own manifest, so pages of tools that
 * are gone are removed and files mcp-gen did not write are never touched. The one
 * exception is the folder `generate` writes its docs to (the default): there the docs
 * are part of generate's output and recorded in its manifest, never in a second one.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../../config/config.js";
import { hasErrors, sortDiagnostics, type Diagnostic } from "../../diagnostics/diagnostic.js";
import { createDiagnostic } from "../../diagnostics/messages.js";
import { docsOptions, emitDocs, type DocsFormat } from "../../emit/docs/docs.js";
import { renderFiles } from "../../emit/shared/generated-file.js";
import { loadProject } from "../../build/load-project.js";
import { BuildSession } from "../../build/session.js";
import type { ProjectModel } from "../../spec/model.js";
import { relativeInside, toPosix } from "../../util/posix.js";
import { applyPlan } from "../../write/apply.js";
import { MANIFEST_FILE, parseManifest } from "../../write/manifest.js";
import { planWrite } from "../../write/plan.js";

export interface BuildDocsOptions {
  /** Working directory; default process.cwd(). */
  cwd?: string;
  /** Explicit config file, relative to cwd. */
  config?: string;
  /** Default: the config's `docs.formats`, else markdown. */
  formats?: readonly DocsFormat[];
  /** Output folder, relative to cwd. Default: the config's `docs.out`, else `<out>/docs`. */
  out?: string;
}

export interface BuildDocsResult {
  exitCode: 0 | 1;
  diagnostics: Diagnostic[];
  sources: Map<string, string>;
  model?: ProjectModel;
  /** Absolute output folder. */
  outDir?: string;
  formats: DocsFormat[];
  /** Paths relative to the project root. */
  written: string[];
  removed: string[];
  /** A folder that cannot be written (it overlaps the docs `generate` writes): a usage error, nothing done. */
  usageError?: string;
}

export async function buildDocs(options: BuildDocsOptions = {}): Promise<BuildDocsResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const result: BuildDocsResult = { exitCode: 1, diagnostics: [], sources: new Map(), formats: [], written: [], removed: [] };
  const finish = (): BuildDocsResult => {
    result.diagnostics = sortDiagnostics(result.diagnostics);
    result.exitCode = hasErrors(result.diagnostics) ? 1 : 0;
    return result;
  };

  // One session for the run: the docs show error examples with the schemas the checks compiled.
  const memo = await new BuildSession().memo();
  const loaded = loadProject({ cwd, config: options.config }, memo);
  result.diagnostics.push(...loaded.diagnostics);
  result.sources = loaded.sources;
  if (!loaded.config) return finish();
  const config = loaded.config;
  const configured = docsConfig(config);
  result.formats = [...(options.formats && options.formats.length > 0 ? options.formats : configured.formats)];
  const outDir = options.out ? path.resolve(cwd, options.out) : configured.outDir;
  result.outDir = outDir;

  const generateDocs = path.join(config.outDir, docsOptions(config).dir ?? "docs");
  const overlap = overlapsGeneratedDocs(config.outDir, generateDocs, outDir, cwd);
  if (overlap) {
    result.usageError = overlap;
    return finish();
  }
  const shared = path.resolve(outDir) === path.resolve(generateDocs);

  const built = loaded.build;
  if (!built?.model || hasErrors(result.diagnostics)) return finish();
  result.model = built.model;

  const shown = (dir: string) => shownFrom(cwd, dir);
  // Nothing goes to the handlers area; the writer still wants a folder for it.
  const noHandlers = (dir: string) => path.join(dir, ".no-handlers");
  let plan;
  if (shared) {
    // generate's own docs folder: write as generate would, through its manifest, keeping
    // every other file it owns (types, validators, ...) as they are.
    const dir = toPosix(path.relative(config.outDir, generateDocs));
    if ([...configured.formats].sort().join() !== [...result.formats].sort().join()) {
      result.diagnostics.push(
        createDiagnostic({
          code: "MG060",
          messageId: "docsFormats",
          severity: "warning",
          format: { dir: shown(outDir), formats: configured.formats.join(" and ") },
          hint: "set `docs.formats` in the config, or write these docs to a folder of their own with --out",
        }),
      );
    }
    const files = await renderFiles(emitDocs(built.model, { formats: result.formats, dir }, memo.schemas, undefined, (tool) => memo.tokens.of(tool.wire)));
    const kept = ownedByGenerate(config.outDir).filter((file) => !file.startsWith(`${dir}/`));
    plan = await planWrite(files, { root: config.root, generated: config.outDir, handlers: noHandlers(config.outDir) }, { kept });
  } else {
    const files = await renderFiles(emitDocs(built.model, { formats: result.formats, dir: "" }, memo.schemas, undefined, (tool) => memo.tokens.of(tool.wire)));
    plan = await planWrite(files, { root: config.root, generated: outDir, handlers: noHandlers(outDir) });
  }
  result.diagnostics.push(...plan.diagnostics);
  if (hasErrors(plan.diagnostics)) return finish();
  const applied = await applyPlan(plan);
  result.written = applied.written;
  result.removed = applied.removed;
  result.diagnostics.push(...applied.diagnostics);
  return finish();
}

/**
 * Why `outDir` cannot take the docs: it lies inside the folder `generate` writes its docs
 * to, or it holds that folder and is itself inside generate's `out`. Both would mix two
 * owners of the same files. Undefined when it can.
 */
function overlapsGeneratedDocs(generatedDir: string, generateDocs: string, outDir: string, cwd: string): string | undefined {
  const insideDocs = relativeInside(generateDocs, outDir) !== undefined;
  const holdsDocs =
    relativeInside(outDir, generateDocs) !== undefined &&
    (path.resolve(outDir) === path.resolve(generatedDir) || relativeInside(generatedDir, outDir) !== undefined);
  if (!insideDocs && !holdsDocs) return undefined;
  const shown = (dir: string) => shownFrom(cwd, dir);
  return (
    `--out ${shown(outDir)} overlaps ${shown(generateDocs)}, where \`generate\` writes its docs: ` +
    `write the docs to ${shown(generateDocs)} itself, or to a folder outside ${shown(generatedDir)}`
  );
}

/** A folder as the CLI prints it: from the working directory, `.` for itself. */
function shownFrom(cwd: string, dir: string): string {
  return toPosix(path.relative(cwd, dir)) || ".";
}

/** The files generate's manifest lists (paths relative to its folder); none when there is no manifest yet. */
function ownedByGenerate(generatedDir: string): string[] {
  try {
    return parseManifest(readFileSync(path.join(generatedDir, MANIFEST_FILE), "utf8"));
  } catch {
    return [];
  }
}

/** The config's docs settings, with the defaults of a config that has none. */
function docsConfig(config: ResolvedConfig): { formats: DocsFormat[]; outDir: string } {
  const docs = config.docs as ResolvedConfig["docs"] | undefined;
  return {
    formats: docs?.formats && docs.formats.length > 0 ? [...docs.formats] : ["markdown"],
    outDir: docs?.outDir ?? path.join(config.outDir, "docs"),
  };
}
