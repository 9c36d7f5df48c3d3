/**
 * Bundles `$ref`s to other files into one self-contained wire schema: what a client
 * receives from `tools/list` cannot follow a path on the author's disk. Each referenced
 * (sub)schema is copied once into the root's `$defs` (or `definitions` for draft-07)
 * and every ref to it points there, so recursion across files becomes recursion
 * through `$defs` instead of endless inlining.
 *
 * One file on purpose: the `Bundler` is one walk that resolves, copies and names every
 * target at once, and the helpers below serve only it.
 */
import { realpathSync } from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { createDiagnostic } from "../diagnostics/messages.js";
import { dialectOf } from "./dialect.js";
import type { LoadResult, YamlFile } from "../yaml/load.js";
import type { JsonObject, JsonValue } from "./model.js";
import { locate, pathToPointer, pointerToPath, type DataPath } from "../yaml/positions.js";
import { forEachSchema } from "./vocabulary.js";
import { setOwn } from "../util/set-own.js";

export interface BundleArgs {
  yaml: YamlFile;
  /** Where the schema sits in `yaml`, e.g. `[...toolPath, "inputSchema"]`. */
  path: DataPath;
  schema: JsonObject;
  /** Absolute project root: no ref may reach outside it. */
  root: string;
  /** Loads a referenced file (the caller caches); JSON files are read as YAML. */
  loadFile: (absPath: string) => LoadResult;
  /** Told the absolute path of each file a `$ref` names that does not exist (MG033). */
  notFound?: (absPath: string) => void;
  /**
   * A schema that is only a `$ref` to an object schema in another file becomes that schema
   * (its copy is the root, not a `$defs` entry): an outputSchema whose root is `type:
   * object`, which 2025-era clients get as it is instead of wrapped in `{ result }`.
   */
  hoistRootRef?: boolean;
}

/** Where a bundled `$defs` entry came from, so later checks can point into that file. */
export interface BundledOrigin {
  defsKey: "$defs" | "definitions";
  /** The `$defs` entry; `""` for the schema hoisted to the root (`root`). */
  name: string;
  yaml: YamlFile;
  path: DataPath;
  /** The root itself is this file's schema (`hoistRootRef`): paths outside `$defs` point into it. */
  root?: true;
}

export interface BundleResult {
  schema: JsonObject;
  /** Project-relative paths of every other file read, sorted. */
  sources: string[];
  diagnostics: Diagnostic[];
  /** One entry per `$defs` entry the bundler added, in the order added. */
  origins: BundledOrigin[];
}

/** A YAML file seen as a schema document: what `#` means inside it. */
interface SchemaDocument {
  id: string;
  yaml: YamlFile;
  /** The YAML path `#` denotes: the schema's own path in the spec file, `[]` elsewhere. */
  base: DataPath;
  value: unknown;
  /** Directory that relative refs inside this document resolve against. */
  dir: string;
}

interface Target {
  document: SchemaDocument;
  /** JSON Pointer segments of the target inside its document. */
  segments: string[];
  value: JsonValue;
  baseName: string;
  /** Folder names above the file, nearest first: qualifiers when two targets want one name. */
  qualifiers: string[];
  name: string;
}

type Resolution = { kind: "keep" } | { kind: "error" } | { kind: "rewrite"; ref: string } | { kind: "target"; target: Target };

const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const COPY_ROOT_DROPPED = new Set(["$schema", "$id", "$defs", "definitions"]);

export function bundleSchema(args: BundleArgs): BundleResult {
  return new Bundler(args).run();
}

class Bundler {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly resolutions = new Map<string, Resolution>();
  private readonly targets = new Map<string, Target>();
  private readonly documents = new Map<string, SchemaDocument | undefined>();
  private readonly reportedLoadFailures = new Set<string>();
  private readonly rootDocument: SchemaDocument;
  /** The target whose copy is the root (`hoistRootRef`); refs to it become `#`. */
  private hoisted: Target | undefined;
  private readonly defsKey: "$defs" | "definitions";
  // Real paths are needed only for a `$ref` to a file: most schemas have none, and a
  // realpath per tool was 2% of a cold run at 1,000 tools.
  private realPaths: { root: string; spec: string } | undefined;

