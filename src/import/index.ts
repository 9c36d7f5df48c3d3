export { importToolList, type ImportOptions, type ImportResult, type ImportedSpec } from "./import-tool-list.js";
export { readToolListFile, jsonErrorPosition, type ReadToolListResult } from "./read-tool-list.js";
export { specFileNames, fileBaseName } from "./file-names.js";
export { toolToYaml } from "./to-yaml.js";
export { findToolList, type DumpPath } from "./tool-list.js";
