export { planWrite, type PlannedFile, type WriteAction, type WriteDirs, type WriteOptions, type WritePlan } from "./plan.js";
export { applyPlan, type ApplyResult } from "./apply.js";
export { MANIFEST_FILE, parseManifest, renderManifest, type Manifest } from "./manifest.js";
export { nodeWriterFs, type WriterFs } from "./fs.js";
