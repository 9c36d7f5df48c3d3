/** `mcp-gen/runtime`: what generated servers import. Never imports generator code. */
export type * from "./types.js";
export { ToolError } from "./tool-error.js";
export {
  createToolServer,
  DEFAULT_MAX_ARGUMENT_BYTES,
  DEFAULT_PAGE_SIZE,
  type HttpOptions,
  type HttpRunningServer,
  type RunningServer,
  type ToolServer,
  type ToolServerConfig,
  type ToolServerOptions,
} from "./tool-server.js";
export { callTool, type AnyToolHandler, type CallEnvironment, type CallLimits } from "./call-tool.js";
export { stderrLogger, silentLogger } from "./logger.js";
