// Garbage collections the lab asks for outside every timed span.
//
// - `full`, once per link group before its first (warm-up) run: the calibration's and earlier
//   groups' garbage is collected, so the group's runs start from the group's own heap.
// - `young`, before each run's span: the young generation is emptied, so the span's own
//   allocation fills it from zero and its heap figures start after it.
//
// Why not a full collection before every run: a major collection also throws away optimized
// code that embeds an object that has died (V8's "weak objects" deoptimization: ioredis's and
// Node's stream functions, about 18 of them per collection here), and the next few thousand
// commands run while V8 optimizes them again. Measured on one core (2026-12-02, Node 20.20,
// 20,000 sync INCRs, 16 rounds): after a full collection the first 4,000 commands took 1.4-1.5x
// as long as without it, the loop 1.08-1.14x; after a young collection 0.97-1.02x. A run at
// steady state has its code optimized, as the workload it stands for would.
//
// `--expose-gc` can be turned on at runtime; `gc` then exists in contexts created after that.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Gc = (options?: { type: 'minor' }) => void;

let gc: Gc | null | undefined;

const loadGc = (): Gc | null => {
  try {
    setFlagsFromString('--expose-gc');
    const fn: unknown = runInNewContext('gc');
    return typeof fn === 'function' ? (fn as Gc) : null;
  } catch {
    return null;
  }
};

/** Which generations a collection covers: `full` (every one) or `young` (the nursery only). */
export type Generation = 'full' | 'young';

/** Runs a collection; false when this Node cannot (then figures include older garbage). */
export const collectGarbage = (generation: Generation): boolean => {
  if (gc === undefined) gc = loadGc();
  if (gc === null) return false;
  // gc() alone is the full collection on every Node line; Node 20's V8 runs a scavenge for
  // gc({ type: 'major' }), so only the young collection passes options.
  if (generation === 'full') gc();
  else gc({ type: 'minor' });
  return true;
};