  constructor(private readonly args: BundleArgs) {
    this.rootDocument = {
      id: "<root>",
      yaml: args.yaml,
      base: args.path,
      value: args.schema,
      dir: path.dirname(args.yaml.absPath),
    };
    this.defsKey = dialectOf(args.schema.$schema) === "draft-07" ? "definitions" : "$defs";
  }

  private get realRoot(): string {
    return this.real().root;
  }

  private get realSpec(): string {
    return this.real().spec;
  }

  private real(): { root: string; spec: string } {
    return (this.realPaths ??= { root: realpathOr(path.resolve(this.args.root)), spec: realpathOr(this.args.yaml.absPath) });
  }

  run(): BundleResult {
    this.scan(this.rootDocument, this.args.schema, this.args.path);
    // A Map's iteration reaches entries added during it: targets found while scanning are
    // scanned in turn, each once, so cycles across files end.
    for (const target of this.targets.values()) {
      this.scan(target.document, copyRootView(target.value), [...target.document.base, ...target.segments]);
    }

    this.hoisted = this.args.hoistRootRef ? this.hoistable() : undefined;
    const targets = [...this.targets.values()].filter((target) => target !== this.hoisted);
    const existing = this.args.schema[this.defsKey];
    assignNames(targets, new Set(isObject(existing) ? Object.keys(existing) : []));
    const origins: BundledOrigin[] = [];
    let schema: JsonObject;
    if (this.hoisted) {
      const { document, segments, value } = this.hoisted;
      const { $schema } = this.args.schema;
      schema = { ...($schema === undefined ? {} : { $schema }), ...(this.rewrite(document, copyRootView(value)) as JsonObject) };
      origins.push({ defsKey: this.defsKey, name: "", yaml: document.yaml, path: [...document.base, ...segments], root: true });
    } else {
      schema = this.rewrite(this.rootDocument, this.args.schema) as JsonObject;
    }
    if (targets.length > 0) {
      const defs: JsonObject = isObject(schema[this.defsKey]) ? (schema[this.defsKey] as JsonObject) : {};
      for (const target of targets) {
        defs[target.name] = this.rewrite(target.document, copyRootView(target.value));
        origins.push({
          defsKey: this.defsKey,
          name: target.name,
          yaml: target.document.yaml,
          path: [...target.document.base, ...target.segments],
        });
      }
      schema[this.defsKey] = defs;
    }

    const sources = new Set<string>();
    for (const document of this.documents.values()) {
      if (document && document.yaml !== this.args.yaml) sources.add(document.yaml.file);
    }
    return { schema, sources: [...sources].sort(), diagnostics: this.diagnostics, origins };
  }

  /** Resolves every `$ref` under `value`, reporting problems at each occurrence. */
  private scan(document: SchemaDocument, value: unknown, yamlPath: DataPath): void {
    forEachSchema(value, (node, schemaPath) => {
      if (typeof node.$ref !== "string") return;
      const refPath = [...yamlPath, ...schemaPath, "$ref"];
      const cacheKey = `${document.id}\0${node.$ref}`;
      const { resolution, problem } = this.resolve(document, node.$ref);
      if (!this.resolutions.has(cacheKey)) this.resolutions.set(cacheKey, resolution);
      if (problem) this.diagnostics.push({ ...problem, location: locate(document.yaml, refPath) });
    });
  }

  /** A deep copy of `value` with every ref into another file pointing into the root's `$defs`. */
  private rewrite(document: SchemaDocument, value: unknown): JsonValue {
    const copy = cloneJson(value);
    forEachSchema(copy, (node) => {
      if (typeof node.$ref !== "string") return;
      const resolution = this.resolutions.get(`${document.id}\0${node.$ref}`);
      if (resolution?.kind === "rewrite") node.$ref = resolution.ref;
      if (resolution?.kind === "target") node.$ref = resolution.target === this.hoisted ? "#" : `#/${this.defsKey}/${escapeSegment(resolution.target.name)}`;
    });
    return copy;
  }

  /** The target the root may become: the root is only a `$ref` (and `$schema`) to an object schema in another file. */
  private hoistable(): Target | undefined {
    const root = this.args.schema;
    if (typeof root.$ref !== "string" || Object.keys(root).some((key) => key !== "$ref" && key !== "$schema")) return undefined;
    const resolution = this.resolutions.get(`${this.rootDocument.id}\0${root.$ref}`);
    if (resolution?.kind !== "target") return undefined;
    const { value } = resolution.target;
    return isObject(value) && value.type === "object" ? resolution.target : undefined;
  }

