/**
 * The writer's path helpers take a short road for the paths mcp-gen emits; whatever the
 * input, they must answer exactly what `path.join` / `path.relative` and the full
 * safety rules answer.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveInArea, toProjectPath, unsafeAreaPathReason } from "../../../src/write/paths.js";

const dirs = [
  "/a/b",
  "/a/b/",
  "/",
  "/a/./b",
  "/a//b",
  "/a/.hidden/b",
  "/a/..b/c",
  "/a/../b",
  "/a/b/..",
  "/a/b/.",
  "relative/x",
  "/proj/generated",
  "/work/.tmp/p",
];
const areaPaths = ["x.ts", "tools/get_weather.ts", "a.b/c", "docs/index.md", "-x", "a..b", ".x", "a/./b", "a/../b", "", "a//b", "@scope/x", "é/ü.md"];

describe("the writer's paths", () => {
  it("resolves an area path as path.join does, and names a project path as path.relative does", () => {
    for (const dir of dirs) {
      for (const areaPath of areaPaths) {
        expect(resolveInArea(dir, areaPath), `${dir} + ${areaPath}`).toBe(path.join(dir, ...areaPath.split("/")));
        const absPath = `${dir}/${areaPath}`;
        expect(toProjectPath(dir, absPath), absPath).toBe(path.relative(dir, absPath).split(path.sep).join("/"));
      }
    }
  });

  it("accepts the plain paths emitters produce and still refuses every unsafe one", () => {
    for (const safe of ["x.ts", "tools/get_weather.ts", "docs/a.b.md", "-x", "a..b", "@scope/x", ".hidden/x", "é.md"]) {
      expect(unsafeAreaPathReason(safe), safe).toBeUndefined();
    }
    expect(unsafeAreaPathReason("")).toBe("is empty");
    expect(unsafeAreaPathReason("/abs")).toBe("is absolute");
    expect(unsafeAreaPathReason("C:x")).toBe("is absolute");
    expect(unsafeAreaPathReason("a\\b")).toMatch(/backslash/);
    expect(unsafeAreaPathReason("a\0b")).toMatch(/NUL/);
    for (const escaping of ["..", "a/../b", "../x"]) expect(unsafeAreaPathReason(escaping), escaping).toMatch(/escapes/);
    for (const odd of [".", "a/./b", "a//b", "a/", "./a"]) expect(unsafeAreaPathReason(odd), odd).toMatch(/empty or `.` segment/);
  });
});
