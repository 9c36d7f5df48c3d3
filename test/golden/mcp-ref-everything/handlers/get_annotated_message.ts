import { ToolError } from "mcp-gen/runtime";
import type { GetAnnotatedMessageHandler } from "../generated/tools/get_annotated_message.js";

/** Demonstrates how annotations can be used to provide metadata about content. */
export const getAnnotatedMessage: GetAnnotatedMessageHandler = async (input, context) => {
  throw new ToolError("get-annotated-message is not implemented yet");
};
