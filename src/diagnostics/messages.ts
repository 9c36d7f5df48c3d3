/**
 * The message catalogue: every diagnostic code mcp-gen reports, with its default
 * severity, its message templates (a code may word its message several ways: each is
 * named) and its docs text. Call sites pass parameters (`createDiagnostic`), never text;
 * the README's code and lint tables are rendered from here (`npm run docs:tables`).
 * Lint rules (name, category, reason) are entries of the same table, so the config reads
 * rule names without importing the lint layer.
 *
 * Codes and rule names are stable: never renumber or rename, only add. The entries are
 * in the order the docs list them, grouped by stage.
 *
 * One file on purpose: it is a table, and it is read as one.
 */
import type { Diagnostic, DiagnosticCode, Location, RelatedLocation, Severity } from "./diagnostic.js";
import { formatMessage, paramMessage, type MessageTemplate, type MessageValue, type ParamsOf } from "./param-message.js";

export type LintSetting = Severity | "off";

export type LintCategory = "annotations" | "descriptions" | "names" | "schemas" | "examples" | "portability" | "budget";

interface CatalogueEntry {
  severity: Severity;
  /** One line, as `DIAGNOSTIC_CODES` gives it. */
  title: string;
  /** The docs' explanation (the README's table); the title when absent. */
  docs?: string;
  messages: Readonly<Record<string, MessageTemplate>>;
  /** Set for lint rules: the config changes their severity by code or name. */
  rule?: {
    name: string;
    category: LintCategory;
    /** Why the rule exists, in one line (printed as the finding's hint). */
    why: string;
    /** A policy rather than a finding: off until the config turns it on. */
    off?: true;
  };
  /** Why a code no call site reports is kept (codes are never reused). */
  reserved?: string;
}

const m = paramMessage;

