import { ToolError } from "mcp-gen/runtime";
import type { GetResourceReferenceHandler } from "../generated/tools/get_resource_reference.js";

/** Returns a resource reference that can be used by MCP clients */
export const getResourceReference: GetResourceReferenceHandler = async (input, context) => {
  throw new ToolError("get-resource-reference is not implemented yet");
};
