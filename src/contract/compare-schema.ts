/**
 * Compares two JSON Schemas of one tool (both input or both output) and says what
 * changed, keyword by keyword, at any depth: properties, `items`, `prefixItems`,
 * `additionalProperties`, `anyOf`/`oneOf` branches and whatever a local `$ref` reaches
 * (`$defs`, and so the files the bundler copied there). Each finding carries two paths:
 * `path`, the way a caller sees the value (through `$ref`s, as `/properties/a/items`),
 * and `at`, where the head side writes it (into `$defs` when that is where it lives),
 * so a spec can point at its line.
 *
 * One file on purpose: the comparison is one recursive walk. Each keyword family's
 * method (types, enums, bounds, properties, items, branches ...) calls `compare` back
 * for the subschemas it holds, and all of them share the pairs already compared (where a
 * recursive schema ends), the side being read through `$ref`s and the findings; split
 * by keyword, those would become arguments threaded through every file. Each method is
 * the place to check one group of rules.ts's codes against.
 */
import type { JsonObject, JsonValue } from "../spec/model.js";
import { pointerToPath, pathToPointer } from "../yaml/positions.js";
import type { ChangeCode } from "./rules.js";

export type WirePath = ReadonlyArray<string | number>;

export interface SchemaFinding {
  code: ChangeCode;
  /** From the tool entry's root, as a caller sees the value. */
  path: WirePath;
  /** Where the head side writes it, from the tool entry's root; absent when only the base has it. */
  at?: WirePath;
  message: string;
  before?: JsonValue;
  after?: JsonValue;
}

export type Direction = "input" | "output";

/** One side's schema: its root (what `#` means) and its key in the tool entry. */
interface SchemaSide {
  root: JsonValue;
  key: "inputSchema" | "outputSchema";
}

/** A schema after its `$ref`s are followed, and where its keywords are written. */
interface Node {
  schema: JsonObject;
  /** Raw path (from the tool entry) of the schema the keywords come from. */
  at: WirePath;
  /** Keywords written beside a `$ref`, which sit at `ownAt` rather than at `at`. */
  own?: ReadonlySet<string>;
  ownAt?: WirePath;
}

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** Keys that only annotate a schema: they change nothing a caller sends or reads. */
const IGNORED = new Set(["$schema", "$id", "$anchor", "$dynamicAnchor", "$comment", "$defs", "definitions", "examples", "deprecated", "readOnly", "writeOnly"]);

/** Bounds where a larger value accepts less. */
const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"];
/** Bounds where a smaller value accepts less. */
const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"];

const HANDLED = new Set([
  "$ref",
  "description",
  "title",
  "default",
  "type",
  "enum",
  "const",
  "pattern",
  "format",
  "multipleOf",
  "uniqueItems",
  "properties",
  "required",
  "additionalProperties",
  "unevaluatedProperties",
  "items",
  "prefixItems",
  "anyOf",
  "oneOf",
  "allOf",
  ...LOWER_BOUNDS,
  ...UPPER_BOUNDS,
]);

