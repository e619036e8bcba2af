// compare on reconcile rows' counts of harm (lost, duplicated, unexpected, lost-replicated: the
// registry's COMPARED_ROW_METRICS). Each is a count of rare events, so its noise is Poisson's: a
// rise fails when it is more than the threshold and more than 3·√base + 1 above the base; any
// harm where the base had none fails outright (the row now does something it never did).

import { COMPARED_ROW_METRICS, type ReconcileEntry } from '../../contracts/index.ts';
import { countSpread } from '../../metrics/index.ts';

export interface CountChange {
  id: string;
  /** The registry's name: `lost`, `duplicated`, `unexpected`, `lost-replicated`. */
  metric: string;
  base: number;
  next: number;
  /** Why it fails; null: a change within the noise, or a fall. */
  failure: string | null;
}

/** The rise in a count beyond which it is not noise: max(threshold × base, 3·√base + 1). */
export const countNoise = (base: number, thresholdPct: number): number => Math.max((base * thresholdPct) / 100, countSpread(base));

const failureOf = (base: number, next: number, thresholdPct: number): string | null => {
  if (next <= base) return null;
  if (base === 0) return `none in base, ${next} now`;
  const noise = countNoise(base, thresholdPct);
  return next - base > noise ? `up ${next - base} (more than ${thresholdPct}% and beyond 3·√${base} + 1 = ${noise.toFixed(1)})` : null;
};

/** Every compared count that differs between rows with the same id, in row order. */
export const compareRowCounts = (baseRows: readonly ReconcileEntry[], nextRows: readonly ReconcileEntry[], thresholdPct: number): CountChange[] =>
  baseRows.flatMap((b) => {
    const n = nextRows.find((r) => r.id === b.id);
    if (n === undefined) return [];
    return COMPARED_ROW_METRICS.flatMap((m): CountChange[] => {
      const [base, next] = [m.read(b), m.read(n)];
      return base === next ? [] : [{ id: b.id, metric: m.name, base, next, failure: failureOf(base, next, thresholdPct) }];
    });
  });
