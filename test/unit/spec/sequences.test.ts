/**
 * Examples with state: a sequence (`steps:`) whose later steps take values from earlier
 * results through `{ $from: <step>.<field> }`, checked at generate time with diagnostics at
 * the spec positions (MG043), and modelled for the examples runner and the docs.
 */
import { afterAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../../src/config/config.js";
import { buildModel } from "../../../src/spec/build-model.js";
import { parseReference } from "../../../src/spec/examples.js";
import { removeProject, tempProject } from "../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

function build(files: Record<string, string>) {
  const dir = tempProject("sequences", files);
  dirs.push(dir);
  const { config } = resolveConfig({ cwd: dir });
  return buildModel(config!);
}

const CREATE = `name: create_note
inputSchema:
  type: object
  properties: { title: { type: string } }
  required: [title]
outputSchema:
  type: object
  properties: { id: { type: string }, title: { type: string } }
  required: [id, title]
`;
const GET = (examples: string) => `name: get_note
inputSchema:
  type: object
  properties: { id: { type: string, pattern: "^n" } }
  required: [id]
  additionalProperties: false
outputSchema:
  type: object
  properties: { id: { type: string }, title: { type: string } }
  required: [id, title]
examples:
${examples}`;
const PING = "name: ping\ninputSchema: { type: object }\n";

const diagnosticsOf = (examples: string) =>
  build({ "specs/create.yaml": CREATE, "specs/get.yaml": GET(examples), "specs/ping.yaml": PING }).diagnostics.map(
    (d) => `${d.location?.file}:${d.location?.line}:${d.location?.column} ${d.code} ${d.message}${d.hint ? ` | ${d.hint}` : ""}`,
  );

describe("sequences", () => {
  it("model: steps in order, another tool's name, `as`, and each `$from` as a use; the input keeps the reference", () => {
    const result = build({
      "specs/create.yaml": CREATE,
      "specs/get.yaml": GET(`  - title: Create, then get
    steps:
      - tool: create_note
        input: { title: Milk }
        as: created
      - input: { id: { $from: created.id } }
        output: { id: { $from: created.id }, title: Milk }
        match: exact
`),
    });
    expect(result.diagnostics).toEqual([]);
    const get = result.model!.tools.find((tool) => tool.name === "get_note")!;
    expect(get.examples).toEqual([
      {
        title: "Create, then get",
        input: {},
        location: { file: "specs/get.yaml", line: 12, column: 5 },
        steps: [
          { tool: "create_note", input: { title: "Milk" }, as: "created", location: { file: "specs/get.yaml", line: 14, column: 9 } },
          {
            tool: "get_note",
            input: { id: { $from: "created.id" } },
            output: { id: { $from: "created.id" }, title: "Milk" },
            match: "exact",
            uses: [
              { at: "/input/id", step: "created", path: "/id" },
              { at: "/output/id", step: "created", path: "/id" },
            ],
            location: { file: "specs/get.yaml", line: 17, column: 9 },
          },
        ],
      },
    ]);
  });

  it.each([
    {
      name: "a step that does not exist, with a near name",
      examples: "  - steps:\n      - { tool: create_note, input: { title: a }, as: created }\n      - input: { id: { $from: craeted.id } }\n",
      want: "specs/get.yaml:14:31 MG043 example 1, step 2: `$from: craeted.id` names `craeted`, which no earlier step is named (`as:`) | did you mean `created`?",
    },
    {
      name: "a later step",
      examples: "  - steps:\n      - input: { id: { $from: later.id } }\n      - { tool: create_note, input: { title: a }, as: later }\n",
      want: "specs/get.yaml:13:31 MG043 example 1, step 1: `$from: later.id` names `later`, which no earlier step is named (`as:`) | step 2 is named `later`, but a step takes values only from the steps before it",
    },
    {
      name: "no named step at all",
      examples: "  - steps:\n      - { tool: create_note, input: { title: a } }\n      - input: { id: { $from: created.id } }\n",
      want: "specs/get.yaml:14:31 MG043 example 1, step 2: `$from: created.id` names `created`, which no earlier step is named (`as:`) | name an earlier step with `as: created`",
    },
    {
      name: "a reference with other keys",
      examples: "  - steps:\n      - { tool: create_note, input: { title: a }, as: c }\n      - input: { id: { $from: c.id, x: 1 } }\n",
      want: 'specs/get.yaml:14:31 MG043 example 1, step 2: `$from: "c.id"` is not a reference: write `{ $from: <step>.<field> }` and nothing else | write `{ $from: <step>.<field> }` alone, e.g. `{ $from: created.id }`, where an earlier step says `as: created`',
    },
    {
      name: "a step meant to fail",
      examples: "  - steps:\n      - { tool: create_note, input: {}, error: true, as: c }\n      - input: { id: { $from: c.id } }\n",
      want: "specs/get.yaml:14:31 MG043 example 1, step 2: `$from: c.id` takes a value from step `c`, which is meant to fail (`error: true`) and has no result | take the value from a step that succeeds",
    },
    {
      name: "a tool without outputSchema",
      examples: "  - steps:\n      - { tool: ping, input: {}, as: p }\n      - input: { id: { $from: p.id } }\n",
      want: "specs/get.yaml:14:9 MG043 example 1, step 2: step `p` calls `ping`, which has no outputSchema: its result has no structured content to take values from | give `ping` an outputSchema",
    },
    {
      name: "an unknown tool",
      examples: "  - steps:\n      - { tool: create_nte, input: { title: a } }\n",
      want: "specs/get.yaml:13:9 MG043 example 1, step 1: no tool is named `create_nte` | did you mean `create_note`?",
    },
    {
      name: "two steps of one name",
      examples: "  - steps:\n      - { tool: create_note, input: { title: a }, as: c }\n      - { tool: create_note, input: { title: b }, as: c }\n",
      want: "specs/get.yaml:14:55 MG043 example 1, step 2: another step is already named `c` | give each step its own name",
    },
    {
      name: "another tool's input checked against its schema",
      examples: "  - steps:\n      - { tool: create_note, input: { title: 1 } }\n",
      want: "specs/get.yaml:13:9 MG040 example 1, step 1 (create_note): /title must be string",
    },
  ])("MG043 at the spec position: $name", ({ examples, want }) => {
    expect(diagnosticsOf(examples)).toEqual([want]);
  });

  it("a value an earlier step gives is not validated before the run; the rest of the input is", () => {
    const examples = "  - steps:\n      - { tool: create_note, input: { title: a }, as: c }\n      - input: { id: { $from: c.id }, extra: 1 }\n";
    expect(diagnosticsOf(examples)).toEqual(["specs/get.yaml:14:39 MG040 example 1, step 2: input must not have additional property `extra`"]);
  });

  it("existing examples stay valid beside sequences", () => {
    expect(diagnosticsOf("  - input: { id: n1 }\n    output: { id: n1, title: t }\n")).toEqual([]);
  });

  it.each([
    ["created", { step: "created", path: "" }],
    ["created.id", { step: "created", path: "/id" }],
    ["list.items.0.id", { step: "list", path: "/items/0/id" }],
    ["a.x/y", { step: "a", path: "/x~1y" }],
    ["0bad", undefined],
    ["a..b", undefined],
    ["", undefined],
  ])("parseReference(%j)", (from, want) => {
    expect(parseReference(from)).toEqual(want);
  });
});
