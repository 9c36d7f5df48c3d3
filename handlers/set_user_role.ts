import { ToolError } from "mcp-gen/runtime";
import type { SetUserRoleHandler } from "../generated/tools/set_user_role.js";
import { quote } from "./lib/quote.js";
import { assignRole, type Role } from "./lib/user-directory.js";

/** Sets a user's role in the system. Idempotent: setting the current role changes nothing. */
export const setUserRole: SetUserRoleHandler = async (input, context) => {
  const result = assignRole(input.userId, input.role);
  if (result === undefined) throw new ToolError(`no user with id ${quote(input.userId)}`);
  const who = `${result.user.name} (${result.user.id})`;
  if (result.previous === input.role) return `${who} is already ${withArticle(input.role)}; nothing changed.`;
  context.log.info("set_user_role", { userId: input.userId, from: result.previous, to: input.role });
  return `${who} is now ${withArticle(input.role)} (was ${withArticle(result.previous)}).`;
};

function withArticle(role: Role): string {
  return `${/^[aeiou]/u.test(role) ? "an" : "a"} ${role}`;
}
