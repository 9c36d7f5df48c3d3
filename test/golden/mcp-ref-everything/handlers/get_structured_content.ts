import { ToolError } from "mcp-gen/runtime";
import type { GetStructuredContentHandler } from "../generated/tools/get_structured_content.js";

/** Returns structured content along with an output schema for client data validation */
export const getStructuredContent: GetStructuredContentHandler = async (input, context) => {
  throw new ToolError("get-structured-content is not implemented yet");
};
