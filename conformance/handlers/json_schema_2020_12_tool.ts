import type { JsonSchema202012ToolHandler } from "../generated/tools/json_schema_2020_12_tool.js";

/** Scenario `json-schema-2020-12` only lists this tool; a call echoes its validated arguments. */
export const jsonSchema202012Tool: JsonSchema202012ToolHandler = async (input) => `JSON Schema 2020-12 tool called with: ${JSON.stringify(input)}`;
