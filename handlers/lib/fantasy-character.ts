/** Builds a fantasy character deterministically from a theme text. */
import type { GenerateFantasyCharacterOutput } from "../../generated/tools/generate_fantasy_character.js";
import { FANTASY_THEMES, GENERIC_THEME, type FantasyTheme } from "../data/fantasy-themes.js";
import { hashString, pick, pickDistinct, seededRandom } from "./seeded-random.js";
import { words } from "./words.js";

export type FantasyCharacter = GenerateFantasyCharacterOutput;

export const ABILITY_COUNT = 3;

/** The word lists for a theme: the first of its words that some set lists as a keyword. */
export function themeFor(theme: string): FantasyTheme {
  for (const word of words(theme)) {
    for (const set of Object.values(FANTASY_THEMES)) if (set.keywords.includes(word)) return set;
  }
  return GENERIC_THEME;
}

/**
 * The same theme (ignoring case and surrounding or repeated spaces) always gives the
 * same character; the theme's words choose the word lists, its whole text the seed.
 */
export function fantasyCharacter(theme: string): FantasyCharacter {
  const normalized = theme.trim().replace(/\s+/gu, " ").toLowerCase();
  const lists = themeFor(normalized);
  const random = seededRandom(hashString(normalized));
  const species = pick(lists.species, random);
  const characterClass = pick(lists.classes, random);
  const name = `${pick(lists.firstNames, random)} ${pick(lists.surnames, random)}`;
  const abilities = pickDistinct(lists.abilities, ABILITY_COUNT, random);
  return { name, species, characterClass, abilities };
}