  private resolve(document: SchemaDocument, ref: string): { resolution: Resolution; problem?: Problem } {
    const hash = ref.indexOf("#");
    const filePart = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? "" : ref.slice(hash + 1);

    if (URI_SCHEME.test(filePart)) {
      return fail(createDiagnostic({ code: "MG031", format: { ref } }));
    }
    const segments = fragmentSegments(fragment);
    if (segments === undefined) {
      return fail(createDiagnostic({ code: "MG030", messageId: "pointerOnly", format: { ref } }));
    }
    if (filePart === "") {
      if (document === this.rootDocument) {
        return resolvePointer(this.args.schema, segments) === undefined
          ? fail(createDiagnostic({ code: "MG030", messageId: "nothingInSchema", format: { ref } }))
          : { resolution: { kind: "keep" } };
      }
      return this.resolveTarget(document, segments, ref);
    }

    let decoded: string;
    try {
      decoded = decodeURIComponent(filePart);
    } catch {
      decoded = filePart;
    }
    const absPath = path.resolve(document.dir, decoded);
    if (!isInside(path.resolve(this.args.root), absPath)) {
      return fail(createDiagnostic({ code: "MG032", format: { ref } }));
    }
    let realPath: string;
    try {
      realPath = realpathSync(absPath);
    } catch {
      this.args.notFound?.(absPath);
      return fail(createDiagnostic({ code: "MG033", format: { ref, file: this.relative(absPath) } }));
    }
    if (!isInside(this.realRoot, realPath)) {
      return fail(createDiagnostic({ code: "MG032", messageId: "symlink", format: { ref } }));
    }

    if (realPath === this.realSpec) {
      // A ref back into the schema being bundled is a local ref of the bundled schema.
      const base = this.args.path.map(String);
      if (base.every((s, i) => segments[i] === s)) {
        const inner = segments.slice(base.length);
        return resolvePointer(this.args.schema, inner) === undefined
          ? fail(createDiagnostic({ code: "MG030", messageId: "nothingInFile", format: { ref, file: this.args.yaml.file } }))
          : { resolution: { kind: "rewrite", ref: "#" + encodeFragment(pathToPointer(inner)) } };
      }
    }
    const loaded = this.loadDocument(absPath, realPath);
    if ("problem" in loaded) return { resolution: { kind: "error" }, problem: loaded.problem };
    return this.resolveTarget(loaded.document, segments, ref);
  }

  private resolveTarget(document: SchemaDocument, segments: string[], ref: string): { resolution: Resolution; problem?: Problem } {
    const key = `${document.id}#${pathToPointer(segments)}`;
    const known = this.targets.get(key);
    if (known) return { resolution: { kind: "target", target: known } };
    const value = resolvePointer(document.value, segments);
    if (value === undefined) {
      return fail(createDiagnostic({ code: "MG030", format: { ref, pointer: pathToPointer(segments), file: document.yaml.file } }));
    }
    if (typeof value !== "boolean" && !isObject(value)) {
      return fail(createDiagnostic({ code: "MG030", messageId: "notSchema", format: { ref, file: document.yaml.file } }));
    }
    const rel = document.yaml.file.split(path.sep).join("/");
    const stem = path.posix.basename(rel).replace(/\.(ya?ml|json)$/i, "");
    const named = [stem, ...segments.filter((s) => s !== "$defs" && s !== "definitions")];
    const target: Target = {
      document,
      segments,
      value: value as JsonValue,
      baseName: named.map(identifierPart).filter(Boolean).join("_") || "schema",
      qualifiers: path.posix
        .dirname(rel)
        .split("/")
        .filter((d) => d !== "." && d !== ".." && d !== "")
        .reverse()
        .map(identifierPart),
      name: "",
    };
    this.targets.set(key, target);
    return { resolution: { kind: "target", target } };
  }

