import type { TestEmbeddedResourceHandler } from "../generated/tools/test_embedded_resource.js";

/** Scenario `tools-call-embedded-resource`: a `resource` block with uri, mimeType and text. */
export const testEmbeddedResource: TestEmbeddedResourceHandler = async () => ({
  type: "resource",
  resource: {
    uri: "test://embedded-resource",
    mimeType: "text/plain",
    text: "This is an embedded resource content.",
  },
});
