/** The spec format's schema, shipped in the package next to `dist/` and `src/`. */
export const TOOL_SPEC_SCHEMA_URL = new URL("../../schema/tool-spec.schema.json", import.meta.url);