/** JSON with sorted keys: equality of values whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** How a value reads in a message: short JSON. */
export function shown(value: unknown): string {
  if (value === undefined) return "(none)";
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

class SchemaComparison {
  readonly findings: SchemaFinding[] = [];
  /** Pairs of schemas already compared: recursive schemas end here. */
  private readonly compared = new Set<string>();

  constructor(
    private readonly direction: Direction,
    private readonly base: SchemaSide,
    private readonly head: SchemaSide,
  ) {}

  private get input(): boolean {
    return this.direction === "input";
  }

  /** Boolean schemas as objects, and `$ref`s followed (a `$ref` that does not resolve, or loops, stays as written). */
  node(side: SchemaSide, value: JsonValue | undefined, at: WirePath): Node {
    let schema: JsonObject = value === false ? { not: {} } : isObject(value) ? value : {};
    let where = at;
    let own: Set<string> | undefined;
    let ownAt: WirePath | undefined;
    const followed = new Set<string>();
    while (typeof schema.$ref === "string" && !followed.has(schema.$ref)) {
      const ref = schema.$ref;
      const segments = ref === "#" || ref === "" ? [] : ref.startsWith("#/") ? pointerToPath(ref) : undefined;
      const target = segments && resolvePointer(side.root, segments);
      if (!segments || target === undefined) break;
      followed.add(ref);
      const { $ref: _, ...siblings } = schema;
      const resolved: JsonObject = target === false ? { not: {} } : isObject(target) ? target : {};
      if (Object.keys(siblings).length > 0) {
        own = new Set([...(own ?? []), ...Object.keys(siblings)]);
        ownAt ??= where;
        schema = { ...resolved, ...siblings };
      } else {
        schema = resolved;
      }
      where = [side.key, ...segments];
    }
    return { schema, at: where, own, ownAt };
  }

  private static atKey(node: Node, key: string | number): WirePath {
    return node.own?.has(String(key)) && node.ownAt ? [...node.ownAt, key] : [...node.at, key];
  }

  private add(code: ChangeCode, path: WirePath, at: WirePath | undefined, message: string, before?: unknown, after?: unknown): void {
    const finding: SchemaFinding = { code, path, message };
    if (at !== undefined) finding.at = at;
    if (before !== undefined) finding.before = before as JsonValue;
    if (after !== undefined) finding.after = after as JsonValue;
    this.findings.push(finding);
  }

  compare(b: Node, h: Node, path: WirePath): void {
    const key = `${pathToPointer(b.at)}\0${pathToPointer(h.at)}`;
    if (this.compared.has(key)) return;
    this.compared.add(key);
    const B = b.schema;
    const H = h.schema;
    const bText = canonicalJson(B);
    // Identical text with no `$ref` in it cannot differ below.
    if (bText === canonicalJson(H) && !bText.includes('"$ref"')) return;
    const at = (k: string | number) => SchemaComparison.atKey(h, k);

    this.texts(B, H, path, at);
    if (this.variantShift(b, h, path)) return;
    this.types(B, H, path, at);
    this.enums(B, H, path, at);
    this.bounds(B, H, path, at);
    this.patternAndFormat(B, H, path, at);
    this.properties(b, h, path);
    this.additional(b, h, path);
    this.items(b, h, path);
    for (const kw of ["anyOf", "oneOf"] as const) {
      if (Array.isArray(B[kw]) && Array.isArray(H[kw])) this.branches(b, B[kw], h, H[kw], kw, path);
      else if (B[kw] !== undefined || H[kw] !== undefined) this.unclassified(kw, B, H, path, at);
    }
    if (Array.isArray(B.allOf) && Array.isArray(H.allOf) && B.allOf.length === H.allOf.length) {
      B.allOf.forEach((item, i) => {
        this.compare(this.node(this.base, item, [...b.at, "allOf", i]), this.node(this.head, (H.allOf as JsonValue[])[i], [...at("allOf"), i]), [
          ...path,
          "allOf",
          i,
        ]);
      });
    } else if (B.allOf !== undefined || H.allOf !== undefined) this.unclassified("allOf", B, H, path, at);
    for (const kw of new Set([...Object.keys(B), ...Object.keys(H)])) {
      if (HANDLED.has(kw) && kw !== "$ref") continue;
      if (IGNORED.has(kw)) continue;
      this.unclassified(kw, B, H, path, at);
    }
  }

  private unclassified(kw: string, B: JsonObject, H: JsonObject, path: WirePath, at: (k: string) => WirePath): void {
    if (same(B[kw], H[kw])) return;
    this.add("schema-changed", [...path, kw], H[kw] === undefined ? undefined : at(kw), `\`${kw}\` changed`, B[kw], H[kw]);
  }

  private texts(B: JsonObject, H: JsonObject, path: WirePath, at: (k: string) => WirePath): void {
    for (const kw of ["description", "title"] as const) {
      if (same(B[kw], H[kw])) continue;
      this.add(kw === "description" ? "description-changed" : "title-changed", [...path, kw], at(kw), `${kw} changed`, B[kw], H[kw]);
    }
    if (this.input && !same(B.default, H.default)) {
      this.add("default-changed", [...path, "default"], at("default"), `default ${shown(B.default)} → ${shown(H.default)}`, B.default, H.default);
    }
  }

  /**
   * `type: string` becoming `anyOf: [{ type: string }, { type: "null" }]` (or back): the
   * plain schema is compared as the one branch it was. Only when the other side holds
   * nothing but the branches (and texts), else each keyword is compared on its own.
   */
  private variantShift(b: Node, h: Node, path: WirePath): boolean {
    const branchesOf = (s: JsonObject) => (Array.isArray(s.anyOf) ? "anyOf" : Array.isArray(s.oneOf) ? "oneOf" : undefined);
    const bKw = branchesOf(b.schema);
    const hKw = branchesOf(h.schema);
    if ((bKw === undefined) === (hKw === undefined)) return false;
    const branched = bKw ? b.schema : h.schema;
    const kw = (bKw ?? hKw) as "anyOf" | "oneOf";
    const outer = Object.keys(branched).filter((k) => k !== kw && !IGNORED.has(k) && k !== "description" && k !== "title" && k !== "default");
    if (outer.length > 0) return false;
    const plain = bKw ? h : b;
    const { description: _d, title: _t, default: _f, ...body } = plain.schema;
    const single: Node = { schema: body, at: plain.at };
    if (bKw) this.branches(b, b.schema[kw] as JsonValue[], h, [body], kw, path, undefined, single);
    else this.branches(b, [body], h, h.schema[kw] as JsonValue[], kw, path, single, undefined);
    return true;
  }

  private types(B: JsonObject, H: JsonObject, path: WirePath, at: (k: string) => WirePath): void {
    if (same(B.type, H.type)) return;
    const bTypes = typesOf(B);
    const hTypes = typesOf(H);
    const message = `type ${shownTypes(B)} → ${shownTypes(H)}`;
    const removed = bTypes === undefined ? hTypes !== undefined : [...bTypes].some((t) => !covers(hTypes, t));
    const added = hTypes === undefined ? bTypes !== undefined : [...hTypes].some((t) => !covers(bTypes, t));
    const where = [...path, "type"];
    const code: ChangeCode | undefined = this.input
      ? removed
        ? "type-narrowed"
        : added
          ? "type-widened"
          : undefined
      : added
        ? "output-type-changed"
        : removed
          ? "output-narrowed"
          : undefined;
    // `[string, number]` → `[number, string]` changes nothing.
    if (code) this.add(code, where, H.type === undefined ? undefined : at("type"), message, B.type, H.type);
  }

  private enums(B: JsonObject, H: JsonObject, path: WirePath, at: (k: string) => WirePath): void {
    const bValues = valuesOf(B);
    const hValues = valuesOf(H);
    if (same(bValues, hValues)) return;
    const keyword = H.const !== undefined ? "const" : H.enum !== undefined ? "enum" : B.const !== undefined ? "const" : "enum";
    const where = [...path, keyword];
    const headAt = H[keyword] === undefined ? undefined : at(keyword);
    if (bValues === undefined || hValues === undefined) {
      // An enum where any value went before accepts less; dropping it accepts more.
      const narrower = bValues === undefined;
      const message = narrower ? `now only ${shownList(hValues!)}` : `${keyword} removed: any value`;
      const code = this.input ? (narrower ? "enum-value-removed" : "enum-value-added") : narrower ? "output-narrowed" : "output-widened";
      this.add(code, where, headAt, message, B[keyword], H[keyword]);
      return;
    }
    const hKeys = new Set(hValues.map(canonicalJson));
    const bKeys = new Set(bValues.map(canonicalJson));
    const removed = bValues.filter((v) => !hKeys.has(canonicalJson(v)));
    const added = hValues.filter((v) => !bKeys.has(canonicalJson(v)));
    if (removed.length > 0) {
      this.add(this.input ? "enum-value-removed" : "output-narrowed", where, headAt, `${valueWord(removed)} ${shownList(removed)} removed`, removed, undefined);
    }
    if (added.length > 0) {
      this.add(this.input ? "enum-value-added" : "output-widened", where, headAt, `${valueWord(added)} ${shownList(added)} added`, undefined, added);
    }
  }

  private bounds(B: JsonObject, H: JsonObject, path: WirePath, at: (k: string) => WirePath): void {
    const report = (kw: string, tighter: boolean) => {
      const code: ChangeCode = this.input ? (tighter ? "constraint-tightened" : "constraint-loosened") : tighter ? "output-narrowed" : "output-widened";
      this.add(code, [...path, kw], H[kw] === undefined ? undefined : at(kw), `${kw} ${shown(B[kw])} → ${shown(H[kw])}`, B[kw], H[kw]);
    };
    for (const [list, lower] of [
      [LOWER_BOUNDS, true],
      [UPPER_BOUNDS, false],
    ] as const) {
      for (const kw of list) {
        const bv = B[kw];
        const hv = H[kw];
        if (same(bv, hv)) continue;
        // draft-04's boolean exclusiveMinimum is not a bound of its own.
        if ((bv !== undefined && typeof bv !== "number") || (hv !== undefined && typeof hv !== "number")) {
          this.unclassified(kw, B, H, path, at);
          continue;
        }
        const tighter = bv === undefined ? true : hv === undefined ? false : lower ? hv > bv : hv < bv;
        report(kw, tighter);
      }
    }
    if (!same(B.multipleOf, H.multipleOf)) {
      const bv = B.multipleOf;
      const hv = H.multipleOf;
      if ((bv !== undefined && typeof bv !== "number") || (hv !== undefined && typeof hv !== "number")) this.unclassified("multipleOf", B, H, path, at);
      // Every multiple of 6 is one of 3: 3 → 6 accepts less, 6 → 3 more.
      else report("multipleOf", hv !== undefined && (bv === undefined || !Number.isInteger(bv / hv)));
    }
    if ((B.uniqueItems === true) !== (H.uniqueItems === true)) report("uniqueItems", H.uniqueItems === true);
  }

  private patternAndFormat(B: JsonObject, H: JsonObject, path: WirePath, at: (k: string) => WirePath): void {
    for (const kw of ["pattern", "format"] as const) {
      const bv = B[kw];
      const hv = H[kw];
      if (same(bv, hv)) continue;
      // A new or different pattern or format may reject what passed; only dropping it surely accepts more.
      const dropped = hv === undefined;
      const code: ChangeCode = this.input
        ? dropped
          ? kw === "pattern"
            ? "pattern-removed"
            : "format-removed"
          : kw === "pattern"
            ? "pattern-changed"
            : "format-added"
        : bv === undefined
          ? "output-narrowed"
          : "output-widened";
      this.add(code, [...path, kw], dropped ? undefined : at(kw), `${kw} ${shown(bv)} → ${shown(hv)}`, bv, hv);
    }
  }

  private properties(b: Node, h: Node, path: WirePath): void {
    const B = b.schema;
    const H = h.schema;
    const bProps = isObject(B.properties) ? B.properties : {};
    const hProps = isObject(H.properties) ? H.properties : {};
    const bRequired = new Set(Array.isArray(B.required) ? B.required.filter((r): r is string => typeof r === "string") : []);
    const hRequired = new Set(Array.isArray(H.required) ? H.required.filter((r): r is string => typeof r === "string") : []);
    const names = [...new Set([...Object.keys(bProps), ...Object.keys(hProps), ...bRequired, ...hRequired])];
    const propsAt = SchemaComparison.atKey(h, "properties");
    const word = this.input ? "parameter" : "field";
    for (const name of names) {
      const where = [...path, "properties", name];
      const inB = Object.hasOwn(bProps, name);
      const inH = Object.hasOwn(hProps, name);
      const wasRequired = bRequired.has(name);
      const isRequired = hRequired.has(name);
      if (inB && !inH) {
        this.add(this.input ? "parameter-removed" : "output-field-removed", where, undefined, `${word} \`${name}\` removed`, bProps[name], undefined);
        continue;
      }
      if (inH && !inB) {
        const code = this.input ? (isRequired ? "required-parameter-added" : "optional-parameter-added") : "output-field-added";
        this.add(code, where, [...propsAt, name], `${isRequired ? "required" : "optional"} ${word} \`${name}\` added`, undefined, hProps[name]);
        continue;
      }
      if (wasRequired !== isRequired) {
        const requiredAt = isRequired && Array.isArray(H.required) ? [...SchemaComparison.atKey(h, "required"), H.required.indexOf(name)] : [...propsAt, name];
        const code: ChangeCode = this.input
          ? isRequired
            ? "parameter-made-required"
            : "parameter-made-optional"
          : isRequired
            ? "output-narrowed"
            : "output-field-made-optional";
        this.add(code, where, requiredAt, `${word} \`${name}\` is ${isRequired ? "required" : "optional"} now`);
      }
      if (inB && inH) {
        this.compare(this.node(this.base, bProps[name], [...b.at, "properties", name]), this.node(this.head, hProps[name], [...propsAt, name]), where);
      }
    }
  }

  private additional(b: Node, h: Node, path: WirePath): void {
    const B = b.schema;
    const H = h.schema;
    if (same(B.additionalProperties, H.additionalProperties) && same(B.unevaluatedProperties, H.unevaluatedProperties)) return;
    const bState = openness(B);
    const hState = openness(H);
    const kw = H.additionalProperties !== undefined || B.additionalProperties !== undefined ? "additionalProperties" : "unevaluatedProperties";
    const where = [...path, kw];
    const headAt = H[kw] === undefined ? undefined : SchemaComparison.atKey(h, kw);
    if (bState === "schema" && hState === "schema") {
      this.compare(this.node(this.base, B[kw], [...b.at, kw]), this.node(this.head, H[kw], headAt ?? [...h.at, kw]), where);
      return;
    }
    if (bState === hState) return;
    const narrower = bState === "open" || hState === "closed";
    const code: ChangeCode = this.input
      ? narrower
        ? "additional-properties-closed"
        : "additional-properties-opened"
      : narrower
        ? "output-narrowed"
        : "output-widened";
    this.add(code, where, headAt, `properties not listed: ${bState} → ${hState}`, B[kw], H[kw]);
  }

  private items(b: Node, h: Node, path: WirePath): void {
    const B = b.schema;
    const H = h.schema;
    for (const kw of ["items", "prefixItems"] as const) {
      const bv = B[kw];
      const hv = H[kw];
      if (same(bv, hv) && !canonicalJson(bv).includes('"$ref"')) continue;
      const where = [...path, kw];
      const headAt = SchemaComparison.atKey(h, kw);
      if (Array.isArray(bv) && Array.isArray(hv)) {
        const common = Math.min(bv.length, hv.length);
        for (let i = 0; i < common; i++)
          this.compare(this.node(this.base, bv[i], [...b.at, kw, i]), this.node(this.head, hv[i], [...headAt, i]), [...where, i]);
        if (bv.length !== hv.length) this.add("schema-changed", where, headAt, `${kw}: ${bv.length} → ${hv.length} positions`, bv.length, hv.length);
      } else if (bv !== undefined && hv !== undefined && !Array.isArray(bv) && !Array.isArray(hv)) {
        this.compare(this.node(this.base, bv, [...b.at, kw]), this.node(this.head, hv, headAt), where);
      } else if (bv === undefined || hv === undefined) {
        const narrower = bv === undefined;
        const code: ChangeCode = this.input ? (narrower ? "constraint-tightened" : "constraint-loosened") : narrower ? "output-narrowed" : "output-widened";
        this.add(code, where, narrower ? headAt : undefined, narrower ? `${kw} now constrained` : `${kw} no longer constrained`, bv, hv);
      } else {
        this.add("schema-changed", where, headAt, `\`${kw}\` changed`, bv, hv);
      }
    }
  }

  /**
   * `anyOf`/`oneOf` branches are matched, not indexed: an identical branch first, then
   * one of the same type(s); a base branch left without a match was removed, a head one added.
   */
  private branches(b: Node, bList: JsonValue[], h: Node, hList: JsonValue[], kw: "anyOf" | "oneOf", path: WirePath, bSingle?: Node, hSingle?: Node): void {
    const bNodes = bList.map((item, i) => bSingle ?? this.node(this.base, item, [...b.at, kw, i]));
    const hBranchAt = SchemaComparison.atKey(h, kw);
    const hNodes = hList.map((item, i) => hSingle ?? this.node(this.head, item, [...hBranchAt, i]));
    const pairs = new Map<number, number>();
    const taken = new Set<number>();
    const match = (test: (bi: number, hi: number) => boolean) => {
      bNodes.forEach((_, bi) => {
        if (pairs.has(bi)) return;
        const hi = hNodes.findIndex((_, j) => !taken.has(j) && test(bi, j));
        if (hi >= 0) {
          pairs.set(bi, hi);
          taken.add(hi);
        }
      });
    };
    match((bi, hi) => same(bNodes[bi].schema, hNodes[hi].schema));
    match((bi, hi) => typeKey(bNodes[bi].schema) === typeKey(hNodes[hi].schema));
    const branchPath = (hi: number) => (hSingle ? path : [...path, kw, hi]);
    bNodes.forEach((bNode, bi) => {
      const hi = pairs.get(bi);
      if (hi !== undefined) {
        this.compare(bNode, hNodes[hi], branchPath(hi));
        return;
      }
      const where = bSingle ? path : [...path, kw, bi];
      this.add(this.input ? "variant-removed" : "output-narrowed", where, undefined, `${kw} branch ${typeKey(bNode.schema)} removed`, bList[bi], undefined);
    });
    hNodes.forEach((hNode, hi) => {
      if (taken.has(hi)) return;
      this.add(
        this.input ? "variant-added" : "output-type-changed",
        branchPath(hi),
        hNode.at,
        `${kw} branch ${typeKey(hNode.schema)} added`,
        undefined,
        hList[hi],
      );
    });
  }
}

function resolvePointer(value: JsonValue, segments: readonly string[]): JsonValue | undefined {
  let current: JsonValue | undefined = value;
  for (const segment of segments) {
    if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(segment)) current = current[Number(segment)];
    else if (isObject(current) && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

function typesOf(schema: JsonObject): Set<string> | undefined {
  if (typeof schema.type === "string") return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type.filter((t): t is string => typeof t === "string"));
  return undefined;
}

/** `integer` values are `number`s too. */
function covers(types: Set<string> | undefined, type: string): boolean {
  return types === undefined || types.has(type) || (type === "integer" && types.has("number"));
}

function shownTypes(schema: JsonObject): string {
  return schema.type === undefined ? "(any)" : Array.isArray(schema.type) ? schema.type.join("|") : String(schema.type);
}

/** What a branch is, for matching and messages: its type(s), else its `$ref`, else `schema`. */
function typeKey(schema: JsonObject): string {
  const types = typesOf(schema);
  if (types) return [...types].sort().join("|");
  if (schema.const !== undefined) return `const ${shown(schema.const)}`;
  return "(any type)";
}

function valuesOf(schema: JsonObject): JsonValue[] | undefined {
  if (schema.const !== undefined) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum : undefined;
}

const valueWord = (values: unknown[]) => (values.length === 1 ? "value" : "values");

function shownList(values: readonly unknown[]): string {
  return values.map(shown).join(", ");
}

function openness(schema: JsonObject): "open" | "closed" | "schema" {
  const ap = schema.additionalProperties;
  if (ap === false || (ap === undefined && schema.unevaluatedProperties === false)) return "closed";
  if (isObject(ap)) return Object.keys(ap).length === 0 ? "open" : "schema";
  if (ap === undefined && isObject(schema.unevaluatedProperties) && Object.keys(schema.unevaluatedProperties).length > 0) return "schema";
  return "open";
}

/** Every change between two schemas of one tool, in the order found. `key` is where both sit in the tool entry. */
export function compareSchemas(direction: Direction, key: "inputSchema" | "outputSchema", base: JsonValue, head: JsonValue): SchemaFinding[] {
  const comparison = new SchemaComparison(direction, { root: base, key }, { root: head, key });
  const b = comparison.node({ root: base, key }, base, [key]);
  const h = comparison.node({ root: head, key }, head, [key]);
  comparison.compare(b, h, [key]);
  return comparison.findings;
}
