import { describe, expect, it } from "vitest";
import { splitCommandLine } from "../../../../src/commands/tool-source/command-line.js";

describe("splitCommandLine", () => {
  it.each<[string, string, ReturnType<typeof splitCommandLine>]>([
    ["plain words", "npx -y @modelcontextprotocol/server-everything", { argv: ["npx", "-y", "@modelcontextprotocol/server-everything"] }],
    ["runs of blanks", "  node \t server.js  ", { argv: ["node", "server.js"] }],
    ["double quotes keep blanks", 'node "my server.js" --name "a b"', { argv: ["node", "my server.js", "--name", "a b"] }],
    ["single quotes are literal", "echo 'a \\\" $HOME'", { argv: ["echo", 'a \\" $HOME'] }],
    ["escapes inside double quotes", 'x "a\\"b\\\\c\\$d\\n"', { argv: ["x", 'a"b\\c$d\\n'] }],
    ["backslash outside quotes", "x a\\ b", { argv: ["x", "a b"] }],
    ["quotes join a word", "x pre'fix'\"post\"", { argv: ["x", "prefixpost"] }],
    ["empty quoted argument", "x '' \"\"", { argv: ["x", "", ""] }],
    ["no shell", "x $HOME | y > z", { argv: ["x", "$HOME", "|", "y", ">", "z"] }],
    ["unterminated double quote", 'x "a', { error: "unterminated double quote" }],
    ["unterminated single quote", "x 'a", { error: "unterminated single quote" }],
    ["trailing backslash", "x \\", { error: "a backslash at the end escapes nothing" }],
    ["empty", "   ", { error: "the command is empty" }],
  ])("%s", (_name, text, expected) => {
    expect(splitCommandLine(text)).toEqual(expected);
  });
});
