/**
 * One place that decides how ajv is configured, so the checker (which compiles
 * schemas and validates examples) and the validators emitter (standalone code) agree.
 */
import { Ajv, type Options } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { Dialect } from "./model.js";

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
  formats?: string[],
) => Ajv;

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
   * functions the validators emitter writes out.
   */
  standalone?: boolean;
  /**
   * Formats that ajv-formats does not know (e.g. `byte`, `int32`): registered as
   * always-valid, because 2020-12 treats unknown formats as annotations.
   */
  unknownFormats?: Iterable<string>;
}


export function createAjv(dialect: Dialect, setup: AjvSetup = {}): Ajv {
  const options: Options = {
    // Report every violation, so a model can correct all its mistakes at once.
    allErrors: true,
    // Vendor keywords (x-*, `examples` in draft-07, ...) are annotations, not errors.
    strict: false,
    validateFormats: true,
    ...(setup.standalone ? { code: { source: true, esm: true, lines: true } } : {}),
  };
  const ajv: Ajv = dialect === "draft-07" ? new Ajv(options) : (new Ajv2020(options) as unknown as Ajv);
  addFormats(ajv, VALIDATED_FORMATS);
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

/** Standard formats that ajv-formats can validate. */
const VALIDATED_FORMATS = (() => {
  const probe = new Ajv({ strict: false });
  addFormats(probe);
  return STANDARD_FORMATS.filter((f) => probe.formats[f] !== undefined);
})();
