import { ToolError } from "mcp-gen/runtime";
import type { SendNotificationHandler } from "../generated/tools/send_notification.js";
import { quote } from "./lib/quote.js";
import { findUser, recordNotification } from "./lib/user-directory.js";

/** Sends a notification message to a user via an external service (the demo's in-memory outbox). */
export const sendNotification: SendNotificationHandler = async (input, context) => {
  const user = findUser(input.userId);
  if (user === undefined) throw new ToolError(`no user with id ${quote(input.userId)}`);
  const notification = recordNotification(user.id, input.message);
  context.log.debug("send_notification", { id: notification.id, userId: user.id });
  return `Notification ${notification.id} sent to ${user.name} (${user.id}).`;
};