export const MESSAGES = {
  // Loading (YAML)
  MG001: {
    severity: "error",
    title: "YAML syntax error",
    docs: "YAML syntax error (the parser's message; its warnings are warnings; an indentation mistake is one error on its line, saying the indentation expected), or a merge key (`<<`) that is not a mapping or a list of them; invalid JSON in an imported dump",
    messages: {
      default: m`${"parserMessage"}`,
      mergeKey: "a merge key (`<<`) takes a mapping, an alias of one (`<<: *defaults`), or a list of them",
      /** One diagnostic for an indentation mistake, on its line (`reason`: `` as `type` on line 7 ``). */
      indentation: m`${"what"} is indented ${"found"}; expected ${"expected"}, ${"reason"}`,
      tabIndentation: m`${"what"} is indented with a tab, and YAML indents with spaces only: expected ${"expected"} spaces, ${"reason"}`,
      invalidJson: m`invalid JSON: ${"reason"}`,
    },
  },
  MG002: {
    severity: "error",
    title: "duplicate key in a YAML mapping",
    docs: "duplicate key in a YAML mapping (a warning in an imported JSON dump)",
    messages: {
      default: m`duplicate key \`${"key"}\`: a mapping may hold each key once`,
      unnamed: "duplicate key: a mapping may hold each key once",
      /** An imported JSON dump: `duplicate` is the YAML message without its reason. */
      inJson: m`${"duplicate"}: JSON.parse keeps the last one, and so does the import`,
    },
  },
  MG003: {
    severity: "error",
    title: "too many YAML alias expansions (possible alias bomb)",
    docs: "too many YAML alias expansions (an alias bomb)",
    messages: {
      default: m`aliases expand to more than ${"limit"} nodes; refusing to expand (possible alias bomb)`,
    },
  },
  MG004: {
    severity: "error",
    title: "a spec file must hold exactly one YAML document",
    docs: "a spec file holds several YAML documents (one tool per file, or `tools: [...]`)",
    messages: {
      default: m`file holds ${"count"} YAML documents; put one tool per file or use \`tools: [...]\``,
    },
  },
  MG005: {
    severity: "error",
    title: "a spec file could not be read",
    docs: "a file could not be read, or is not UTF-8",
    messages: {
      default: m`cannot read file (${"reason"})`,
      notUtf8: m`file is not valid UTF-8 (byte 0x${"byte"})`,
      truncatedUtf8: "file is not valid UTF-8 (truncated character at the end)",
    },
  },
  MG006: {
    severity: "error",
    title: "no spec files matched",
    docs: "no spec files found where the config's `specs` globs look",
    messages: {
      default: m`no spec files matched ${"globs"} in ${"root"}`,
      noTools: m`${"folder"} is empty: the server has no tools yet`,
    },
  },
  // Spec shape (the spec format's own JSON Schema)
  MG010: {
    severity: "error",
    title: "a field has the wrong type or a required field is missing",
    docs: "a field has the wrong type or is missing, or a number has no JSON form (`.inf`, `.nan`); a mapping key that is a list or mapping; an `auth.scopes` entry that is empty, no OAuth scope token or a duplicate; in an imported dump, a tool that is no object or has no name (warnings)",
    messages: {
      emptyFile: "spec file is empty: expected one tool (`name`, `inputSchema`, ...) or `tools: [...]`",
      notMapping: m`a spec file must hold a mapping (one tool, or \`tools: [...]\`), not ${"actual"}`,
      /** `where`: ` in \`a.b\`` inside a tool, or nothing at its root. */
      missingField: m`missing required field \`${"field"}\`${"where"}`,
      wrongType: m`${"label"} must be ${"expected"}, not ${"actual"}`,
      notOneOf: m`${"label"} must be one of ${"allowed"}`,
      empty: m`${"label"} must not be empty`,
      /** `reason`: the schema validator's own words. */
      invalid: m`${"label"} ${"reason"}`,
      notFinite: m`${"value"} has no JSON form: tools/list and the catalog would send \`null\``,
      collectionKey: m`a mapping key must be a plain value, not a ${"kind"}: JSON keys are text`,
      emptyScope: m`empty scope in \`${"field"}\``,
      invalidScope: m`invalid scope \`${"scope"}\`: ${"character"} is not allowed in an OAuth scope`,
      duplicateScope: m`duplicate scope \`${"scope"}\` in \`${"field"}\` (first at ${"first"})`,
      /** What `findToolList` found wrong with an imported dump. */
      notToolList: m`${"problem"}`,
      onePage: m`the dump is one page of tools/list: it has a nextCursor (${"cursor"}), so the tools of the later pages are not in it; \`import --from-server\` or \`--url\` reads every page`,
      toolNotObject: m`tool #${"number"} is not an object; skipped`,
      toolWithoutName: m`tool #${"number"} has no string \`name\`; skipped`,
      unsafeInteger: m`${"literal"} is beyond the integers JavaScript holds exactly; imported as ${"value"}`,
    },
  },
  MG011: {
    severity: "error",
    title: "unknown field",
    docs: 'unknown field (with "did you mean")',
    messages: {
      /** `where`: ` in \`a.b\`` inside a tool, or nothing at its root. */
      default: m`unknown field \`${"key"}\`${"where"}`,
    },
  },
  MG012: {
    severity: "error",
    title: "invalid tool name",
    docs: "invalid tool name: empty, a character MCP does not allow, or longer than 128 characters",
    messages: {
      empty: m`tool name is empty; MCP requires 1-${"max"} characters of ${"allowed"}`,
      badCharacter: m`invalid tool name \`${"name"}\`: ${"character"} is not allowed; MCP allows only ${"allowed"}`,
      tooLong: m`tool name is ${"length"} characters long; MCP allows at most ${"max"}`,
      /** Any of the above, found in the name the config's namespace makes. */
      withNamespace: m`${"message"} (with namespace \`${"namespace"}\`)`,
    },
  },
  MG013: {
    severity: "error",
    title: "duplicate tool name",
    docs: "duplicate tool name (both places)",
    messages: {
      default: m`duplicate tool name \`${"name"}\` in ${"file"}: already defined at ${"first"}`,
    },
  },
  MG014: {
    severity: "error",
    title: "two tool names map to the same TypeScript identifier or file name",
    docs: "two names mapping to one TypeScript identifier or file (`get-weather` vs `get_weather`)",
    messages: {
      default: m`tool names \`${"first"}\` and \`${"second"}\` both map to ${"clash"}`,
    },
  },
  MG015: {
    severity: "warning",
    title: "unknown annotation (passed through verbatim)",
    messages: {
      default: m`unknown annotation \`${"key"}\` (passed through verbatim)`,
    },
  },
  MG018: {
    severity: "error",
    title: "`task` on a tool that does not run as a task",
    docs: "`task:` (a task's ttl and poll interval) on a tool whose `execution.taskSupport` is not `optional` or `required`: it would never apply",
    messages: {
      default: m`\`task\` applies only to a tool that runs as a task, and this one's \`execution.taskSupport\` is ${"support"}`,
    },
  },
  // Schemas
  MG020: {
    severity: "error",
    title: "inputSchema root must be `type: object`",
    docs: "inputSchema root not an object",
    messages: {
      default: m`inputSchema root must be \`type: object\`, not \`${"found"}\``,
      typeMissing: "inputSchema root must be `type: object` (`type` is missing)",
    },
  },
  MG021: {
    severity: "error",
    title: "unsupported JSON Schema dialect",
    docs: "unsupported `$schema`",
    messages: {
      default: m`unsupported $schema \`${"schema"}\`; supported: ${"supported"}`,
    },
  },
  MG022: {
    severity: "error",
    title: "schema does not compile",
    docs: "schema does not compile (or holds an invalid regular expression)",
    messages: {
      default: m`${"key"} does not compile: ${"reason"}`,
      badPattern: m`invalid regular expression \`${"pattern"}\`: ${"reason"}`,
    },
  },
  MG023: {
    severity: "error",
    title: "a `required` entry is not in `properties`",
    docs: "`required` names a missing property",
    messages: {
      default: m`required property \`${"name"}\` is not in \`properties\``,
    },
  },
  MG024: {
    severity: "warning",
    title: "unknown format (treated as an annotation)",
    messages: {
      default: m`unknown format \`${"format"}\`: treated as an annotation, not validated`,
    },
  },
  MG025: {
    severity: "warning",
    title: "unknown keyword (treated as an annotation)",
    messages: {
      default: m`unknown keyword \`${"keyword"}\` in a ${"dialect"} schema: treated as an annotation`,
    },
  },
  // $ref
  MG030: {
    severity: "error",
    title: "$ref target not found",
    docs: "`$ref`: missing target",
    messages: {
      default: m`$ref \`${"ref"}\`: \`#${"pointer"}\` not found in \`${"file"}\``,
      pointerOnly: m`$ref \`${"ref"}\`: only JSON Pointer fragments (\`#/...\`) are supported`,
      nothingInSchema: m`$ref \`${"ref"}\` points at nothing in this schema`,
      nothingInFile: m`$ref \`${"ref"}\` points at nothing in \`${"file"}\``,
      notSchema: m`$ref \`${"ref"}\` does not point at a schema in \`${"file"}\``,
    },
  },
  MG031: {
    severity: "error",
    title: "network $ref are not fetched",
    docs: "`$ref`: network reference (never fetched)",
    messages: {
      default: m`network $ref \`${"ref"}\` is not fetched; copy the schema into the project and refer to it by a relative path`,
    },
  },
  MG032: {
    severity: "error",
    title: "$ref escapes the project root",
    docs: "`$ref`: outside the project (also through a symbolic link)",
    messages: {
      default: m`$ref \`${"ref"}\` resolves outside the project root`,
      symlink: m`$ref \`${"ref"}\` resolves outside the project root (through a symbolic link)`,
    },
  },
  MG033: {
    severity: "error",
    title: "$ref file could not be loaded",
    docs: "`$ref`: unreadable file",
    messages: {
      default: m`$ref \`${"ref"}\`: file \`${"file"}\` not found`,
      notLoaded: m`$ref file \`${"file"}\` could not be loaded (it must hold one YAML or JSON schema)`,
    },
  },
  MG034: {
    severity: "error",
    title: "a $ref cycle that never moves into the data (validation would recurse forever)",
    docs: 'a cycle of references that never moves into the data (`B: { allOf: [{ $ref: "#/$defs/B" }] }`), which would recurse forever',
    messages: {
      default: "this `$ref` leads back to where it started without moving into the data: validating would recurse forever",
    },
  },
  MG035: {
    severity: "warning",
    title: "two shared schemas want one type name",
    docs: "a shared schema (a `$ref`'d file, declared once in `generated/schemas.ts`) whose type name (from its `title`, else its file) another shared schema or a tool's own types already take: it is named otherwise, as the message says; give it a `title:` to choose",
    messages: {
      default: m`the shared schema \`${"id"}\` would be the type \`${"name"}\`, like \`${"other"}\`; it is declared as \`${"chosen"}\``,
      toolType: m`the shared schema \`${"id"}\` would be the type \`${"name"}\`, which tool \`${"tool"}\` declares; it is declared as \`${"chosen"}\``,
    },
  },
  // Examples
  MG040: {
    severity: "error",
    title: "example input does not validate against inputSchema",
    docs: "an example's input does not validate",
    messages: {
      default: m`${"example"}: ${"path"} ${"reason"}`,
    },
  },
  MG041: {
    severity: "error",
    title: "example output does not validate against outputSchema",
    docs: "an example's output does not validate",
    messages: {
      default: m`${"example"}: ${"path"} ${"reason"}`,
    },
  },
  MG042: {
    severity: "warning",
    title: "an example field its test cannot use (it would pass, or fail, whatever the handler does)",
    docs: "an example field its test cannot use (`match: exact` with no `output`, `output` with `error: true`, an `output` no handler of a tool without `outputSchema` can return: an error with `match: exact`)",
    messages: {
      unusedWithError: m`${"example"}: \`${"field"}\` is not used with \`error: true\`: the test only checks that the input is rejected`,
      exactWithoutOutput: m`${"example"}: \`match: exact\` with no \`output\` compares nothing: the test passes whatever the result`,
      notReturnable: m`${"example"}: the tool has no outputSchema, so \`output\` is what the handler returns (a string, content blocks or a CallToolResult), and ${"output"} is none of them`,
      notReturnableExact: m`${"example"}: the tool has no outputSchema, so \`output\` is what the handler returns (a string, content blocks or a CallToolResult), and ${"output"} is none of them: \`match: exact\` can never pass`,
    },
  },
  MG043: {
    severity: "error",
    title: "a sequence step's reference to an earlier result (`$from`) or its tool is wrong",
    docs: "a sequence (`steps:`) takes a value from a step that does not exist or comes later, from a step meant to fail, or from a tool without `outputSchema`; a step names an unknown tool or two steps share a name (`as:`)",
    messages: {
      badReference: m`${"example"}: \`$from: ${"from"}\` is not a reference: write \`{ $from: <step>.<field> }\` and nothing else`,
      unknownStep: m`${"example"}: \`$from: ${"from"}\` names \`${"step"}\`, which no earlier step is named (\`as:\`)`,
      failingStep: m`${"example"}: \`$from: ${"from"}\` takes a value from step \`${"step"}\`, which is meant to fail (\`error: true\`) and has no result`,
      noStructured: m`${"example"}: step \`${"step"}\` calls \`${"tool"}\`, which has no outputSchema: its result has no structured content to take values from`,
      unknownTool: m`${"example"}: no tool is named \`${"tool"}\``,
      duplicateName: m`${"example"}: another step is already named \`${"step"}\``,
    },
  },
  // Handlers
  MG050: {
    severity: "warning",
    title: "handler file has no tool (orphaned; kept)",
    docs: "handler without a tool (kept)",
    messages: {
      default: m`${"file"} matches no tool (kept)`,
      indexEntry: m`handler \`${"key"}\` in ${"file"} names no tool (kept)`,
    },
  },
  MG051: {
    severity: "warning",
    title: "handler file could not be updated (left alone)",
    docs: 'handlers/index.ts left alone (unreadable, a spread that may hold a missing tool, or a `__proto__: proto` entry, which sets the prototype: write `["__proto__"]: proto`)',
    messages: {
      default: m`${"file"} was left alone: ${"problem"}`,
    },
  },
  MG052: {
    severity: "info",
    title: "what mcp-gen wrote for a removed tool was taken back",
    docs: "a removed tool's stub (still byte-identical to what mcp-gen wrote, as the manifest records) or its `handlers/index.ts` entry (still in the form mcp-gen writes) was removed; an edited handler is kept (MG050)",
    messages: {
      default: m`${"file"} removed: mcp-gen wrote it for a tool that is gone, and it was not edited since`,
      indexEntry: m`\`${"key"}\` taken out of ${"file"}: its tool is gone`,
    },
  },
  // Handler lifecycle (`renamedFrom`)
  MG160: {
    severity: "info",
    title: "handler file renamed after its tool (renamedFrom)",
    docs: "handler renamed after its tool (`renamedFrom`): done",
    messages: {
      default: m`${"from"} follows its tool's rename to ${"to"} (\`${"fromHandler"}\` → \`${"toHandler"}\`)`,
    },
  },
  MG161: {
    severity: "warning",
    title: "handler not renamed: the rename is ambiguous or its target exists (left alone)",
    docs: "handler rename (`renamedFrom`) not done: target exists or ambiguous",
    messages: {
      default: m`\`renamedFrom: ${"renamedFrom"}\` of \`${"tool"}\`: ${"file"} was not renamed: ${"reason"}`,
    },
  },
  MG162: {
    severity: "warning",
    title: "handler not renamed: the file does not parse or was restructured (left alone)",
    docs: "handler rename (`renamedFrom`) not done: the old handler does not parse or was restructured",
    messages: {
      default: m`${"file"} was left alone (not renamed for \`${"tool"}\`): ${"problem"}`,
    },
  },
  MG163: {
    severity: "warning",
    title: "handler renamed, but another authored file still imports it by its old path (left alone)",
    docs: "handler rename (`renamedFrom`) done, but another handler file still imports the old path",
    messages: {
      default: m`${"file"} imports ${"specifier"}, which this run renamed to ${"to"} (the import is left as written)`,
    },
  },
  // Config
  MG060: {
    severity: "error",
    title: "invalid configuration",
    docs: 'configuration (position and "did you mean" as for specs); `docs.out` outside `out`, or `mcp-gen docs` writing to generate\'s docs folder in other formats (warnings)',
    messages: {
      notFound: m`config file not found: ${"file"}`,
      noConfigMatched: m`no config file matched \`${"glob"}\``,
      projectNotFound: m`project not found: \`${"entry"}\``,
      noProjectMatched: m`no project matched \`${"entry"}\``,
      notMapping: "config must be a mapping",
      workspaceOnly: m`a workspace config (with \`projects\`) holds nothing else; move \`${"key"}\` into each project's config`,
      docsOutsideOut: m`\`docs.out\` (${"docsOut"}) is not inside \`out\` (${"out"}): \`mcp-gen docs\` writes there, \`generate\` writes its docs to ${"generateDocs"}`,
      outIsHandlers: "`out` and `handlers` must be different folders",
      docsFormats: m`${"dir"} is the folder \`generate\` writes its docs to, as ${"formats"} (docs.formats): its next run writes them back that way`,
      unknownRootField: m`unknown config field \`${"key"}\` (known: ${"known"})`,
      unknownField: m`unknown field \`${"path"}\` (known: ${"known"})`,
      /** `reason`: the schema validator's own words. */
      configInvalid: m`the config ${"reason"}`,
      fieldInvalid: m`\`${"path"}\` ${"reason"}`,
      unknownLintRule: m`unknown lint rule \`${"key"}\``,
      lintRuleTwice: m`lint rule \`${"key"}\` is set twice: \`${"first"}\` and \`${"key"}\` are both ${"code"} (${"name"})`,
      // What a wrong value of each field should have been, by dotted path (`field:<path>`).
      "field:specs": "`specs` must be a glob or a list of globs",
      "field:ignore": "`ignore` must be a glob or a list of globs",
      "field:out": "`out` must be a folder path",
      "field:handlers": "`handlers` must be a folder path",
      "field:server": "`server` must be a mapping with `name` and `version`",
      "field:server.name": "`server.name` must be a non-empty string",
      "field:server.version": "`server.version` must be a non-empty string",
      "field:namespace": "`namespace` must be 1-64 characters of A-Z a-z 0-9 _ - . (it becomes part of every tool name)",
      "field:docs": "`docs` must be a mapping with `formats` and `out`",
      "field:docs.formats": "`docs.formats` must be a list of `markdown` and `html`, each at most once",
      "field:docs.out": "`docs.out` must be a folder path",
      "field:lint": "`lint` must be a mapping with `rules`, `maxWarnings` and `maxToolNameLength`",
      "field:lint.maxToolNameLength": "`lint.maxToolNameLength` must be a whole number from 1 to 128",
      "field:lint.rules": "`lint.rules` must map rule codes or names to `error`, `warning`, `info` or `off`",
      "field:lint.maxWarnings": "`lint.maxWarnings` must be a whole number, 0 or more",
      "field:budget": "`budget` must be a mapping with `perTool` and `total` (numbers of tokens)",
      "field:budget.perTool": "`budget.perTool` must be a whole number of tokens, 1 or more",
      "field:budget.total": "`budget.total` must be a whole number of tokens, 1 or more",
      "field:projects": "`projects` must be a non-empty list of project folders or config files",
    },
  },
  // Importing from a running server (`mcp-gen import --from-server / --url`)
  MG070: {
    severity: "error",
    title: "could not connect to the MCP server",
    docs: "`import --from-server`/`--url`: could not connect",
    messages: {
      invalidUrl: m`not a valid URL: ${"url"}`,
      notHttp: m`not an http or https URL: ${"url"}`,
      badCommand: m`cannot parse the server command ${"source"}: ${"reason"}`,
      httpStatus: m`${"where"} answered ${"status"} during ${"step"}`,
      cannotStart: m`cannot start the server: ${"reason"}: ${"command"}`,
      cannotConnect: m`cannot connect to ${"where"} (${"code"})`,
      ...serverFailures(),
    },
  },
  MG071: {
    severity: "error",
    title: "the server's tools/list failed or returned an invalid result",
    docs: "`import --from-server`/`--url`: `tools/list` failed or was invalid; a listed outputSchema that may be the SDK's wrapping of a non-object one (warning)",
    messages: {
      tooManyPages: m`${"source"} sent more than ${"max"} pages of tools/list; stopped`,
      invalidResult: m`${"source"} sent an invalid ${"step"} result: ${"reason"}`,
      cursorRepeated: m`${"source"} sent the cursor ${"cursor"} again at ${"step"}; stopped, it would never end`,
      wrappedOutput: m`tool "${"name"}": its outputSchema is \`{ type: object, properties: { result: ... }, required: [result] }\`, the shape the SDK lists to a ${"protocolVersion"} client when the server's own schema is not an object; imported as sent`,
      ...serverFailures(),
    },
  },
  // The typed client of a server you do not own (`mcp-gen client`)
  MG072: {
    severity: "error",
    title: "`mcp-gen client`: a tool list it cannot make a client of",
    docs: "`mcp-gen client`: the tool list holds no tools; a file in the way that mcp-gen did not write; a tool without an `inputSchema` of `type: object` (skipped), with an `outputSchema` that is no object (typed as content) or another field of the wrong type (left out) (warnings)",
    messages: {
      empty: m`${"source"} lists no tools: there is nothing to call`,
      noInputSchema: m`tool "${"name"}" has no \`inputSchema\` of \`type: object\` (MCP requires one); skipped`,
      fieldDropped: m`tool "${"name"}": \`${"field"}\` is not what MCP allows there (${"expected"}); left out of its definition`,
      outputSchemaNotObject: m`tool "${"name"}": its \`outputSchema\` is not an object; its method resolves to the result's content`,
      notGenerated: m`${"file"} exists and was not written by mcp-gen; not overwritten (remove it or choose another --out)`,
    },
  },
  // Reading a side of `mcp-gen diff`
  MG075: {
    severity: "error",
    title: "a side of `mcp-gen diff` could not be read",
    docs: "`diff`: a base or head that is not a file, folder or git revision, a revision that does not exist, a file that is not a tool list or catalog, a tool without a name, two tools with one name, a `$ref` that does not resolve or loops",
    messages: {
      notFound: m`${"source"} is not a file, a folder or a revision of this git repository`,
      notGitRepository: m`${"source"} looks like a git revision, but ${"dir"} is not in a git repository`,
      noRevision: m`git revision ${"source"} does not exist`,
      notInRevision: m`the project folder ${"folder"} does not exist at git revision ${"source"}`,
      gitFailed: m`git could not read revision ${"source"}: ${"reason"}`,
      notToolList: m`${"source"} is not a tool list: ${"reason"}`,
      notTool: m`${"source"}: entry ${"index"} is not a tool (an object with a string \`name\`)`,
      duplicateTool: m`${"source"} lists two tools named "${"name"}"`,
      refCycle: m`${"source"}: tool "${"tool"}": the \`$ref\` at ${"path"} leads back to where it started without moving into the data`,
      unresolvedRef: m`${"source"}: tool "${"tool"}": the \`$ref\` ${"ref"} at ${"path"} does not resolve`,
      workspace: m`${"source"} is a workspace config (\`projects\`); diff one project: give its folder or --config`,
    },
  },
  // Lint rules: severities are defaults; `lint.rules` in the config changes them
  MG100: {
    severity: "warning",
    title: "readOnlyHint true contradicts destructiveHint true",
    docs: "`readOnlyHint: true` with `destructiveHint: true`",
    messages: {
      default: m`\`${"tool"}\` is marked readOnlyHint: true and destructiveHint: true; a tool that only reads destroys nothing`,
    },
    rule: {
      name: "annotation-conflict",
      category: "annotations",
      why: "a read-only tool cannot be destructive; clients may warn about or block a tool they think destroys data",
    },
  },
  MG101: {
    severity: "info",
    title: "annotation ignored because readOnlyHint is true",
    docs: "`idempotentHint` (any value) or `destructiveHint: false` on a `readOnlyHint: true` tool: MCP defines them only for tools that write, so clients ignore them (info: 132 of the 190 read-only tools of real servers we checked set them)",
    messages: {
      default: m`${"key"} has no effect on a read-only tool (readOnlyHint: true)`,
    },
    rule: {
      name: "annotation-ignored",
      category: "annotations",
      why: "MCP defines destructiveHint and idempotentHint only for tools that are not read-only; clients ignore them here",
    },
  },
  MG102: {
    severity: "warning",
    title: "a tool that only reads leaves destructiveHint at its default (true)",
    docs: "a tool that looks read-only but sets neither `readOnlyHint` nor `destructiveHint`, so clients assume MCP's default `destructiveHint: true`. Looks read-only: its name (after any `prefix.`) starts with get, list, search, read, fetch, find, query, lookup, look, show, describe, retrieve, view, count, browse, inspect or return, or its description starts with one of these (also `Gets`, `Returns`, ...), and no word of its name is a write verb (create, delete, update, set, send, run, ... — `get_or_create_user` is not read-only)",
    messages: {
      default: m`\`${"tool"}\` looks read-only (${"reason"}) but sets neither readOnlyHint nor destructiveHint, so clients assume destructiveHint: true; add \`annotations: { readOnlyHint: true }\``,
    },
    rule: {
      name: "read-only-undeclared",
      category: "annotations",
      why: "without readOnlyHint: true, clients take MCP's default destructiveHint: true and may ask before every call",
    },
  },
  MG103: {
    severity: "warning",
    title: "tool without a description",
    docs: "a tool without `description` (or an empty one)",
    messages: {
      default: m`tool \`${"tool"}\` has no description`,
    },
    rule: {
      name: "tool-description-missing",
      category: "descriptions",
      why: "the model chooses tools by their description; without one it has to guess from the name",
    },
  },
  MG104: {
    severity: "warning",
    title: "input property without a description",
    docs: "an input property (at any depth, `$defs` included) without `description`; a property that is only a `$ref` is checked at its target",
    messages: {
      default: m`input property \`${"property"}\` of \`${"tool"}\` has no description`,
    },
    rule: {
      name: "property-description-missing",
      category: "descriptions",
      why: "the model fills arguments from their descriptions; a bare name invites wrong values",
    },
  },
  MG105: {
    severity: "warning",
    title: "description only repeats the name",
    docs: 'a tool or input property description that only restates its name (`get_weather`: "Gets the weather.") — compared word by word, ignoring case, articles and a plural `s`',
    messages: {
      default: m`the description of \`${"tool"}\` only repeats its name; say what it does, when to use it, what it returns`,
      property: m`the description of input property \`${"property"}\` only repeats its name`,
    },
    rule: {
      name: "description-repeats-name",
      category: "descriptions",
      why: "a description that only restates the name tells the model nothing new",
    },
  },
  MG106: {
    severity: "warning",
    title: "tool name longer than clients accept",
    docs: "a tool name (namespace included) over 64 characters, or over `lint.maxToolNameLength` when the config sets it. 64 is the Claude API's limit (`tools.N.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`: Claude Desktop refuses the server's tools, NetApp/netapp-dataops-toolkit#38, inngest/agent-kit#108). Set a lower limit for clients that count more than the tool's name: Cursor filters out a tool whose server name plus tool name exceeds 60 characters by its count, which refused a 1-character server name with a 59-character tool (ComposioHQ/composio#2788, awslabs/mcp#1283, executeautomation/mcp-playwright#145): with a server called `notes` in `mcp.json`, `maxToolNameLength: 54` is safe; Claude Code sends `mcp__<server>__<tool>` to the same 64-character API (cloudflare/skills#11)",
    messages: {
      default: m`tool name \`${"name"}\` is ${"length"} characters long; the Claude API (Claude Desktop, Claude Code) rejects tool names over ${"limit"}`,
      namespaced: m`tool name \`${"name"}\` is ${"length"} characters long with its namespace; the Claude API (Claude Desktop, Claude Code) rejects tool names over ${"limit"}`,
      /** `lint.maxToolNameLength` is set: the project's own limit (Cursor's, say). */
      configured: m`tool name \`${"name"}\` is ${"length"} characters long, over this project's limit of ${"limit"} (lint.maxToolNameLength)`,
    },
    rule: {
      name: "tool-name-too-long",
      category: "names",
      why: "the Claude API rejects tool names over 64 characters, and Cursor filters out a tool whose server name plus tool name exceeds 60",
    },
  },
  MG107: {
    severity: "warning",
    title: "tool names mix naming styles",
    docs: "a name whose style (snake_case, kebab-case, camelCase, PascalCase; a one-word lowercase name fits any) differs from the server's most common one, or that mixes styles itself. The part before a last `.` is a grouping and is not judged; the namespace neither",
    messages: {
      default: m`tool name \`${"name"}\` is ${"style"} while this server's tools are ${"serverStyle"} (e.g. \`${"example"}\`)`,
      noExample: m`tool name \`${"name"}\` is ${"style"} while this server's tools are ${"serverStyle"}`,
      mixed: m`tool name \`${"name"}\` mixes naming styles within itself`,
    },
    rule: {
      name: "tool-name-style-mixed",
      category: "names",
      why: "one naming style per server (snake_case, kebab-case, camelCase or PascalCase) keeps names predictable for models and people",
    },
  },
  MG108: {
    severity: "warning",
    title: "enum without type",
    docs: "`enum` without `type`, in input and output schemas",
    messages: {
      default: m`\`enum\` without \`type\` in \`${"tool"}\`'s ${"schema"}; add the type its values share`,
    },
    rule: {
      name: "enum-without-type",
      category: "schemas",
      why: "without `type`, generated types and some clients' forms fall back to any value",
    },
  },
  MG109: {
    severity: "warning",
    title: "input object without additionalProperties",
    docs: "input objects without `additionalProperties` (or `unevaluatedProperties`), which accept misspelled arguments silently. Off by default: it is a policy, and rejecting unknown arguments can break clients that send extra ones; turn it on with `lint: { rules: { MG109: warning } }`",
    messages: {
      default: m`input object of \`${"tool"}\` leaves additionalProperties unset, so unknown arguments are accepted`,
      nested: m`input object at \`${"path"}\` of \`${"tool"}\` leaves additionalProperties unset, so unknown arguments are accepted`,
    },
    rule: {
      name: "additional-properties-unset",
      category: "schemas",
      why: "with additionalProperties unset, misspelled arguments pass validation silently (a policy; off by default)",
      off: true,
    },
  },
  MG110: {
    severity: "warning",
    title: "unused $defs entry",
    docs: "a root `$defs`/`definitions` entry no `$ref` reaches (from the schema, directly or through other entries): it is still sent to every client",
    messages: {
      default: m`\`${"entry"}\` in \`${"tool"}\`'s ${"schema"} is never referenced`,
    },
    rule: {
      name: "unused-defs",
      category: "schemas",
      why: "an unused definition is still sent to every client in tools/list",
    },
  },
  MG111: {
    severity: "info",
    title: "optional property with no default mentioned",
    docs: 'an optional input property with no `default` (nor `const`) whose description does not mention one ("default", "if omitted", "when not given", ...)',
    messages: {
      default: m`optional input property \`${"property"}\` of \`${"tool"}\` has no \`default\` and its description does not say what happens without it`,
    },
    rule: {
      name: "optional-without-default",
      category: "schemas",
      why: "the model cannot tell what happens when an optional argument is left out",
    },
  },
  MG112: {
    severity: "info",
    title: "tool without examples",
    docs: "a tool without `examples`",
    messages: {
      default: m`tool \`${"tool"}\` has no examples`,
    },
    rule: {
      name: "examples-missing",
      category: "examples",
      why: "examples are checked at generate time, run as tests and shown in the docs",
    },
  },
  MG113: {
    severity: "warning",
    title: "outputSchema root is not an object: wrapped for older clients",
    docs: 'an `outputSchema` whose root is not `type: object` (a `type: array`, a union, a `$ref` to a schema that is not an object, or a `$ref` with other keywords beside it): clients on a revision before 2026-07-28 are listed it wrapped as `{ type: object, properties: { result: ... }, required: [result] }` and get `structuredContent` as `{ "result": ... }`; 2026-07-28 clients get it as it is. A lone `$ref` to an object schema is that object (no wrap)',
    messages: {
      default: m`outputSchema of \`${"tool"}\` has \`type: ${"found"}\` at its root, not an object: clients before MCP 2026-07-28 are listed it wrapped as \`{ type: object, properties: { result: ... }, required: [result] }\` and get structuredContent as \`{ "result": <value> }\`; 2026-07-28 clients get the value as it is`,
      noType: m`outputSchema of \`${"tool"}\` has no \`type: object\` at its root: clients before MCP 2026-07-28 are listed it wrapped as \`{ type: object, properties: { result: ... }, required: [result] }\` and get structuredContent as \`{ "result": <value> }\`; 2026-07-28 clients get the value as it is`,
      refNotObject: m`outputSchema of \`${"tool"}\` is a \`$ref\` to a schema that is not \`type: object\`: clients before MCP 2026-07-28 are listed it wrapped as \`{ type: object, properties: { result: ... }, required: [result] }\` and get structuredContent as \`{ "result": <value> }\`; 2026-07-28 clients get the value as it is`,
      refWithSiblings: m`outputSchema of \`${"tool"}\` is a \`$ref\` with other keywords beside it, so it is not taken as the object it points at: clients before MCP 2026-07-28 are listed it wrapped as \`{ type: object, properties: { result: ... }, required: [result] }\` and get structuredContent as \`{ "result": <value> }\`; leave the \`$ref\` alone (move the other keywords into the schema it points at) to send the object as it is`,
    },
    rule: {
      name: "output-root-not-object",
      category: "schemas",
      why: "MCP before 2026-07-28 allows only an object at the root of outputSchema, so the server wraps any other value in `{ result }` for those clients",
    },
  },
  // Client portability: what real clients reject or mangle, each with the client and its limit
  MG120: {
    severity: "warning",
    title: "tool name with a character model APIs reject",
    docs: "a tool name (namespace included) with a character outside `A-Z a-z 0-9 _ -` (a `.`): MCP allows it (SEP-986), but the OpenAI API (`^[a-zA-Z0-9_-]+$`) and the Claude API (`^[a-zA-Z0-9_-]{1,64}$`) reject it, and clients that pass names through fail every request, not just this tool's (openai/codex#8174, github/copilot-cli#1879)",
    messages: {
      default: m`tool name \`${"name"}\` contains ${"characters"}: the OpenAI and Claude APIs accept only A-Z a-z 0-9 _ - in tool names, so clients that pass it through (Codex, Copilot CLI) fail every request`,
    },
    rule: {
      name: "tool-name-not-portable",
      category: "portability",
      why: "the OpenAI and Claude APIs accept only letters, digits, `_` and `-` in tool names; a client that passes a `.` through gets a 400 on every request",
    },
  },
  MG121: {
    severity: "warning",
    title: "`type` given as a list",
    docs: "`type` written as a list (`type: [string, \"null\"]`) in an input or output schema: legal JSON Schema, but the MCP Inspector's schema-portability check flags it (modelcontextprotocol/inspector#2121, #2395: consumers that translate schemas into a one-`type` dialect, such as Gemini's function declarations, reject or drop it); write `anyOf` with one `type` per branch",
    messages: {
      default: m`\`type\` is a list (${"types"}) at ${"path"} of \`${"tool"}\`'s ${"schema"}; the MCP Inspector flags it, and clients that read \`type\` as one string (Gemini's function declarations) reject the tool or drop the constraint: use \`anyOf\` with one \`type\` per branch`,
    },
    rule: {
      name: "type-list",
      category: "portability",
      why: "clients that read `type` as one string reject the tool or drop the constraint (the MCP Inspector flags it)",
    },
  },
  MG122: {
    severity: "warning",
    title: "a union at the root of inputSchema",
    docs: "`anyOf`, `oneOf` or `allOf` at the root of an inputSchema: the Claude API answers `input_schema does not support oneOf, allOf, or anyOf at the top level`, which fails every request of a client that lists the tool (anthropics/claude-code#5319, mobile-next/mobile-mcp#344, zereight/gitlab-mcp#551); express the rule with `if`/`then`/`else`, `not` or `dependentRequired` at the root, or check it in the handler",
    messages: {
      default: m`\`${"keyword"}\` at the root of \`${"tool"}\`'s inputSchema: the Claude API rejects input schemas with oneOf, allOf or anyOf at the top level, so every request of a client that lists this tool fails`,
    },
    rule: {
      name: "input-root-union",
      category: "portability",
      why: "the Claude API rejects an input schema with anyOf, oneOf or allOf at its root, failing every request that lists the tool",
    },
  },
  MG123: {
    severity: "warning",
    title: "outputSchema declares draft-07",
    docs: "an outputSchema whose `$schema` is draft-07: clients that validate structured output with the MCP SDK's default validator (2020-12 only) refuse to call the tool, `has an invalid outputSchema: JSON Schema declares an unsupported dialect` (anthropics/claude-code#90549, marianfoo/sap-mcp-servers#55, anomalyco/opencode#39364); drop `$schema` (2020-12 is MCP's default) and write `$defs` for `definitions`",
    messages: {
      default: m`\`${"tool"}\`'s outputSchema declares draft-07 (${"schema"}); clients that validate output with the MCP SDK's default validator, which supports 2020-12 only (Claude Code, Claude Desktop), refuse to call the tool`,
    },
    rule: {
      name: "output-schema-old-dialect",
      category: "portability",
      why: "clients whose output validator supports JSON Schema 2020-12 only refuse every call of a tool whose outputSchema declares draft-07",
    },
  },
  MG124: {
    severity: "warning",
    title: "input array without `items`",
    docs: "an input property of `type: array` without `items` (or `prefixItems`): VS Code (GitHub Copilot) refuses the tool, `tool parameters array type must have items` (microsoft/vscode#246119, microsoft/vscode-copilot-release#7462, microsoft/vscode#325618); `items: {}` accepts any item",
    messages: {
      default: m`input array at ${"path"} of \`${"tool"}\` has no \`items\`; VS Code (GitHub Copilot) refuses the tool ("tool parameters array type must have items"): add \`items\` (\`items: {}\` for any value)`,
    },
    rule: {
      name: "array-without-items",
      category: "portability",
      why: "VS Code (GitHub Copilot) refuses a tool whose input has an array without `items`",
    },
  },
  MG125: {
    severity: "info",
    title: "input schema keyword outside Gemini's schema subset",
    docs: 'an inputSchema keyword outside the OpenAPI-style subset Gemini\'s function declarations accept (`type`, `format`, `title`, `description`, `nullable`, `enum`, `properties`, `required`, `items`, `anyOf`, `minimum`, `maximum`, `minItems`, `maxItems`, `minLength`, `maxLength`, `pattern`, `minProperties`, `maxProperties`, `default`, `example`, `propertyOrdering`; https://ai.google.dev/api/caching#Schema): clients that pass schemas through get `400 Invalid JSON payload received. Unknown name "additionalProperties"` (promptfoo/promptfoo#6902, mapbox/mcp-server#68, zendev-sh/goai#108). Each keyword once per tool. Off by default: many Gemini clients strip these, and the rest of the ecosystem needs them; turn it on when Gemini is a target',
    messages: {
      default: m`\`${"keyword"}\` (at ${"path"} of \`${"tool"}\`'s inputSchema) is outside the schema subset Gemini's function declarations accept; clients that pass it through get a 400 "Unknown name"`,
    },
    rule: {
      name: "gemini-unsupported-keyword",
      category: "portability",
      why: "Gemini's function declarations accept an OpenAPI-style subset of JSON Schema and reject the rest with a 400 (a policy: off by default)",
      off: true,
    },
  },
  MG150: {
    severity: "warning",
    title: "tool over its token budget (budget.perTool)",
    docs: "a tool whose `tools/list` entry costs more o200k_base tokens than `budget.perTool` (only when the config sets it; see `mcp-gen budget`)",
    messages: {
      default: m`tool \`${"tool"}\` costs ${"tokens"} tokens in tools/list, over budget.perTool (${"limit"}): description ${"description"}, schemas ${"schemas"}`,
    },
    rule: {
      name: "tool-token-budget",
      category: "budget",
      why: "every tool's name, description and schemas sit in the model's context on every turn",
    },
  },
  MG151: {
    severity: "warning",
    title: "tool list over its token budget (budget.total)",
    docs: "the whole tool list costs more o200k_base tokens than `budget.total` (only when the config sets it; see `mcp-gen budget`)",
    messages: {
      default: m`the ${"tools"} tools cost ${"tokens"} tokens in tools/list, over budget.total (${"limit"}); the largest: ${"largest"}`,
    },
    rule: {
      name: "list-token-budget",
      category: "budget",
      why: "the whole tool list sits in the model's context on every turn, before any work starts",
    },
  },
  MG140: {
    severity: "error",
    title: "more lint warnings than lint.maxWarnings allows",
    docs: "more warnings than `--max-warnings` / `lint.maxWarnings`",
    messages: {
      default: m`${"count"} lint warnings; at most ${"max"} allowed (lint.maxWarnings or --max-warnings)`,
    },
  },
  // Hostile input
  MG180: {
    severity: "error",
    title: "a spec nests deeper than 256 levels",
    docs: "nesting deeper than 256 levels",
    messages: {
      default: m`nesting deeper than ${"max"} levels`,
    },
  },
  MG181: {
    severity: "error",
    title: "a property named `__proto__` (validators cannot check it)",
    docs: "a property named `__proto__` (ajv cannot validate it)",
    messages: {
      default: "a property named `__proto__` cannot be validated; rename it",
    },
  },
  // Output and internal
  MG090: {
    severity: "error",
    title: "could not write output",
    docs: "write failure (a file, or a generated or handlers folder that is a symbolic link); a renamed handler whose old file cannot be removed (warning)",
    messages: {
      default: m`cannot ${"action"} ${"file"}: ${"reason"}`,
      notRemoved: m`renamed ${"from"} to ${"to"} but cannot remove ${"from"}: ${"reason"}`,
      symlink: m`${"dir"} is a symbolic link; mcp-gen writes only into real folders`,
    },
  },
  MG099: {
    severity: "error",
    title: "internal error",
    docs: "internal error (also a tool a check left out without saying why: never dropped in silence)",
    messages: {
      notModelled: m`internal error: tool \`${"tool"}\` could not be modelled, and no problem was reported for it`,
      unsafePath: m`emitter produced ${"area"} path ${"path"}, which ${"reason"}`,
      manifest: m`emitter produced generated/${"file"}, which belongs to the writer`,
      producedTwice: m`two emitters produced ${"file"}`,
      unsafeRename: m`emitter renamed ${"file"} from ${"from"}, which ${"reason"}`,
      producedAndRenamed: m`emitters both produced and renamed ${"file"}`,
    },
  },
} as const satisfies Record<string, CatalogueEntry>;

