import type { GenerateFantasyCharacterHandler } from "../generated/tools/generate_fantasy_character.js";
import { fantasyCharacter } from "./lib/fantasy-character.js";

/** Creates a random fantasy character profile for games or stories, reproducibly: seeded by the theme. */
export const generateFantasyCharacter: GenerateFantasyCharacterHandler = async (input, context) => {
  const character = fantasyCharacter(input.theme ?? "");
  context.log.debug("generate_fantasy_character", { theme: input.theme, name: character.name });
  return character;
};
