import { ToolError } from "mcp-gen/runtime";
import type { GetEnvHandler } from "../generated/tools/get_env.js";

/** Returns all environment variables, helpful for debugging MCP server configuration */
export const getEnv: GetEnvHandler = async (input, context) => {
  throw new ToolError("get-env is not implemented yet");
};
