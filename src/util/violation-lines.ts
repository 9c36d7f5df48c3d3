/**
 * The generator's copy of src/runtime/validation-message.ts: the docs show the lines a
 * server answers invalid arguments with, and the runtime cannot share a module with the
 * generator (it loads without it). test/unit/util/runtime-copies.test.ts holds the two
 * copies to the same answers.
 */

/** An ajv error, as the precompiled validators report it. */
export interface ValidationError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: { [key: string]: unknown };
  message?: string;
}

/** One line per violation (`/units: must be one of metric, imperial`), in a stable order, without duplicates. */
export function describeViolations(errors: readonly ValidationError[] | null | undefined): string[] {
  const lines: string[] = [];
  for (const error of errors ?? []) {
    const line = `${pathOf(error)}: ${reasonOf(error)}`;
    if (!lines.includes(line)) lines.push(line);
  }
  return lines;
}

function pathOf(error: ValidationError): string {
  const base = error.instancePath || "";
  // For a missing or unexpected property, name the property itself, not its parent.
  const property =
    error.keyword === "required"
      ? error.params.missingProperty
      : error.keyword === "additionalProperties"
        ? error.params.additionalProperty
        : error.keyword === "unevaluatedProperties"
          ? error.params.unevaluatedProperty
          : undefined;
  if (typeof property === "string") return `${base}/${property.replace(/~/g, "~0").replace(/\//g, "~1")}`;
  return base || "/";
}

function reasonOf(error: ValidationError): string {
  const p = error.params;
  switch (error.keyword) {
    case "required":
      return "is required";
    case "additionalProperties":
    case "unevaluatedProperties":
      return "is not allowed";
    case "enum":
      return `must be one of ${list(p.allowedValues)}`;
    case "const":
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case "type":
      return `must be ${String(p.type).split(",").join(" or ")}`;
    default:
      return error.message ?? `fails ${error.keyword}`;
  }
}

function list(values: unknown): string {
  if (!Array.isArray(values)) return String(values);
  return values.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ");
}
