import type { ToolHandlers } from "../generated/handlers.js";
import { jsonSchema202012Tool } from "./json_schema_2020_12_tool.js";
import { testAudioContent } from "./test_audio_content.js";
import { testElicitation } from "./test_elicitation.js";
import { testElicitationSep1034Defaults } from "./test_elicitation_sep1034_defaults.js";
import { testElicitationSep1330Enums } from "./test_elicitation_sep1330_enums.js";
import { testEmbeddedResource } from "./test_embedded_resource.js";
import { testErrorHandling } from "./test_error_handling.js";
import { testImageContent } from "./test_image_content.js";
import { testMultipleContentTypes } from "./test_multiple_content_types.js";
import { testReconnection } from "./test_reconnection.js";
import { testSampling } from "./test_sampling.js";
import { testSimpleText } from "./test_simple_text.js";
import { testToolWithLogging } from "./test_tool_with_logging.js";
import { testToolWithProgress } from "./test_tool_with_progress.js";

export const handlers = {
  json_schema_2020_12_tool: jsonSchema202012Tool,
  test_audio_content: testAudioContent,
  test_elicitation: testElicitation,
  test_elicitation_sep1034_defaults: testElicitationSep1034Defaults,
  test_elicitation_sep1330_enums: testElicitationSep1330Enums,
  test_embedded_resource: testEmbeddedResource,
  test_error_handling: testErrorHandling,
  test_image_content: testImageContent,
  test_multiple_content_types: testMultipleContentTypes,
  test_reconnection: testReconnection,
  test_sampling: testSampling,
  test_simple_text: testSimpleText,
  test_tool_with_logging: testToolWithLogging,
  test_tool_with_progress: testToolWithProgress,
} satisfies ToolHandlers;