/**
 * A lint finding many tools share through one schema, said once (any lint code): `message`
 * is the finding's own, `uses` is "use" or "uses".
 */
export const SHARED_SCHEMA_FINDING = m`${"message"} (and ${"more"} more ${"uses"} of this shared schema)`;

/**
 * Failures of a connection to a server, worded alike whether they happen while
 * connecting (MG070) or listing tools (MG071). `step` names what was under way.
 */
function serverFailures() {
  return {
    timeout: m`${"where"} did not finish ${"step"} within ${"timeoutMs"} ms`,
    jsonRpcError: m`${"where"} answered ${"step"} with JSON-RPC error ${"code"}: ${"message"}`,
    exited: m`the server ${"where"} exited before it answered ${"step"}`,
    closed: m`${"where"} closed the connection during ${"step"}`,
    failed: m`${"where"} failed during ${"step"}: ${"reason"}`,
  } as const;
}

type Catalogue = typeof MESSAGES;

export type MessageId<C extends DiagnosticCode> = keyof Catalogue[C]["messages"] & string;

type FormatArgs<C extends DiagnosticCode, M extends MessageId<C>> = [ParamsOf<Catalogue[C]["messages"][M]>] extends [never]
  ? { format?: undefined }
  : { format: Readonly<Record<ParamsOf<Catalogue[C]["messages"][M]>, MessageValue>> };

