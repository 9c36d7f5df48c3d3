/** When the CLI colours its output (the environment variables it reads). */
import { afterAll, describe, expect, it } from "vitest";
import { colorWanted } from "../../../src/cli/report.js";
import { removeProject } from "../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

// One warning (MG104: `text` has no description) and two infos (MG111, MG112).

describe("colorWanted", () => {
  it.each([
    [true, {}, true],
    [false, {}, false],
    [undefined, {}, false],
    [true, { NO_COLOR: "1" }, false],
    [true, { NO_COLOR: "" }, true],
    [false, { FORCE_COLOR: "1" }, true],
    [true, { FORCE_COLOR: "0" }, false],
    [false, { FORCE_COLOR: "1", NO_COLOR: "1" }, false],
    [true, { TERM: "dumb" }, false],
  ] as const)("tty %s, env %j → %s", (tty, env, expected) => {
    expect(colorWanted(tty, env as NodeJS.ProcessEnv)).toBe(expected);
  });
});
