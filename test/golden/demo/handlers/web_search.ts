import { ToolError } from "mcp-gen/runtime";
import type { WebSearchHandler } from "../generated/tools/web_search.js";

/** Search the web for information. */
export const webSearch: WebSearchHandler = async (input, context) => {
  throw new ToolError("web_search is not implemented yet");
};
