/**
 * Checks a config file against its own JSON Schema (`schema/config.schema.json`, the same
 * file editors use) and maps every ajv error back to a line and column in the YAML.
 * One message per field, phrased for people, instead of ajv's one per schema branch.
 */
import { readFileSync } from "node:fs";
import type { ErrorObject, ValidateFunction } from "ajv";
import type { Ajv2020 as Ajv2020Class } from "ajv/dist/2020.js";
import { createRequire } from "node:module";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { createDiagnostic, findLintRule, LINT_RULES, MESSAGES, type MessageId } from "../diagnostics/messages.js";
import type { YamlFile } from "../yaml/load.js";
import { instancePathToPath, locate, type DataPath } from "../yaml/positions.js";
import { suggest } from "../util/suggest.js";

export const CONFIG_SCHEMA_URL = new URL("../../schema/config.schema.json", import.meta.url);

let cachedValidate: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (!cachedValidate) {
    const schema = JSON.parse(readFileSync(CONFIG_SCHEMA_URL, "utf8")) as object;
    // Loaded on first use: a run answered from the build cache never validates a config.
    const { Ajv2020 } = createRequire(import.meta.url)("ajv/dist/2020.js") as { Ajv2020: typeof Ajv2020Class };
    cachedValidate = new Ajv2020({ allErrors: true, verbose: true }).compile(schema);
  }
  return cachedValidate;
}

/** Every problem of the config's shape, plus lint rule keys that name no rule. */
export function validateConfig(yaml: YamlFile, value: Record<string, unknown>): Diagnostic[] {
  const validate = validator();
  validate(value);
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    // Rule keys are checked by name below, with a "did you mean".
    // (ajv marks the error about a key's own pattern with `propertyName`, beside `params`.)
    if (error.keyword === "propertyNames" || error.propertyName !== undefined) continue;
    const diagnostic = describe(yaml, error);
    const key = `${diagnostic.location?.line}:${diagnostic.location?.column}:${diagnostic.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    diagnostics.push(diagnostic);
  }
  diagnostics.push(...checkLintRuleKeys(yaml, value.lint));
  return diagnostics;
}

function describe(yaml: YamlFile, error: ErrorObject): Diagnostic {
  const path = instancePathToPath(error.instancePath);
  const at = (where: DataPath, part: "key" | "value" = "value") => locate(yaml, where, part);
  if (error.keyword === "additionalProperties") {
    const key = String((error.params as { additionalProperty: string }).additionalProperty);
    const known = Object.keys((error.parentSchema as { properties?: object }).properties ?? {});
    const close = suggest(key, known);
    const hint = close ? `did you mean \`${close}\`?` : undefined;
    if (path.length === 0) {
      return createDiagnostic({ code: "MG060", messageId: "unknownRootField", format: { key, known: known.join(", ") }, location: at([key], "key"), hint });
    }
    return createDiagnostic({
      code: "MG060",
      messageId: "unknownField",
      format: { path: [...path, key].join("."), known: known.join(", ") },
      location: at([...path, key]),
      hint,
    });
  }
  // The most specific field that has a message of its own speaks for its whole value;
  // the position stays on the offending node inside it.
  for (let depth = path.length; depth > 0; depth--) {
    const messageId = `field:${path.slice(0, depth).join(".")}`;
    if (isFieldMessage(messageId)) return createDiagnostic({ code: "MG060", messageId, location: at(path) });
  }
  const reason = error.message ?? "is invalid";
  if (error.keyword === "required" || path.length === 0)
    return createDiagnostic({ code: "MG060", messageId: "configInvalid", format: { reason }, location: at(path) });
  return createDiagnostic({ code: "MG060", messageId: "fieldInvalid", format: { path: path.join("."), reason }, location: at(path) });
}

/** The fields whose wrong value has a message of its own. */
type FieldMessageId = Extract<MessageId<"MG060">, `field:${string}`>;

function isFieldMessage(id: string): id is FieldMessageId {
  return id.startsWith("field:") && Object.hasOwn(MESSAGES.MG060.messages, id);
}

function checkLintRuleKeys(yaml: YamlFile, lint: unknown): Diagnostic[] {
  const rules = isRecord(lint) && isRecord(lint.rules) ? lint.rules : {};
  const names = LINT_RULES.flatMap((rule) => [rule.code, rule.name]);
  const diagnostics: Diagnostic[] = [];
  const firstKey = new Map<string, string>();
  for (const key of Object.keys(rules)) {
    const rule = findLintRule(key);
    if (!rule) {
      const close = suggest(key, names);
      diagnostics.push(
        createDiagnostic({
          code: "MG060",
          messageId: "unknownLintRule",
          format: { key },
          location: locate(yaml, ["lint", "rules", key], "key"),
          hint: close ? `did you mean \`${close}\`?` : "see `mcp-gen lint --help` for the rules",
        }),
      );
      continue;
    }
    const first = firstKey.get(rule.code);
    if (first === undefined) {
      firstKey.set(rule.code, key);
      continue;
    }
    // By code and by name, the later would silently win.
    const firstAt = locate(yaml, ["lint", "rules", first], "key");
    diagnostics.push(
      createDiagnostic({
        code: "MG060",
        messageId: "lintRuleTwice",
        format: { key, first, code: rule.code, name: rule.name },
        location: locate(yaml, ["lint", "rules", key], "key"),
        related: [{ ...firstAt, message: "set here first" }],
        hint: "keep one of them",
      }),
    );
  }
  return diagnostics;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
