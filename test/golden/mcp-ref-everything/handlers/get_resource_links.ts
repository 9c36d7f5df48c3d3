import { ToolError } from "mcp-gen/runtime";
import type { GetResourceLinksHandler } from "../generated/tools/get_resource_links.js";

/** Returns up to ten resource links that reference different types of resources */
export const getResourceLinks: GetResourceLinksHandler = async (input, context) => {
  throw new ToolError("get-resource-links is not implemented yet");
};
