/**
 * The handler lifecycle under long random sequences: spec edits (add, remove, rename
 * with `renamedFrom`, schema changes) interleaved with an author editing handler files
 * and handlers/index.ts, with the real `generate()` after every step. After every step,
 * every line the author wrote is still there, unchanged, exactly once; no authored file
 * is gone except by a rename that carried its lines along; and at the end of each
 * sequence the generated code and the handlers type-check.
 *
 * Seeds: three fixed ones; MCP_GEN_SEED=<n> replays one sequence (`random` draws one);
 * MCP_GEN_LIFECYCLE_STEPS sets its length.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generate, type GenerateResult } from "../../../src/build/generate.js";
import { toolIdentifiers } from "../../../src/spec/identifiers.js";
import { removeProject, tempProject, typeCheck } from "../../helpers/project.js";
import { rng, testSeed } from "../../helpers/rng.js";

const SEEDS = process.env.MCP_GEN_SEED ? [testSeed(0)] : [20240601, 7, 314159];
const STEPS = Number(process.env.MCP_GEN_LIFECYCLE_STEPS ?? 100);

const WORDS = ["alpha", "beta", "gamma", "delta", "omega", "kappa", "sigma", "theta"];
const PROPERTY_TYPES = ["string", "number", "integer", "boolean"];

interface SpecTool {
  name: string;
  renamedFrom?: string;
  properties: Array<[string, string]>;
  required: string[];
  output: boolean;
}

function specText(tool: SpecTool): string {
  const lines = [`name: ${tool.name}`];
  if (tool.renamedFrom) lines.push(`renamedFrom: ${tool.renamedFrom}`);
  lines.push(`description: Tool ${tool.name}.`, "inputSchema:", "  type: object", "  properties:");
  if (tool.properties.length === 0) lines[lines.length - 1] = "  properties: {}";
  for (const [name, type] of tool.properties) lines.push(`    ${name}: { type: ${type}, description: The ${name}. }`);
  if (tool.required.length > 0) lines.push(`  required: [${tool.required.join(", ")}]`);
  if (tool.output) lines.push("outputSchema:", "  type: object", "  properties:", "    ok: { type: boolean }", "  required: [ok]");
  return lines.join("\n") + "\n";
}

class Sequence {
  readonly random: () => number;
  readonly dir: string;
  readonly tools = new Map<string, SpecTool>();
  /** Marker → the exact line the author wrote. */
  readonly authored = new Map<string, string>();
  /** Handler files the author has (relative to handlers/). */
  readonly files = new Set<string>();
  readonly log: string[] = [];
  private counter = 0;
  /** How many authored lines were written in all. */
  markers = 0;

  constructor(readonly seed: number) {
    this.random = rng(seed).next;
    this.dir = tempProject(`lifecycle-${seed}`, { "package.json": JSON.stringify({ name: "lifecycle", version: "1.0.0", type: "module" }) });
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }

  private newName(): string {
    return `t${++this.counter}_${this.pick(WORDS)}`;
  }

  private randomSchema(tool: SpecTool): void {
    const count = Math.floor(this.random() * 4);
    tool.properties = Array.from({ length: count }, (_, i) => [`p${i}_${this.pick(WORDS)}`, this.pick(PROPERTY_TYPES)] as [string, string]);
    tool.required = tool.properties.filter(() => this.random() < 0.5).map(([name]) => name);
    tool.output = this.random() < 0.4;
  }

  private writeSpec(tool: SpecTool): void {
    writeFileSync(path.join(this.dir, "specs", `${tool.name}.yaml`), specText(tool));
  }

  // Spec edits -------------------------------------------------------------------------

  addTool(): string {
    const tool: SpecTool = { name: this.newName(), properties: [], required: [], output: false };
    this.randomSchema(tool);
    this.tools.set(tool.name, tool);
    this.writeSpec(tool);
    return `add ${tool.name}`;
  }

  removeTool(): string {
    const tool = this.pick([...this.tools.values()]);
    this.tools.delete(tool.name);
    rmSync(path.join(this.dir, "specs", `${tool.name}.yaml`));
    return `remove ${tool.name}`;
  }

  renameTool(): { op: string; from: string; to: string } {
    const tool = this.pick([...this.tools.values()]);
    const from = tool.name;
    rmSync(path.join(this.dir, "specs", `${from}.yaml`));
    this.tools.delete(from);
    tool.name = this.newName();
    tool.renamedFrom = from;
    this.tools.set(tool.name, tool);
    this.writeSpec(tool);
    return { op: `rename ${from} -> ${tool.name}`, from, to: tool.name };
  }

  changeSchema(): string {
    const tool = this.pick([...this.tools.values()]);
    this.randomSchema(tool);
    this.writeSpec(tool);
    return `schema ${tool.name} (${tool.properties.map(([n, t]) => `${n}:${t}`).join(" ")}${tool.output ? " +output" : ""})`;
  }

  // Author edits -----------------------------------------------------------------------

  private marker(): string {
    return `AUTHORED-${this.seed}-${++this.markers}`;
  }

  private editFile(file: string, edit: (lines: string[]) => void): void {
    const full = path.join(this.dir, "handlers", file);
    const lines = readFileSync(full, "utf8").split("\n");
    edit(lines);
    writeFileSync(full, lines.join("\n"));
  }

  private remember(line: string, marker: string): string {
    this.authored.set(marker, line);
    return line;
  }

  /** A comment line anywhere between lines (always valid TypeScript). */
  addComment(file: string): string {
    const marker = this.marker();
    this.editFile(file, (lines) => lines.splice(Math.floor(this.random() * lines.length), 0, this.remember(`// ${marker} a note`, marker)));
    return `comment ${file}`;
  }

  /** A statement at the start of the handler's body. */
  addCode(file: string): string {
    const marker = this.marker();
    this.editFile(file, (lines) => {
      const at = lines.findIndex((line) => /^export const \w+: \w+Handler = async \(input, context\) => \{$/.test(line));
      if (at >= 0) lines.splice(at + 1, 0, this.remember(`  void ${JSON.stringify(marker)}; // code in the body`, marker));
      else lines.push(this.remember(`void ${JSON.stringify(marker)};`, marker));
    });
    return `code ${file}`;
  }

  /** A helper function at the end of the file. */
  addHelper(file: string): string {
    const marker = this.marker();
    const name = `helper${this.markers}`;
    this.editFile(file, (lines) => {
      const at = lines[lines.length - 1] === "" ? lines.length - 1 : lines.length;
      lines.splice(at, 0, this.remember(`export function ${name}(): string { return ${JSON.stringify(marker)}; }`, marker));
    });
    return `helper ${file}`;
  }

  /** Shuffles the `key: value,` lines of the handlers object. */
  reorderIndex(): string {
    this.editFile("index.ts", (lines) => {
      const start = lines.findIndex((line) => line.startsWith("export const handlers = {"));
      const end = lines.findIndex((line, i) => i > start && line.startsWith("}"));
      if (start < 0 || end < 0) return;
      const entries = lines.slice(start + 1, end);
      const isEntry = (line: string) => /^\s+("[^"]+"|[\w$]+): [\w$]+,$/.test(line);
      const keys = entries.filter(isEntry);
      for (let i = keys.length - 1; i > 0; i--) {
        const j = Math.floor(this.random() * (i + 1));
        [keys[i], keys[j]] = [keys[j], keys[i]];
      }
      let k = 0;
      lines.splice(start + 1, entries.length, ...entries.map((line) => (isEntry(line) ? keys[k++] : line)));
    });
    return "reorder index.ts";
  }

  // Checks -----------------------------------------------------------------------------

  handlerFiles(): string[] {
    const dir = path.join(this.dir, "handlers");
    return existsSync(dir)
      ? readdirSync(dir)
          .filter((file) => file.endsWith(".ts"))
          .sort()
      : [];
  }

  /** Every authored line, exactly once, unchanged, in some handler file; no authored file gone. */
  checkAuthored(): void {
    const onDisk = this.handlerFiles();
    // A stub of a removed tool that the author never touched is mcp-gen's own and taken back (MG052);
    // one the author wrote in is kept, and a lost line of it fails the marker check below.
    const live = new Set([...this.tools.keys()].map((name) => `${toolIdentifiers(name).file}.ts`));
    for (const file of [...this.files]) if (!onDisk.includes(file) && file !== "index.ts" && !live.has(file)) this.files.delete(file);
    for (const file of this.files) expect(onDisk, `authored file handlers/${file} is gone`).toContain(file);
    const counts = new Map<string, number>();
    for (const file of onDisk) {
      for (const line of readFileSync(path.join(this.dir, "handlers", file), "utf8").split("\n")) {
        const marker = /AUTHORED-\d+-\d+/.exec(line)?.[0];
        if (!marker) continue;
        expect(line, `line with ${marker} in handlers/${file} changed`).toBe(this.authored.get(marker));
        counts.set(marker, (counts.get(marker) ?? 0) + 1);
      }
    }
    for (const marker of this.authored.keys()) expect(counts.get(marker) ?? 0, `line with ${marker} is not there exactly once`).toBe(1);
  }

  /** The author follows MG050: deletes handlers whose tool is gone and their index entries. */
  removeOrphans(): void {
    const live = new Set([...this.tools.keys()].map((name) => `${toolIdentifiers(name).file}.ts`));
    for (const file of [...this.files]) {
      if (file === "index.ts" || live.has(file)) continue;
      const text = readFileSync(path.join(this.dir, "handlers", file), "utf8");
      for (const marker of text.match(/AUTHORED-\d+-\d+/g) ?? []) this.authored.delete(marker);
      rmSync(path.join(this.dir, "handlers", file));
      this.files.delete(file);
      const stem = file.replace(/\.ts$/, "");
      this.editFile("index.ts", (lines) => {
        const keep = lines.filter((line) => !line.includes(`"./${stem}.js"`) && !new RegExp(`^\\s+${stem}: `).test(line));
        lines.splice(0, lines.length, ...keep);
      });
    }
  }
}

