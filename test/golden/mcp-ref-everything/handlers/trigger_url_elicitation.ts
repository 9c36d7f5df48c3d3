import { ToolError } from "mcp-gen/runtime";
import type { TriggerUrlElicitationHandler } from "../generated/tools/trigger_url_elicitation.js";

/** Trigger a URL elicitation so the client can direct the user to a browser flow. Supports two mechanisms: the request path (elicitation/create, default) which awaits the user's response, and the error path (UrlElicitationRequiredError, -32042) which signals the client to handle URL elicitation via the error response. Set errorPath=true to use the error path. */
export const triggerUrlElicitation: TriggerUrlElicitationHandler = async (input, context) => {
  throw new ToolError("trigger-url-elicitation is not implemented yet");
};
