/**
 * Splits `--from-server "<command>"` into an executable and its arguments the way a
 * POSIX shell would for plain words and quotes, without running a shell: no variables,
 * globs, pipes or redirections, so what the user typed is exactly what gets spawned.
 */
export type SplitCommandLine = { argv: string[] } | { error: string };

/** Characters a backslash escapes inside double quotes (as in sh); elsewhere it stays literal. */
const DOUBLE_QUOTE_ESCAPES = new Set(['"', "\\", "$", "`"]);

export function splitCommandLine(text: string): SplitCommandLine {
  const argv: string[] = [];
  let word = "";
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      if (inWord) argv.push(word);
      word = "";
      inWord = false;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return { error: "unterminated single quote" };
      word += text.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === "\\" && DOUBLE_QUOTE_ESCAPES.has(text[j + 1])) j++;
        word += text[j];
      }
      if (j >= text.length) return { error: "unterminated double quote" };
      inWord = true;
      i = j;
    } else if (c === "\\") {
      if (i + 1 >= text.length) return { error: "a backslash at the end escapes nothing" };
      word += text[++i];
      inWord = true;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) argv.push(word);
  if (argv.length === 0) return { error: "the command is empty" };
  return { argv };
}
