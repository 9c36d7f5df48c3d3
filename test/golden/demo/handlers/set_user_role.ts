import { ToolError } from "mcp-gen/runtime";
import type { SetUserRoleHandler } from "../generated/tools/set_user_role.js";

/** Sets a user's role in the system. */
export const setUserRole: SetUserRoleHandler = async (input, context) => {
  throw new ToolError("set_user_role is not implemented yet");
};
