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
) => Ajv;

export interface AjvSetup {
  /** Emit standalone ESM code (the validators emitter). */
  standalone?: boolean;
  /**
   * Formats that ajv-formats does not know (e.g. `byte`, `int32`): registered as
   * always-valid, because 2020-12 treats unknown formats as annotations.
   */
  unknownFormats?: Iterable<string>;
}

export type AnyAjv = Ajv;

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
  addFormats(ajv);
  for (const format of setup.unknownFormats ?? []) {
    if (!ajv.formats[format]) ajv.addFormat(format, true);
  }
  return ajv;
}

/** The format names ajv-formats validates; anything else is an unknown format. */
export function isKnownFormat(format: string): boolean {
  return KNOWN_FORMATS.has(format);
}

const KNOWN_FORMATS = (() => {
  const ajv = new Ajv({ strict: false });
  addFormats(ajv);
  return new Set(Object.keys(ajv.formats));
})();
