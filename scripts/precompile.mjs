// Writes what mcp-gen precompiles from its own sources (run after `tsc`):
// src/spec/tool-spec-validators.ts from schema/tool-spec.schema.json, and
// src/emit/templates-precompiled.ts from templates/*.hbs.
import { writeFileSync } from "node:fs";
import { precompiledTemplatesSource } from "../dist/emit/templates-codegen.js";
import { toolSpecValidatorsSource } from "../dist/spec/tool-spec-codegen.js";

writeFileSync(new URL("../src/spec/tool-spec-validators.ts", import.meta.url), toolSpecValidatorsSource());
writeFileSync(new URL("../src/emit/templates-precompiled.ts", import.meta.url), precompiledTemplatesSource());
