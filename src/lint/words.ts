/** Splitting names and prose into comparable words, for the description and naming rules. */

/** `getWeather`, `get_weather`, `get-weather`, `Get weather.` → `["get", "weather"]`. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

const FILLER = new Set(["a", "an", "the", "of", "for", "to", "this"]);

/** Words with fillers and a plural or third-person `s` dropped: `Gets the weather` ~ `get_weather`. */
export function essentialWords(text: string): string[] {
  return wordsOf(text)
    .filter((word) => !FILLER.has(word))
    .map((word) => (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word));
}

/** Whether `description` says nothing beyond `name`. */
export function onlyRepeatsName(description: string, name: string): boolean {
  const said = essentialWords(description);
  const named = essentialWords(name);
  return said.length > 0 && said.length === named.length && said.every((word, i) => word === named[i]);
}
