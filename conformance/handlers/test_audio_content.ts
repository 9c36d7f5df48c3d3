import type { TestAudioContentHandler } from "../generated/tools/test_audio_content.js";
import { SILENT_WAV_BASE64 } from "./lib/fixtures.js";

/** Scenario `tools-call-audio`: one audio block; the suite requires mimeType `audio/wav` exactly. */
export const testAudioContent: TestAudioContentHandler = async () => ({
  type: "audio",
  data: SILENT_WAV_BASE64,
  mimeType: "audio/wav",
});
