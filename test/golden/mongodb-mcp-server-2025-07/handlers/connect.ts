import { ToolError } from "mcp-gen/runtime";
import type { ConnectHandler } from "../generated/tools/connect.js";

/** Connect to a MongoDB instance */
export const connect: ConnectHandler = async (input, context) => {
  throw new ToolError("connect is not implemented yet");
};
