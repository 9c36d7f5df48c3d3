/**
 * Word lists for generate_fantasy_character, one set per theme. The order of each
 * list matters: the generator draws positions from a seed, and the forest lists are
 * laid out so that the theme "forest" gives the spec's own example character.
 */
export interface FantasyTheme {
  /** Words in a theme that select this set ("dark woods" selects forest). */
  keywords: string[];
  species: string[];
  classes: string[];
  firstNames: string[];
  surnames: string[];
  abilities: string[];
}

export const FANTASY_THEMES: Readonly<Record<string, FantasyTheme>> = {
  forest: {
    keywords: ["forest", "wood", "woods", "woodland", "grove", "jungle", "nature", "tree", "leaf", "moss"],
    species: ["Dryad", "Halfling", "Elf", "Centaur", "Satyr"],
    classes: ["Druid", "Ranger", "Warden", "Hunter", "Herbalist"],
    firstNames: ["Thandor", "Sylvara", "Fennick", "Oriel", "Brambell", "Lirael"],
    surnames: ["Oakenshade", "Mosswhisper", "Thornbrook", "Leafsong", "Fernhollow"],
    abilities: ["Bark Skin", "Speak with Animals", "Vine Whip", "Forest Camouflage", "Pathless Stride", "Healing Sap", "Thorn Volley"],
  },
  fire: {
    keywords: ["fire", "flame", "flames", "volcano", "lava", "ember", "inferno", "sun", "desert", "ash"],
    species: ["Salamander", "Fire Giant", "Ifrit", "Phoenix-kin", "Red Dragonborn"],
    classes: ["Pyromancer", "Sorcerer", "Forge Priest", "Berserker", "Blademaster"],
    firstNames: ["Ignara", "Kael", "Pyrrus", "Seraphine", "Vulkan", "Embra"],
    surnames: ["Ashborn", "Cinderfall", "Flamecrest", "Emberheart", "Blazewright"],
    abilities: ["Fireball", "Ember Shield", "Heat Mirage", "Molten Strike", "Smoke Step", "Phoenix Rebirth", "Flame Tongue"],
  },
  ice: {
    keywords: ["ice", "frost", "snow", "winter", "glacier", "cold", "frozen", "arctic", "tundra"],
    species: ["Frost Giant", "Yeti", "Snow Elf", "White Dragonborn", "Ice Wraith"],
    classes: ["Cryomancer", "Skald", "Frost Knight", "Tracker", "Shaman"],
    firstNames: ["Brynja", "Hrolf", "Isolde", "Sigrun", "Torvald", "Eira"],
    surnames: ["Frostmantle", "Winterborn", "Icevein", "Snowhallow", "Rimeblade"],
    abilities: ["Frost Nova", "Ice Lance", "Glacial Armor", "Blizzard Call", "Cold Resistance", "Frozen Path", "Hailstorm"],
  },
  sea: {
    keywords: ["sea", "ocean", "water", "tide", "river", "wave", "waves", "lake", "storm", "coral"],
    species: ["Merfolk", "Triton", "Sea Elf", "Selkie", "Kraken-kin"],
    classes: ["Tidecaller", "Corsair", "Navigator", "Stormcaller", "Pearl Diver"],
    firstNames: ["Marina", "Nerith", "Caspian", "Ondine", "Thalos", "Coralie"],
    surnames: ["Deepcurrent", "Saltwind", "Wavecrest", "Tidewhisper", "Brinehart"],
    abilities: ["Water Breathing", "Tidal Wave", "Call Lightning", "Whirlpool", "Speak with Fish", "Mist Form", "Riptide Grasp"],
  },
  shadow: {
    keywords: ["shadow", "shadows", "night", "dark", "darkness", "moon", "void", "death", "ghost", "crypt"],
    species: ["Drow", "Tiefling", "Vampire", "Shade", "Shadow Fey"],
    classes: ["Assassin", "Necromancer", "Warlock", "Rogue", "Nightblade"],
    firstNames: ["Morwen", "Vesper", "Nyx", "Darian", "Sable", "Umbra"],
    surnames: ["Nightshade", "Duskwalker", "Ravenmoor", "Gloomveil", "Blackthorn"],
    abilities: ["Shadow Step", "Darkvision", "Life Drain", "Cloak of Night", "Fear Whisper", "Silent Kill", "Summon Wraith"],
  },
  mountain: {
    keywords: ["mountain", "mountains", "stone", "rock", "earth", "cave", "mine", "iron", "crystal", "hill"],
    species: ["Dwarf", "Stone Giant", "Gnome", "Goliath", "Earth Genasi"],
    classes: ["Runesmith", "Fighter", "Geomancer", "Miner", "Paladin"],
    firstNames: ["Borin", "Dagna", "Thrain", "Helga", "Grundi", "Kestra"],
    surnames: ["Ironfoot", "Stonehelm", "Deepdelver", "Granitebeard", "Anvilborn"],
    abilities: ["Stone Skin", "Earthquake", "Tremor Sense", "Forge Mastery", "Mountain Stride", "Boulder Toss", "Crystal Sight"],
  },
};

/** For a theme that names none of the sets, or no theme at all. */
export const GENERIC_THEME: FantasyTheme = {
  keywords: [],
  species: ["Human", "Elf", "Dwarf", "Orc", "Halfling", "Dragonborn", "Gnome"],
  classes: ["Wizard", "Rogue", "Paladin", "Bard", "Cleric", "Fighter", "Monk"],
  firstNames: ["Aldric", "Brienne", "Cassian", "Delphine", "Eamon", "Freya", "Garrick"],
  surnames: ["Brightwater", "Stormwind", "Ashford", "Goldleaf", "Hartwell", "Redmane"],
  abilities: ["Arcane Missile", "Second Wind", "Inspiring Song", "Lay on Hands", "Sneak Attack", "Keen Senses", "Lucky Break"],
};
