/** One type per shared schema: names, collisions and what the bundler makes of a `$ref` outputSchema. */
import { afterAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../../src/config/config.js";
import { buildModel } from "../../../src/spec/build-model.js";
import { removeProject, tempProject } from "../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

function build(files: Record<string, string>) {
  const dir = tempProject("shared", files);
  dirs.push(dir);
  const { config } = resolveConfig({ cwd: dir });
  return buildModel(config!);
}

const NOTE = `title: Note
type: object
properties:
  id: { type: string }
  replies: { type: array, items: { $ref: "#" } }
  author: { $ref: ./person.yaml }
required: [id]
`;
const PERSON = "type: object\nproperties:\n  name: { type: string }\n";

const tool = (name: string, input: string, output?: string) =>
  `name: ${name}\ndescription: A tool.\ninputSchema: ${input}\n${output === undefined ? "" : `outputSchema: ${output}\n`}`;

describe("shared schemas", () => {
  it("are one type each, named by title or file, shared by every tool that uses them", () => {
    const built = build({
      "specs/schemas/note.yaml": NOTE,
      "specs/schemas/person.yaml": PERSON,
      "specs/get_note.yaml": tool("get_note", "{ type: object, properties: { id: { type: string } } }", "{ $ref: ./schemas/note.yaml }"),
      "specs/list_notes.yaml": tool(
        "list_notes",
        "{ type: object }",
        "{ type: object, properties: { notes: { type: array, items: { $ref: ./schemas/note.yaml } } } }",
      ),
    });
    expect(built.diagnostics.filter((d) => d.severity !== "info" && d.code < "MG100")).toEqual([]);
    const { schemas, tools } = built.model!;
    expect(schemas!.map((s) => [s.typeName, s.id])).toEqual([
      ["Note", "specs/schemas/note.yaml#"],
      ["Person", "specs/schemas/person.yaml#"],
    ]);
    // Refs between shared schemas name their types; a schema's ref to itself too.
    expect(schemas![0].schema).toMatchObject({
      properties: { replies: { items: { $ref: "#/$defs/Note" } }, author: { $ref: "#/$defs/Person" } },
    });
    const [getNote, listNotes] = tools;
    expect(getNote.shared!.map((u) => [u.schema, u.entry, u.typeName])).toEqual([
      ["outputSchema", "", "Note"],
      ["outputSchema", "person", "Person"],
    ]);
    expect(listNotes.shared!.map((u) => [u.schema, u.entry, u.typeName])).toEqual([
      ["outputSchema", "note", "Note"],
      ["outputSchema", "person", "Person"],
    ]);
  });

  it("make a lone $ref outputSchema to an object the object itself: no wrapping; its recursion goes to the root", () => {
    const built = build({
      "specs/schemas/note.yaml": NOTE,
      "specs/schemas/person.yaml": PERSON,
      "specs/get_note.yaml": tool("get_note", "{ type: object }", "{ $ref: ./schemas/note.yaml }"),
      "specs/count.yaml": tool("count_notes", "{ type: object }", "{ $ref: ./schemas/count.yaml }"),
      "specs/schemas/count.yaml": "type: integer\n",
    });
    const [count, getNote] = built.model!.tools;
    expect(getNote.wire.outputSchema).toEqual({
      title: "Note",
      type: "object",
      properties: { id: { type: "string" }, replies: { type: "array", items: { $ref: "#" } }, author: { $ref: "#/$defs/person" } },
      required: ["id"],
      $defs: { person: { type: "object", properties: { name: { type: "string" } } } },
    });
    // Not an object: kept as a ref (and wrapped for older clients, which lint says: MG113).
    expect(count.wire.outputSchema).toEqual({ $ref: "#/$defs/count", $defs: { count: { type: "integer" } } });
  });

  it("MG035: a name already taken is qualified by the file's folder, at the later schema, with how to choose", () => {
    const built = build({
      "specs/schemas/a/item.yaml": "type: string\n",
      "specs/schemas/b/item.yaml": "type: number\n",
      "specs/schemas/make-thing-input.yaml": "title: Make Thing Input\ntype: string\n",
      "specs/make_thing.yaml": tool(
        "make_thing",
        "{ type: object, properties: { a: { $ref: ./schemas/a/item.yaml }, b: { $ref: ./schemas/b/item.yaml }, c: { $ref: ./schemas/make-thing-input.yaml } } }",
      ),
    });
    expect(built.model!.schemas!.map((s) => s.typeName)).toEqual(["BItem", "Item", "SchemasMakeThingInput"]);
    expect(built.diagnostics.filter((d) => d.code === "MG035").map((d) => [d.severity, d.location?.file, d.location?.line, d.message, d.hint])).toEqual([
      [
        "warning",
        "specs/schemas/b/item.yaml",
        1,
        "the shared schema `specs/schemas/b/item.yaml#` would be the type `Item`, like `specs/schemas/a/item.yaml#`; it is declared as `BItem`",
        "give it a `title:` to name its type",
      ],
      [
        "warning",
        "specs/schemas/make-thing-input.yaml",
        1,
        "the shared schema `specs/schemas/make-thing-input.yaml#` would be the type `MakeThingInput`, which tool `make_thing` declares; it is declared as `SchemasMakeThingInput`",
        "give it a `title:` to name its type",
      ],
    ]);
  });
});