function assertRun(result: GenerateResult, what: string): void {
  const errors = result.diagnostics.filter((d) => d.severity === "error" || d.code === "MG051" || d.code === "MG161" || d.code === "MG162");
  expect(errors, `${what}: unexpected diagnostics`).toEqual([]);
  expect(result.exitCode, what).toBe(0);
}

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

describe("handler lifecycle under random edits", () => {
  it.each(SEEDS)(
    `seed %i: ${STEPS} steps lose no authored line`,
    async (seed) => {
      const sequence = new Sequence(seed);
      dirs.push(sequence.dir);
      const { dir } = sequence;
      const fail = (step: number, error: unknown): never => {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(
          `seed ${seed}, step ${step} (replay: MCP_GEN_SEED=${seed} MCP_GEN_LIFECYCLE_STEPS=${STEPS})\nlast steps:\n  ${sequence.log.slice(-8).join("\n  ")}\n${message}`,
        );
      };

      try {
        mkdirSync(path.join(dir, "specs"), { recursive: true });
        sequence.log.push(sequence.addTool(), sequence.addTool());
        assertRun(await generate({ cwd: dir }), "first run");
        for (const file of sequence.handlerFiles()) sequence.files.add(file);
      } catch (error) {
        fail(0, error);
      }

      for (let step = 1; step <= STEPS; step++) {
        try {
          const roll = sequence.random();
          let rename: { from: string; to: string } | undefined;
          const toolCount = sequence.tools.size;
          if (roll < 0.12 && toolCount < 8) sequence.log.push(sequence.addTool());
          else if (roll < 0.2 && toolCount > 2) sequence.log.push(sequence.removeTool());
          else if (roll < 0.32 && toolCount > 0) {
            const renamed = sequence.renameTool();
            sequence.log.push(renamed.op);
            rename = renamed;
          } else if (roll < 0.45 && toolCount > 0) sequence.log.push(sequence.changeSchema());
          else {
            // The author, in a file of a live tool or the index.
            const files = [...sequence.files];
            const file = sequence.pick(files);
            const kind = sequence.random();
            if (file === "index.ts" && kind < 0.4) sequence.log.push(sequence.reorderIndex());
            else if (kind < 0.5) sequence.log.push(sequence.addComment(file));
            else if (kind < 0.8 && file !== "index.ts") sequence.log.push(sequence.addCode(file));
            else sequence.log.push(sequence.addHelper(file));
          }

          const result = await generate({ cwd: dir });
          assertRun(result, `generate after "${sequence.log.at(-1)}"`);
          if (rename) {
            const fromFile = `${toolIdentifiers(rename.from).file}.ts`;
            const toFile = `${toolIdentifiers(rename.to).file}.ts`;
            if (sequence.files.has(fromFile)) {
              // The author's handler followed the rename: the old file went, its lines with it.
              expect(result.diagnostics.map((d) => d.code)).toContain("MG160");
              expect(existsSync(path.join(dir, "handlers", fromFile))).toBe(false);
              sequence.files.delete(fromFile);
            }
            expect(existsSync(path.join(dir, "handlers", toFile))).toBe(true);
          }
          for (const file of sequence.handlerFiles()) sequence.files.add(file);
          sequence.checkAuthored();
          if (step % 10 === 0) {
            const again = await generate({ cwd: dir });
            expect(again.written, "a second run writes nothing").toEqual([]);
          }
        } catch (error) {
          fail(step, error);
        }
      }

      try {
        sequence.removeOrphans();
        assertRun(await generate({ cwd: dir }), "generate after removing orphans");
        sequence.checkAuthored();
        expect(sequence.markers, "the author wrote lines along the way").toBeGreaterThan(STEPS / 5);
        const check = typeCheck(dir, ["generated/**/*.ts", "handlers/**/*.ts"]);
        expect(check.output).toBe("");
        expect(check.status).toBe(0);
      } catch (error) {
        fail(STEPS + 1, error);
      }
    },
    600_000,
  );
});
