/**
 * Summarises a `node --cpu-prof` profile: self time per module (node_modules package or
 * project file) and the heaviest functions, which is what RESULTS.md quotes.
 * Usage: node bench/profile-summary.mjs <file.cpuprofile> [top]
 */
import { readFileSync } from "node:fs";

export function summarize(file, top = 15) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byModule = new Map();
  const byFunction = new Map();
  for (const [id, us] of self) {
    const frame = byId.get(id).callFrame;
    const module = moduleOf(frame.url, frame.functionName);
    byModule.set(module, (byModule.get(module) ?? 0) + us);
    const fn = `${frame.functionName || "(anonymous)"} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  const rows = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: Math.round(us / 1000), share: `${((100 * us) / total).toFixed(1)}%` }));
  // Inclusive time of mcp-gen's own functions (the pipeline's phases), counted once per
  // stack even when a function recurses.
  const children = new Map(profile.nodes.map((n) => [n.id, n.children ?? []]));
  const phases = new Map();
  const walk = (id, seen) => {
    const frame = byId.get(id).callFrame;
    const own = frame.url.includes("/dist/") && !frame.url.includes("node_modules/");
    const name = `${frame.functionName || "(anonymous)"} ${shortUrl(frame.url)}`;
    const first = own && !seen.has(name);
    const next = first ? new Set(seen).add(name) : seen;
    let sum = self.get(id) ?? 0;
    for (const child of children.get(id)) sum += walk(child, next);
    if (first) phases.set(name, (phases.get(name) ?? 0) + sum);
    return sum;
  };
  walk(profile.nodes[0].id, new Set());
  return { totalMs: Math.round(total / 1000), modules: rows(byModule), functions: rows(byFunction), phases: rows(phases) };
}

function moduleOf(url, functionName) {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith("node:")) return "(node internals)";
  const dist = url.indexOf("/dist/");
  return dist >= 0 ? `mcp-gen ${url.slice(dist + 1)}` : shortUrl(url);
}

function shortUrl(url) {
  const nm = url.lastIndexOf("node_modules/");
  return nm >= 0 ? url.slice(nm + "node_modules/".length) : url.replace(/^file:\/\/.*\/(dist|bench)\//, "$1/");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const s = summarize(process.argv[2], Number(process.argv[3] ?? 15));
  console.log(`total ${s.totalMs} ms`);
  console.table(s.modules);
  console.table(s.functions);
  console.table(s.phases);
}
