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
} from "./create-server.js";
export type { RequestStateOptions } from "./request-state.js";
export { InMemoryTaskStore, type TaskInputRequest, type TaskPatch, type TaskRecord, type TaskStatus, type TaskStore } from "./task-store.js";
export { DEFAULT_POLL_INTERVAL_MS, DEFAULT_TASK_TTL_MS, type TaskOptions } from "./tasks.js";
export { callTool, type AnyToolHandler, type CallEnvironment, type CallLimits } from "./call-tool.js";
export {
  ConcurrencyGate,
  type AfterCallHook,
  type BeforeCallDecision,
  type BeforeCallHook,
  type CallOutcome,
  type CallStatus,
  type RateLimitDecision,
  type RateLimitHook,
  type ToolCall,
} from "./call-policy.js";
export { stderrLogger, silentLogger } from "./logger.js";
export type { VerifyToken } from "./verify-token.js";
export {
  exampleNames,
  exampleTests,
  runExamples,
  type ExampleOutcome,
  type ExampleServer,
  type ExampleTest,
  type RunExamplesOptions,
  type ToolExampleCase,
} from "./examples.js";
