import { ToolError } from "mcp-gen/runtime";
import type { GenerateFantasyCharacterHandler } from "../generated/tools/generate_fantasy_character.js";

/** Creates a random fantasy character profile for games or stories. */
export const generateFantasyCharacter: GenerateFantasyCharacterHandler = async (input, context) => {
  throw new ToolError("generate_fantasy_character is not implemented yet");
};
