import type { TestElicitationSep1034DefaultsHandler } from "../generated/tools/test_elicitation_sep1034_defaults.js";
import { describeElicitation } from "./lib/elicitation.js";

/**
 * Scenario `elicitation-sep1034-defaults`: one elicitation whose five fields carry the SEP-1034
 * `default`s the suite checks exactly (string "John Doe", integer 30, number 95.5, enum
 * "active", boolean true). None is required, so a client may send any subset back.
 */
export const testElicitationSep1034Defaults: TestElicitationSep1034DefaultsHandler = async (_input, context) => {
  const result = await context.elicit({
    message: "Please review and update the form fields with defaults",
    requestedSchema: {
      type: "object",
      properties: {
        name: { type: "string", description: "User name", default: "John Doe" },
        age: { type: "integer", description: "User age", default: 30 },
        score: { type: "number", description: "User score", default: 95.5 },
        status: { type: "string", description: "User status", enum: ["active", "inactive", "pending"], default: "active" },
        verified: { type: "boolean", description: "Verification status", default: true },
      },
      required: [],
    },
  });
  return `Elicitation completed: ${describeElicitation(result)}`;
};
