import { ToolError } from "mcp-gen/runtime";
import type { SendNotificationHandler } from "../generated/tools/send_notification.js";

/** Sends a notification message to a user via an external service. */
export const sendNotification: SendNotificationHandler = async (input, context) => {
  throw new ToolError("send_notification is not implemented yet");
};
