// Writes src/spec/tool-spec-validators.ts from schema/tool-spec.schema.json (run after `tsc`).
import { writeFileSync } from "node:fs";
import { toolSpecValidatorsSource } from "../dist/spec/tool-spec-codegen.js";

writeFileSync(new URL("../src/spec/tool-spec-validators.ts", import.meta.url), toolSpecValidatorsSource());
