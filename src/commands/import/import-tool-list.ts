/**
 * `mcp-gen import`: one YAML spec per tool of a `tools/list` dump, each parsing back to
 * exactly the tool it came from, so the generated server lists what the old one did.
 */
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { createDiagnostic } from "../../diagnostics/messages.js";
import { sanitizeForComment } from "../../emit/shared/header.js";
import { specFileNames } from "./file-names.js";
import { toolToYaml } from "./to-yaml.js";
import { findToolList, type DumpPath } from "../tool-source/tool-list.js";

export interface ImportOptions {
  /** Written as `# yaml-language-server: $schema=<schemaComment>` on the first line. */
  schemaComment?: string;
  /** The dump's path as diagnostics should print it; without it diagnostics carry no location. */
  source?: string;
  /** Where a value of the dump sits in its text (see `readToolListFile`). */
  locate?: (path: DumpPath) => Position;
}

export interface ImportedSpec {
  /** File name relative to the specs folder, e.g. `get_weather.yaml`. */
  path: string;
  contents: string;
  /** The tool's name as in the dump. */
  tool: string;
}

export interface ImportResult {
  files: ImportedSpec[];
  diagnostics: Diagnostic[];
}

/** An MG010 diagnostic placed in the dump, when the dump is a file. */
function inDump(options: ImportOptions, diagnostic: Diagnostic, path: DumpPath): Diagnostic {
  if (options.source !== undefined) {
    const position = options.locate?.(path) ?? { line: 1, column: 1 };
    diagnostic.location = { file: options.source, line: position.line, column: position.column };
  }
  return diagnostic;
}

export function importToolList(data: unknown, options: ImportOptions = {}): ImportResult {
  const found = findToolList(data);
  if ("error" in found)
    return { files: [], diagnostics: [inDump(options, createDiagnostic({ code: "MG010", messageId: "notToolList", format: { problem: found.error } }), [])] };

  const diagnostics: Diagnostic[] = [];
  if (found.nextCursor) {
    const cursor = JSON.stringify(found.nextCursor.value.slice(0, 40));
    diagnostics.push(
      inDump(options, createDiagnostic({ code: "MG010", messageId: "onePage", severity: "warning", format: { cursor } }), found.nextCursor.path),
    );
  }
  const tools: Array<Record<string, unknown> & { name: string }> = [];
  found.tools.forEach((tool, index) => {
    const path = [...found.path, index];
    if (typeof tool !== "object" || tool === null || Array.isArray(tool)) {
      // A warning: the other tools are still imported.
      diagnostics.push(
        inDump(options, createDiagnostic({ code: "MG010", messageId: "toolNotObject", severity: "warning", format: { number: index + 1 } }), path),
      );
    } else if (typeof (tool as Record<string, unknown>).name !== "string") {
      const hasName = Object.hasOwn(tool, "name");
      diagnostics.push(
        inDump(
          options,
          createDiagnostic({ code: "MG010", messageId: "toolWithoutName", severity: "warning", format: { number: index + 1 } }),
          hasName ? [...path, "name"] : path,
        ),
      );
    } else {
      tools.push(tool as Record<string, unknown> & { name: string });
    }
  });

  const header = options.schemaComment === undefined ? "" : `# yaml-language-server: $schema=${sanitizeForComment(options.schemaComment)}\n`;
  const names = specFileNames(tools.map((t) => t.name));
  const files = tools.map((tool, i) => ({ path: names[i], contents: header + toolToYaml(tool), tool: tool.name }));
  return { files, diagnostics };
}
