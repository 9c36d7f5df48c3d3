import type { TestSimpleTextHandler } from "../generated/tools/test_simple_text.js";

/** Scenario `tools-call-simple-text`: one text block with the suite's exact sentence. */
export const testSimpleText: TestSimpleTextHandler = async () => "This is a simple text response for testing.";
