import { ToolError } from "mcp-gen/runtime";
import type { GetRootsListHandler } from "../generated/tools/get_roots_list.js";

/** Lists the current MCP roots provided by the client. Demonstrates the roots protocol capability even though this server doesn't access files. */
export const getRootsList: GetRootsListHandler = async (input, context) => {
  throw new ToolError("get-roots-list is not implemented yet");
};