  private loadDocument(absPath: string, realPath: string): { document: SchemaDocument } | { problem: Problem } {
    if (!this.documents.has(realPath)) {
      const result: LoadResult = realPath === this.realSpec ? { yaml: this.args.yaml, diagnostics: [] } : this.args.loadFile(absPath);
      let document: SchemaDocument | undefined;
      if (result.yaml && (isObject(result.yaml.value) || typeof result.yaml.value === "boolean")) {
        document = { id: realPath, yaml: result.yaml, base: [], value: result.yaml.value, dir: path.dirname(absPath) };
      } else if (!result.yaml && !this.reportedLoadFailures.has(realPath)) {
        this.reportedLoadFailures.add(realPath);
        this.diagnostics.push(...result.diagnostics);
      }
      this.documents.set(realPath, document);
    }
    const document = this.documents.get(realPath);
    if (document) return { document };
    return {
      problem: createDiagnostic({ code: "MG033", messageId: "notLoaded", format: { file: this.relative(absPath) } }),
    };
  }

  private relative(absPath: string): string {
    return path.relative(this.args.root, absPath).split(path.sep).join("/");
  }
}

type Problem = Omit<Diagnostic, "location">;

function fail(problem: Problem): { resolution: Resolution; problem: Problem } {
  return { resolution: { kind: "error" }, problem };
}

/** Segments of a fragment, or undefined for a plain-name (`$anchor`) fragment. */
function fragmentSegments(fragment: string): string[] | undefined {
  if (fragment === "") return [];
  if (!fragment.startsWith("/")) return undefined;
  try {
    return pointerToPath("#" + fragment);
  } catch {
    return undefined;
  }
}

function resolvePointer(value: unknown, segments: readonly string[]): unknown {
  let current = value;
  for (const segment of segments) {
    if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(segment)) current = current[Number(segment)];
    else if (isObject(current) && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

/**
 * A referenced schema as it is copied: its own `$defs` are left behind because every
 * ref into them becomes an entry of the root's `$defs`, and `$id`/`$schema` would change
 * how refs inside the copy resolve.
 */
function copyRootView(value: JsonValue): JsonValue {
  if (!isObject(value)) return value;
  const view: JsonObject = {};
  for (const [key, item] of Object.entries(value)) if (!COPY_ROOT_DROPPED.has(key)) setOwn(view, key, item);
  return view;
}

/**
 * Gives each target a `$defs` name: its file stem and fragment, qualified with parent
 * folder names only when two targets (or an existing entry) want the same name, and
 * numbered as a last resort. Depends only on discovery order, which is deterministic.
 */
function assignNames(targets: Target[], existing: Set<string>): void {
  const level = new Map<Target, number>(targets.map((t) => [t, 0]));
  const nameAt = (t: Target): string => [...t.qualifiers.slice(0, level.get(t)).reverse(), t.baseName].join("_");
  for (let changed = true; changed; ) {
    changed = false;
    const byName = new Map<string, Target[]>();
    for (const t of targets) byName.set(nameAt(t), [...(byName.get(nameAt(t)) ?? []), t]);
    for (const [name, group] of byName) {
      if (group.length < 2 && !existing.has(name)) continue;
      for (const t of group) {
        if (level.get(t)! < t.qualifiers.length) {
          level.set(t, level.get(t)! + 1);
          changed = true;
        }
      }
    }
  }
  const used = new Set(existing);
  for (const t of targets) {
    let name = nameAt(t);
    for (let n = 2; used.has(name); n++) name = `${nameAt(t)}_${n}`;
    used.add(name);
    t.name = name;
  }
}

function identifierPart(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
}

/** Percent-encodes what a URI fragment may not hold (a pointer into a key such as `a b` or `50%`). */
function encodeFragment(pointer: string): string {
  return pointer.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/gu, (c) => encodeURIComponent(c));
}

function escapeSegment(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}

function isInside(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel === "" || (rel !== ".." && !rel.startsWith(".." + path.sep) && !path.isAbsolute(rel));
}

function realpathOr(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A plain-data deep copy that keeps key order; a value that contains itself is cut. */
function cloneJson(value: unknown, ancestors: Set<unknown> = new Set()): JsonValue {
  if (typeof value !== "object" || value === null) return value as JsonValue;
  if (ancestors.has(value)) return {};
  ancestors.add(value);
  let copy: JsonValue;
  if (Array.isArray(value)) copy = value.map((item) => cloneJson(item, ancestors));
  else {
    const object: JsonObject = {};
    for (const [key, item] of Object.entries(value)) setOwn(object, key, cloneJson(item, ancestors));
    copy = object;
  }
  ancestors.delete(value);
  return copy;
}