/**
 * What a call site says: the code, which of its messages (`default` when left out), the
 * message's parameters, and where. `severity` overrides the catalogue's default for the
 * codes whose findings differ in weight (a YAML warning, an import that skips a tool).
 */
export type DiagnosticArgs<C extends DiagnosticCode, M extends MessageId<C>> = {
  code: C;
  messageId?: M;
  severity?: Severity;
  location?: Location;
  related?: RelatedLocation[];
  hint?: string;
} & FormatArgs<C, M>;

export function diagnosticMessage<C extends DiagnosticCode, M extends MessageId<C> = MessageId<C> & "default">(
  args: { code: C; messageId?: M } & FormatArgs<C, M>,
): string {
  const messages: Readonly<Record<string, MessageTemplate>> = MESSAGES[args.code].messages;
  return formatMessage(messages[args.messageId ?? "default"], args.format as Readonly<Record<string, MessageValue>> | undefined);
}

export function createDiagnostic<C extends DiagnosticCode, M extends MessageId<C> = MessageId<C> & "default">(args: DiagnosticArgs<C, M>): Diagnostic {
  const diagnostic: Diagnostic = { code: args.code, severity: args.severity ?? MESSAGES[args.code].severity, message: diagnosticMessage<C, M>(args) };
  // Absent fields stay absent: the build cache and `--format json` tell undefined from missing.
  if (args.location !== undefined) diagnostic.location = args.location;
  if (args.related !== undefined) diagnostic.related = args.related;
  if (args.hint !== undefined) diagnostic.hint = args.hint;
  return diagnostic;
}

