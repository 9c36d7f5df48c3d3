// Writes what mcp-gen precompiles from its own sources (run after `tsc`):
// src/spec/precompiled/tool-spec-validators.ts from schema/tool-spec.schema.json, and
// src/emit/precompiled/templates.ts from templates/*.hbs.
import { writeFileSync } from "node:fs";
import { precompiledTemplatesSource } from "../dist/emit/shared/templates-codegen.js";
import { toolSpecValidatorsSource } from "../dist/spec/tool-spec-codegen.js";

writeFileSync(new URL("../src/spec/precompiled/tool-spec-validators.ts", import.meta.url), toolSpecValidatorsSource());
writeFileSync(new URL("../src/emit/precompiled/templates.ts", import.meta.url), precompiledTemplatesSource());
