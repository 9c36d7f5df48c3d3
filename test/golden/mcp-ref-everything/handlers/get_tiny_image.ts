import { ToolError } from "mcp-gen/runtime";
import type { GetTinyImageHandler } from "../generated/tools/get_tiny_image.js";

/** Returns a tiny MCP logo image. */
export const getTinyImage: GetTinyImageHandler = async (input, context) => {
  throw new ToolError("get-tiny-image is not implemented yet");
};
