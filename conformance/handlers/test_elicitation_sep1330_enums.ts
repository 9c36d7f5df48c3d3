import type { TestElicitationSep1330EnumsHandler } from "../generated/tools/test_elicitation_sep1330_enums.js";
import { describeElicitation } from "./lib/elicitation.js";

/**
 * Scenario `elicitation-sep1330-enums`: one elicitation with each of the five SEP-1330 enum
 * shapes, which the suite tells apart by their keys: `enum` alone (untitled), `oneOf` of
 * const/title (titled), `enum` + `enumNames` (legacy titled, deprecated), and for multi-select
 * an array whose `items` hold `enum` (untitled) or `anyOf` of const/title (titled).
 */
export const testElicitationSep1330Enums: TestElicitationSep1330EnumsHandler = async (_input, context) => {
  const result = await context.elicit({
    message: "Please select options from the enum fields",
    requestedSchema: {
      type: "object",
      properties: {
        untitledSingle: { type: "string", description: "Select one option", enum: ["option1", "option2", "option3"] },
        titledSingle: {
          type: "string",
          description: "Select one option with titles",
          oneOf: [
            { const: "value1", title: "First Option" },
            { const: "value2", title: "Second Option" },
            { const: "value3", title: "Third Option" },
          ],
        },
        legacyEnum: {
          type: "string",
          description: "Select one option (legacy)",
          enum: ["opt1", "opt2", "opt3"],
          enumNames: ["Option One", "Option Two", "Option Three"],
        },
        untitledMulti: {
          type: "array",
          description: "Select multiple options",
          minItems: 1,
          maxItems: 3,
          items: { type: "string", enum: ["option1", "option2", "option3"] },
        },
        titledMulti: {
          type: "array",
          description: "Select multiple options with titles",
          minItems: 1,
          maxItems: 3,
          items: {
            anyOf: [
              { const: "value1", title: "First Choice" },
              { const: "value2", title: "Second Choice" },
              { const: "value3", title: "Third Choice" },
            ],
          },
        },
      },
      required: [],
    },
  });
  return `Elicitation completed: ${describeElicitation(result)}`;
};
