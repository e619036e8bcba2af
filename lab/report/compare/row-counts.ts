// compare on reconcile rows' counts of harm (lost, duplicated, unexpected, lost-replicated: the
// registry's COMPARED_ROW_METRICS). Each is a count of rare events, so its
// noise is Poisson's: a rise fails when it is more than the threshold and more than 3·√base + 1
// above the base; any harm where the base had none fails outright (the row now does something it
// never did). Rows that kept every run (topology timelines) are compared on their totals over the
// runs when both sides ran as often (a sum of Poisson counts is Poisson), else on the first run.
// Their per-write latencies (the registry's COMPARED_ROW_LATENCIES) are judged by the percentile
// rule of metric-change.ts: the per-run values (3 or more a side), else the histogram's sampling error.

import { COMPARED_ROW_LATENCIES, COMPARED_ROW_METRICS, type ReconcileEntry, type ReconcileMetricSpec } from '../../contracts/index.ts';
import { countSpread } from '../../metrics/index.ts';
import { BEYOND_WORDS, percentileVerdict } from './metric-change.ts';

export interface CountChange {
  id: string;
  /** The registry's name: `lost`, `duplicated`, `unexpected`, `lost-replicated`, `write-p(99)`. */
  metric: string;
  base: number;
  next: number;
  /** `total of N runs` when both rows kept N runs; `first run` otherwise; latencies: the noise evidence. */
  basis?: string;
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

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

// Both rows' totals over their runs when they kept as many runs, else their first run's counts.
const countsOf = (m: ReconcileMetricSpec, b: ReconcileEntry, n: ReconcileEntry): { base: number; next: number; basis?: string } => {
  const [bRuns, nRuns] = [m.perRun?.(b), m.perRun?.(n)];
  if (bRuns !== undefined && nRuns !== undefined && bRuns.length > 1 && bRuns.length === nRuns.length) return { base: sum(bRuns), next: sum(nRuns), basis: `total of ${bRuns.length} runs` };
  return { base: m.read(b) ?? 0, next: m.read(n) ?? 0 };
};

const latencyChanges = (id: string, b: ReconcileEntry, n: ReconcileEntry, thresholdPct: number): CountChange[] =>
  COMPARED_ROW_LATENCIES.flatMap((m): CountChange[] => {
    const [base, next] = [m.read(b), m.read(n)];
    if (base === null || next === null || base === next) return [];
    const { worseBeyond, evidence, basis, notJudged } = percentileVerdict({ ...m.percentile, ...(m.perRun ? { perRun: m.perRun } : {}) }, b, n, thresholdPct);
    const pct = base === 0 ? null : (100 * (next - base)) / base;
    const over = pct !== null && pct > thresholdPct;
    const failure = over && worseBeyond ? `${m.name} +${pct.toFixed(1)}% (threshold ${thresholdPct}%), ${BEYOND_WORDS[basis]}` : null;
    return [{ id, metric: m.name, base, next, basis: notJudged === undefined ? evidence : `not judged: ${notJudged}`, failure }];
  });

/** Every compared count (and row latency) that differs between rows with the same id, in row order. */
export const compareRowCounts = (baseRows: readonly ReconcileEntry[], nextRows: readonly ReconcileEntry[], thresholdPct: number): CountChange[] =>
  baseRows.flatMap((b) => {
    const n = nextRows.find((r) => r.id === b.id);
    if (n === undefined) return [];
    const counts = COMPARED_ROW_METRICS.flatMap((m): CountChange[] => {
      const { base, next, basis } = countsOf(m, b, n);
      return base === next ? [] : [{ id: b.id, metric: m.name, base, next, ...(basis === undefined ? {} : { basis }), failure: failureOf(base, next, thresholdPct) }];
    });
    return [...counts, ...latencyChanges(b.id, b, n, thresholdPct)];
  });
