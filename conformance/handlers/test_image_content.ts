import type { TestImageContentHandler } from "../generated/tools/test_image_content.js";
import { RED_PIXEL_PNG_BASE64 } from "./lib/fixtures.js";

/** Scenario `tools-call-image`: one image block (base64 PNG). */
export const testImageContent: TestImageContentHandler = async () => ({
  type: "image",
  data: RED_PIXEL_PNG_BASE64,
  mimeType: "image/png",
});