/** Every code with its one-line meaning, as the docs show it. */
export const DIAGNOSTIC_CODES: { readonly [C in DiagnosticCode]: Catalogue[C]["title"] } = Object.fromEntries(
  Object.entries(MESSAGES).map(([code, entry]) => [code, entry.title]),
) as { readonly [C in DiagnosticCode]: Catalogue[C]["title"] };

export interface LintRule {
  code: DiagnosticCode;
  name: string;
  category: LintCategory;
  defaultSeverity: LintSetting;
  /** Why the rule exists, in one line (printed as the finding's hint). */
  why: string;
}

/** The lint rules, by code. */
export const LINT_RULES: readonly LintRule[] = (Object.entries(MESSAGES) as Array<[DiagnosticCode, CatalogueEntry]>)
  .flatMap(([code, entry]) =>
    entry.rule
      ? [
          {
            code,
            name: entry.rule.name,
            category: entry.rule.category,
            defaultSeverity: entry.rule.off ? "off" : entry.severity,
            why: entry.rule.why,
          } satisfies LintRule,
        ]
      : [],
  )
  .sort((a, b) => (a.code < b.code ? -1 : 1));

/** Not a rule of its own: the finding `maxWarnings` adds when it is exceeded. */
export const MAX_WARNINGS_CODE = "MG140" satisfies DiagnosticCode;

const RULE_BY_CODE = new Map<string, LintRule>(LINT_RULES.map((rule) => [rule.code, rule]));
const RULE_BY_NAME = new Map<string, LintRule>(LINT_RULES.map((rule) => [rule.name, rule]));

/** The rule a config key names, by code (`MG104`) or name (`property-description-missing`). */
export function findLintRule(key: string): LintRule | undefined {
  return RULE_BY_CODE.get(key) ?? RULE_BY_NAME.get(key);
}

export function isLintCode(code: string): boolean {
  return RULE_BY_CODE.has(code) || code === MAX_WARNINGS_CODE;
}
