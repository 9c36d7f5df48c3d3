import { setTimeout as sleep } from "node:timers/promises";

/** Waits `ms`; resolves `false` instead when `signal` aborts first (or already has). */
export async function delay(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch (error) {
    if (signal.aborted) return false;
    throw error;
  }
}
