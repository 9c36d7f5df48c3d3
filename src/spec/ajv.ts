/**
 * One place that decides how ajv is configured, so the checker (which compiles
 * schemas and validates examples) and the validators emitter (standalone code) agree.
 */
import { createRequire } from "node:module";
import type { Ajv, Options } from "ajv";
import type { Ajv2020 } from "ajv/dist/2020.js";
import type { Dialect } from "./model.js";

// ajv (CommonJS) is loaded on the first `createAjv`: a run whose schemas were all compiled
// by an earlier run (src/spec/chunks.ts) never loads it.
const require = createRequire(import.meta.url);

interface AjvModules {
  Ajv: typeof Ajv;
  Ajv2020: typeof Ajv2020;
  addFormats: (ajv: Ajv, formats?: string[]) => Ajv;
}

let modules: AjvModules | undefined;

function ajvModules(): AjvModules {
  if (!modules) {
    const formats = require("ajv-formats") as { default?: AjvModules["addFormats"] } & AjvModules["addFormats"];
    modules = {
      Ajv: (require("ajv") as { Ajv: typeof Ajv }).Ajv,
      Ajv2020: (require("ajv/dist/2020") as { Ajv2020: typeof Ajv2020 }).Ajv2020,
      addFormats: formats.default ?? formats,
    };
  }
  return modules;
}

/**
 * The formats JSON Schema itself defines (2020-12 §7.3; draft-07 is a subset). Only
 * these are validated. ajv-formats also knows OpenAPI's `byte`, `int32`, `password`...;
 * those are outside the standard vocabulary, so, like any unknown format, they are
 * annotations: a warning at generate time, never a validation failure.
 */
export const STANDARD_FORMATS = [
  "date-time",
  "date",
  "time",
  "duration",
  "email",
  "idn-email",
  "hostname",
  "idn-hostname",
  "ipv4",
  "ipv6",
  "uri",
  "uri-reference",
  "iri",
  "iri-reference",
  "uuid",
  "uri-template",
  "json-pointer",
  "relative-json-pointer",
  "regex",
] as const;

export interface AjvSetup {
  /**
   * Keep each function's source for standalone ESM code: the checker's instances, whose
   * functions the validators emitter writes out. Their caller (compileUncached in
   * src/spec/compiled-schemas.ts) checks each schema against the meta-schema itself, to report every
   * problem, so `compile` does not check it a second time (`validateSchema: false`).
   */
  standalone?: boolean;
  /**
   * Formats that ajv-formats does not know (e.g. `byte`, `int32`): registered as
   * always-valid, because 2020-12 treats unknown formats as annotations.
   */
  unknownFormats?: Iterable<string>;
}

export function createAjv(dialect: Dialect, setup: AjvSetup = {}): Ajv {
  const { Ajv, Ajv2020, addFormats } = ajvModules();
  const options: Options = {
    // Report every violation, so a model can correct all its mistakes at once.
    allErrors: true,
    // Vendor keywords (x-*, `examples` in draft-07, ...) are annotations, not errors.
    strict: false,
    validateFormats: true,
    // A property's `default` is filled in when the caller leaves it out, before the handler
    // runs: its input type then has the property required (`<Tool>Input`), while what a caller
    // sends keeps it optional (`<Tool>Arguments`). Validators therefore change the value they check.
    useDefaults: true,
    ...(setup.standalone ? { code: { source: true, esm: true, lines: true }, validateSchema: false } : {}),
  };
  const ajv: Ajv = dialect === "draft-07" ? new Ajv(options) : (new Ajv2020(options) as unknown as Ajv);
  addFormats(ajv, validatedFormats());
  // Standard formats ajv-formats cannot check (idn-*, iri*) and unknown ones are annotations.
  for (const format of [...STANDARD_FORMATS, ...(setup.unknownFormats ?? [])]) {
    if (!ajv.formats[format]) ajv.addFormat(format, true);
  }
  return ajv;
}

/** Whether a format is JSON Schema's own; anything else gets an "unknown format" warning. */
export function isKnownFormat(format: string): boolean {
  return (STANDARD_FORMATS as readonly string[]).includes(format);
}

let validated: string[] | undefined;

/** Standard formats that ajv-formats can validate. */
function validatedFormats(): string[] {
  if (!validated) {
    const { Ajv, addFormats } = ajvModules();
    const probe = new Ajv({ strict: false });
    addFormats(probe);
    validated = STANDARD_FORMATS.filter((f) => probe.formats[f] !== undefined);
  }
  return validated;
}
