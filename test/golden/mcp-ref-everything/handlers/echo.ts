import { ToolError } from "mcp-gen/runtime";
import type { EchoHandler } from "../generated/tools/echo.js";

/** Echoes back the input string */
export const echo: EchoHandler = async (input, context) => {
  throw new ToolError("echo is not implemented yet");
};
