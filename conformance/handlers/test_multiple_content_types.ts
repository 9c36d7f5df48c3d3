import type { TestMultipleContentTypesHandler } from "../generated/tools/test_multiple_content_types.js";
import { RED_PIXEL_PNG_BASE64 } from "./lib/fixtures.js";

/** Scenario `tools-call-mixed-content`: text, image and embedded resource blocks in one result. */
export const testMultipleContentTypes: TestMultipleContentTypesHandler = async () => [
  { type: "text", text: "Multiple content types test:" },
  { type: "image", data: RED_PIXEL_PNG_BASE64, mimeType: "image/png" },
  {
    type: "resource",
    resource: {
      uri: "test://mixed-content-resource",
      mimeType: "application/json",
      text: JSON.stringify({ test: "data", value: 123 }),
    },
  },
];
