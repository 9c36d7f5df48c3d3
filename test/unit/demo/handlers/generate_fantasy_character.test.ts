import { describe, expect, it } from "vitest";
import { validateGenerateFantasyCharacterOutput } from "../../../../generated/validators.js";
import { FANTASY_THEMES, GENERIC_THEME } from "../../../../handlers/data/fantasy-themes.js";
import { generateFantasyCharacter } from "../../../../handlers/generate_fantasy_character.js";
import { themeFor } from "../../../../handlers/lib/fantasy-character.js";
import { fakeContext } from "./fake-context.js";

describe("generate_fantasy_character", () => {
  it("gives the spec's example character for the theme forest", async () => {
    expect(await generateFantasyCharacter({ theme: "forest" }, fakeContext())).toEqual({
      name: "Lirael Mosswhisper",
      species: "Elf",
      characterClass: "Druid",
      abilities: ["Speak with Animals", "Vine Whip", "Forest Camouflage"],
    });
  });

  it("ignores case and spacing of the theme", async () => {
    const forest = await generateFantasyCharacter({ theme: "forest" }, fakeContext());
    expect(await generateFantasyCharacter({ theme: "  FOREST " }, fakeContext())).toEqual(forest);
  });

  it.each([
    { theme: "forest", set: "forest" },
    { theme: "Dark woods", set: "shadow" },
    { theme: "woods at night", set: "forest" },
    { theme: "fire", set: "fire" },
    { theme: "ice", set: "ice" },
    { theme: "deep ocean", set: "sea" },
    { theme: "mountain", set: "mountain" },
  ])("$theme draws from the $set lists", async ({ theme, set }) => {
    const lists = FANTASY_THEMES[set];
    expect(themeFor(theme)).toBe(lists);
    const character = await generateFantasyCharacter({ theme }, fakeContext());
    expect(lists.species).toContain(character.species);
    expect(lists.classes).toContain(character.characterClass);
    for (const ability of character.abilities) expect(lists.abilities).toContain(ability);
  });

  it("falls back to generic lists without a theme or with an unknown one", async () => {
    expect(themeFor("")).toBe(GENERIC_THEME);
    expect(themeFor("bureaucracy")).toBe(GENERIC_THEME);
    const character = await generateFantasyCharacter({}, fakeContext());
    expect(GENERIC_THEME.species).toContain(character.species);
    expect(await generateFantasyCharacter({}, fakeContext())).toEqual(character);
  });

  it("always validates against the outputSchema, with three distinct abilities", async () => {
    const themes = [
      "",
      "forest",
      "fire",
      "ice",
      "sea",
      "shadow",
      "mountain",
      "x".repeat(5000),
      "🐉 dragon",
      ...Array.from({ length: 200 }, (_, i) => `theme ${i}`),
    ];
    const names = new Set<string>();
    for (const theme of themes) {
      const character = await generateFantasyCharacter({ theme }, fakeContext());
      expect(validateGenerateFantasyCharacterOutput(character), theme).toBe(true);
      expect(new Set(character.abilities).size).toBe(3);
      names.add(character.name);
    }
    // Different themes give different characters, not one fixed answer.
    expect(names.size).toBeGreaterThan(20);
  });
});
