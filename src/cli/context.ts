/** What every command module gets to register itself and report its exit code. */
import { Option } from "commander";
import type { Io } from "./report.js";

export interface CliContext {
  io: Io;
  cwd: string;
  setExit: (code: number) => void;
}

/** `--format text|json`, the same on every command. */
export function formatOption(): Option {
  return new Option("--format <format>", "output format: text (compiler-style, for people) or json (for tools)")
    .choices(["text", "json"])
    .default("text");
}
