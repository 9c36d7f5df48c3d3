import type { ToolHandlers } from "../generated/handlers.js";
import { echo } from "./echo.js";
import { getAnnotatedMessage } from "./get_annotated_message.js";
import { getEnv } from "./get_env.js";
import { getResourceLinks } from "./get_resource_links.js";
import { getResourceReference } from "./get_resource_reference.js";
import { getRootsList } from "./get_roots_list.js";
import { getStructuredContent } from "./get_structured_content.js";
import { getSum } from "./get_sum.js";
import { getTinyImage } from "./get_tiny_image.js";
import { gzipFileAsResource } from "./gzip_file_as_resource.js";
import { simulateResearchQuery } from "./simulate_research_query.js";
import { toggleSimulatedLogging } from "./toggle_simulated_logging.js";
import { toggleSubscriberUpdates } from "./toggle_subscriber_updates.js";
import { triggerElicitationRequest } from "./trigger_elicitation_request.js";
import { triggerElicitationRequestAsync } from "./trigger_elicitation_request_async.js";
import { triggerLongRunningOperation } from "./trigger_long_running_operation.js";
import { triggerSamplingRequest } from "./trigger_sampling_request.js";
import { triggerSamplingRequestAsync } from "./trigger_sampling_request_async.js";
import { triggerUrlElicitation } from "./trigger_url_elicitation.js";

export const handlers = {
  echo: echo,
  "get-annotated-message": getAnnotatedMessage,
  "get-env": getEnv,
  "get-resource-links": getResourceLinks,
  "get-resource-reference": getResourceReference,
  "get-roots-list": getRootsList,
  "get-structured-content": getStructuredContent,
  "get-sum": getSum,
  "get-tiny-image": getTinyImage,
  "gzip-file-as-resource": gzipFileAsResource,
  "simulate-research-query": simulateResearchQuery,
  "toggle-simulated-logging": toggleSimulatedLogging,
  "toggle-subscriber-updates": toggleSubscriberUpdates,
  "trigger-elicitation-request": triggerElicitationRequest,
  "trigger-elicitation-request-async": triggerElicitationRequestAsync,
  "trigger-long-running-operation": triggerLongRunningOperation,
  "trigger-sampling-request": triggerSamplingRequest,
  "trigger-sampling-request-async": triggerSamplingRequestAsync,
  "trigger-url-elicitation": triggerUrlElicitation,
} satisfies ToolHandlers;
