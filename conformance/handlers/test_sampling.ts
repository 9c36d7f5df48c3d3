import type { TestSamplingHandler } from "../generated/tools/test_sampling.js";

/**
 * Scenario `tools-call-sampling`: asks the client's model (`sampling/createMessage`, the prompt
 * as one user text message, maxTokens 100) and returns `LLM response: <its text>`. The scenario
 * only checks that the request was made and that content came back; the text follows the
 * suite's reference server. A client without sampling makes `context.sample` throw a
 * ToolError, which becomes the `isError` result the suite's description asks for.
 */
export const testSampling: TestSamplingHandler = async ({ prompt }, context) => {
  const result = await context.sample({
    messages: [{ role: "user", content: { type: "text", text: prompt } }],
    maxTokens: 100,
  });
  return `LLM response: ${textOf(result.content) ?? "No response"}`;
};

/** The text of a sampling answer: one text block (or, since 2025-11-25, an array of blocks). */
function textOf(content: unknown): string | undefined {
  const blocks = Array.isArray(content) ? content : [content];
  const texts = blocks.filter(isTextBlock).map((block) => block.text);
  return texts.length > 0 ? texts.join("\n") : undefined;
}

function isTextBlock(block: unknown): block is { type: "text"; text: string } {
  if (typeof block !== "object" || block === null) return false;
  const { type, text } = block as { type?: unknown; text?: unknown };
  return type === "text" && typeof text === "string";
}
