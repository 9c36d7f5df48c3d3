import type { TestElicitationHandler } from "../generated/tools/test_elicitation.js";
import { describeElicitation } from "./lib/elicitation.js";

/**
 * Scenario `tools-call-elicitation`: sends `elicitation/create` with the caller's message and
 * the schema of the scenario's description (required strings `username` and `email`; the
 * suite's client accepts with both), and returns `User response: action=…, content={…}`. A
 * client without elicitation makes `context.elicit` throw a ToolError (an `isError` result).
 */
export const testElicitation: TestElicitationHandler = async ({ message }, context) => {
  const result = await context.elicit({
    message,
    requestedSchema: {
      type: "object",
      properties: {
        username: { type: "string", description: "User's response" },
        email: { type: "string", description: "User's email address" },
      },
      required: ["username", "email"],
    },
  });
  return `User response: ${describeElicitation(result)}`;
};
