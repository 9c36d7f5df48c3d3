/** The programmatic API: what the CLI itself uses. */
export { generate, generateWorkspace, emitAll, type GenerateOptions, type GenerateResult } from "./build/generate.js";
export { loadProject, type LoadedProject } from "./build/load-project.js";
export { resolveConfig, type ResolvedConfig } from "./config/config.js";
export { CONFIG_FILE_NAME } from "./config/names.js";
export { buildModel, type BuildResult } from "./spec/build-model.js";
export { findSpecFiles } from "./spec/find-specs.js";
export type { ProjectModel, ToolModel, WireTool, ToolIdentifiers, ToolExample, Dialect } from "./spec/model.js";
export type { Diagnostic, DiagnosticCode, Severity, Location } from "./diagnostics/diagnostic.js";
export { DIAGNOSTIC_CODES } from "./diagnostics/messages.js";
export { formatDiagnostic, formatDiagnostics, formatSummary, diagnosticsToJson } from "./diagnostics/format.js";
export { lintProject } from "./lint/lint.js";
export { LINT_RULES } from "./diagnostics/messages.js";
export { buildDocs } from "./commands/docs/build-docs.js";
export type { GeneratedFile, RenderedFile } from "./emit/shared/generated-file.js";
export { importToolList } from "./commands/import/import-tool-list.js";
export { listToolsFromServer } from "./commands/tool-source/from-server.js";
