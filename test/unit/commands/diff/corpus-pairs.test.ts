/**
 * `diff` on real version pairs of the corpus: older and newer releases of the same
 * reference servers. The expected findings were checked by reading both JSON files:
 *
 * - filesystem 0.2.0 → current: every tool now says openWorldHint false (left out before:
 *   true by MCP's default); move_file's destructiveHint went false → true; read_media_file
 *   has a new description and its `content` items became `anyOf` of the old object (whose
 *   `type` enum lost "blob") and a new `resource` object.
 * - memory 0.6.3 → current: `additionalProperties: false` dropped from every input (and from
 *   the array items of the three batch tools); annotations added, all on the safer side of
 *   MCP's defaults (delete_* keep destructiveHint true, the default); `execution:
 *   { taskSupport: forbidden }` added, which is the default and so no change.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { diffTools } from "../../../../src/commands/diff/diff.js";
import { CORPUS_DIR } from "../../../helpers/project.js";

async function findings(base: string, head: string): Promise<string[]> {
  const outcome = await diffTools([path.join(CORPUS_DIR, base), path.join(CORPUS_DIR, head)], {}, CORPUS_DIR);
  expect(outcome.diagnostics).toEqual([]);
  return outcome.changes!.map((c) => `${c.class} ${c.code} ${c.tool} ${c.path}`);
}

describe("diff on the corpus's version pairs", () => {
  it("server-filesystem 0.2.0 → the current reference server", async () => {
    expect(await findings("capture-server-filesystem-0.2.0.json", "mcp-ref-filesystem.json")).toEqual([
      "breaking output-type-changed read_media_file /outputSchema/properties/content/items/anyOf/1",
      "dangerous destructive-hint-added move_file /annotations/destructiveHint",
      "safe hint-safer create_directory /annotations/openWorldHint",
      "safe hint-safer directory_tree /annotations/openWorldHint",
      "safe hint-safer edit_file /annotations/openWorldHint",
      "safe hint-safer get_file_info /annotations/openWorldHint",
      "safe hint-safer list_allowed_directories /annotations/openWorldHint",
      "safe hint-safer list_directory /annotations/openWorldHint",
      "safe hint-safer list_directory_with_sizes /annotations/openWorldHint",
      "safe hint-safer move_file /annotations/openWorldHint",
      "safe hint-safer read_file /annotations/openWorldHint",
      "safe description-changed read_media_file /description",
      "safe hint-safer read_media_file /annotations/openWorldHint",
      "safe output-narrowed read_media_file /outputSchema/properties/content/items/anyOf/0/properties/type/enum",
      "safe hint-safer read_multiple_files /annotations/openWorldHint",
      "safe hint-safer read_text_file /annotations/openWorldHint",
      "safe hint-safer search_files /annotations/openWorldHint",
      "safe hint-safer write_file /annotations/openWorldHint",
    ]);
  });

  it("server-memory 0.6.3 → the current reference server", async () => {
    expect(await findings("capture-server-memory-0.6.3.json", "mcp-ref-memory.json")).toEqual([
      "safe hint-safer add_observations /annotations/destructiveHint",
      "safe hint-safer add_observations /annotations/openWorldHint",
      "safe additional-properties-opened add_observations /inputSchema/properties/observations/items/additionalProperties",
      "safe additional-properties-opened add_observations /inputSchema/additionalProperties",
      "safe hint-safer create_entities /annotations/destructiveHint",
      "safe hint-safer create_entities /annotations/openWorldHint",
      "safe additional-properties-opened create_entities /inputSchema/properties/entities/items/additionalProperties",
      "safe additional-properties-opened create_entities /inputSchema/additionalProperties",
      "safe hint-safer create_relations /annotations/destructiveHint",
      "safe hint-safer create_relations /annotations/openWorldHint",
      "safe additional-properties-opened create_relations /inputSchema/properties/relations/items/additionalProperties",
      "safe additional-properties-opened create_relations /inputSchema/additionalProperties",
      "safe hint-safer delete_entities /annotations/idempotentHint",
      "safe hint-safer delete_entities /annotations/openWorldHint",
      "safe additional-properties-opened delete_entities /inputSchema/additionalProperties",
      "safe hint-safer delete_observations /annotations/idempotentHint",
      "safe hint-safer delete_observations /annotations/openWorldHint",
      "safe additional-properties-opened delete_observations /inputSchema/properties/deletions/items/additionalProperties",
      "safe additional-properties-opened delete_observations /inputSchema/additionalProperties",
      "safe hint-safer delete_relations /annotations/idempotentHint",
      "safe hint-safer delete_relations /annotations/openWorldHint",
      "safe additional-properties-opened delete_relations /inputSchema/properties/relations/items/additionalProperties",
      "safe additional-properties-opened delete_relations /inputSchema/additionalProperties",
      "safe hint-safer open_nodes /annotations/readOnlyHint",
      "safe hint-safer open_nodes /annotations/destructiveHint",
      "safe hint-safer open_nodes /annotations/idempotentHint",
      "safe hint-safer open_nodes /annotations/openWorldHint",
      "safe additional-properties-opened open_nodes /inputSchema/additionalProperties",
      "safe hint-safer read_graph /annotations/readOnlyHint",
      "safe hint-safer read_graph /annotations/destructiveHint",
      "safe hint-safer read_graph /annotations/idempotentHint",
      "safe hint-safer read_graph /annotations/openWorldHint",
      "safe additional-properties-opened read_graph /inputSchema/additionalProperties",
      "safe hint-safer search_nodes /annotations/readOnlyHint",
      "safe hint-safer search_nodes /annotations/destructiveHint",
      "safe hint-safer search_nodes /annotations/idempotentHint",
      "safe hint-safer search_nodes /annotations/openWorldHint",
      "safe additional-properties-opened search_nodes /inputSchema/additionalProperties",
    ]);
  });

  it("points at the head dump's line and column", async () => {
    const outcome = await diffTools(["capture-server-filesystem-0.2.0.json", "mcp-ref-filesystem.json"], {}, CORPUS_DIR);
    const moved = outcome.changes!.find((c) => c.code === "destructive-hint-added");
    expect(moved?.location).toEqual({ file: "mcp-ref-filesystem.json", line: 529, column: 26 });
  });
});
