/** What every command module gets to register itself and report its exit code. */
import { InvalidArgumentError, Option } from "commander";
import type { Io } from "./report.js";

export interface CliContext {
  io: Io;
  cwd: string;
  setExit: (code: number) => void;
}

/** `--format text|json`, the same on every command. */
export function formatOption(): Option {
  return new Option("--format <format>", "output format: text (compiler-style, for people) or json (for tools)").choices(["text", "json"]).default("text");
}

/** `--max-warnings N`: the config's `lint.maxWarnings` for this run (generate and lint). */
export function maxWarningsOption(): Option {
  return new Option("--max-warnings <n>", "exit 1 when there are more lint warnings than this (overrides lint.maxWarnings)").argParser(wholeNumber);
}

function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError("expected a whole number, 0 or more");
  return Number(value);
}
