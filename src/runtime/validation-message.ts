/**
 * Turns ajv errors into one line per violation, addressed to a model that must fix its
 * arguments: `/units: must be one of metric, imperial`. Every violation is listed
 * (validators are compiled with allErrors), in a stable order, without duplicates.
 */
import type { ValidationError } from "./types.js";

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
