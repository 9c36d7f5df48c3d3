/**
 * ts-morph (with the TypeScript compiler inside) costs about 0.4 s to load, and most
 * runs never need it: new stubs and a new `handlers/index.ts` come from templates, and
 * an index that already lists every tool is recognized without a parser. Only editing
 * an authored file calls `tsMorph()`, so the module is loaded on first real use.
 * Everything else in `src/` may import ts-morph's types (`import type`), never its values.
 */
import { createRequire } from "node:module";
import type * as TsMorph from "ts-morph";

let loaded: typeof TsMorph | undefined;

/** ts-morph, loaded synchronously on first call (it is CommonJS, so `require` can). */
export function tsMorph(): typeof TsMorph {
  loaded ??= createRequire(import.meta.url)("ts-morph") as typeof TsMorph;
  return loaded;
}

/** Whether anything in this process has needed ts-morph yet (tests check that fast paths do not). */
export function tsMorphLoaded(): boolean {
  return loaded !== undefined;
}
