/** `mcp-gen/runtime`: what generated servers import. Never imports generator code. */
export type * from "./types.js";
export { ToolError } from "./tool-error.js";
