/** A project whose spec text tries every way to break out of markdown, HTML, MDX and Vue. */
import type { ProjectModel } from "../../src/spec/model.js";
import { projectModel, type ToolFixture } from "./project-model.js";

export const HOSTILE = [
  "<script>window.__pwned = 1</script>",
  '"><img src=x onerror="window.__pwned = 2">',
  "{{ 7 * 191 }}",
  "</script><script>window.__pwned = 3</script>",
  "`{{ 7 * 193 }}` | pipe <!-- comment --> & ampersand ${x} {#id}",
].join(" ");

const hostileTool: ToolFixture = {
  wire: {
    name: "hostile.tool",
    title: `Title ${HOSTILE}`,
    description: `Summary {{ 7 * 197 }}. ${HOSTILE}\n\nSecond paragraph with \`code {{ 7 * 199 }}\` and </textarea>.`,
    annotations: { readOnlyHint: false, destructiveHint: true, "x-<b>vendor</b>": "{{ 7 * 211 }}" },
    inputSchema: {
      type: "object",
      properties: {
        "<img src=x onerror=alert(1)>": { type: "string", description: HOSTILE, default: "</script>{{ 7 * 223 }}" },
        nested: {
          type: "object",
          description: "Line one\nline two | {{ 7 * 227 }}",
          properties: { "{{ 7 * 229 }}": { enum: ["<a>", "{{ 7 * 233 }}", "`"] } },
        },
      },
      required: ["nested"],
    },
    outputSchema: { type: "object", properties: { "</script>": { type: "string", description: HOSTILE } } },
  },
  examples: [
    { title: `Example ${HOSTILE}`, input: { nested: {} }, output: { "</script>": "{{ 7 * 239 }} <script>window.__pwned = 4</script>" } },
    { title: "{{ 7 * 241 }}", input: {}, error: true },
  ],
};

const safeTool: ToolFixture = {
  wire: {
    name: "safe_tool",
    title: "Safe tool",
    description: "Reads things.",
    annotations: { readOnlyHint: true },
    inputSchema: { type: "object", properties: { q: { type: "string" } } },
  },
};

/** Products that appear only if some template engine evaluated an expression. */
export const EVALUATED = [191, 193, 197, 199, 211, 223, 227, 229, 233, 239, 241, 251, 257].map((n) => String(7 * n));

export function hostileModel(): ProjectModel {
  const model = projectModel([hostileTool, safeTool]);
  model.tools[0].tags = ["<b>bold</b>", "{{ 7 * 251 }}"];
  // A file name ends up in each page's "generated from" comment: `--!>` ends an HTML comment too.
  model.tools[0].sources = ['specs/x--!><img src=x onerror="window.__pwned = 6">.yaml'];
  model.server = { name: 'server <script>window.__pwned = 5</script> "{{ 7 * 257 }}"', version: "1.0.0</title>" };
  return model;
}
