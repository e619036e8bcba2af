// The registry metrics `compare` judges beyond the median (those with a `compare` entry: request
// p50/p99, service p99, achieved rate), each by its rule:
//
// - percentile: worse by more than the threshold AND outside the percentile's sampling error.
//   A percentile over n samples sits at rank p·n; its distribution-free interval runs from the
//   value at rank n·(p - z·√(p(1-p)/n)) to the value at rank n·(p + z·√(p(1-p)/n)), read from
//   the HDR histogram (clamped to the max). The change counts when the two sides' intervals do
//   not overlap. z = 1.39 (an 83 % interval each): two such intervals of equal width miss each
//   other about 5 % of the time when nothing changed (Goldstein and Healy 1995); two 95 %
//   intervals would need a far larger change (a test at about 0.5 %). Fewer than 1/(1-p) samples (100 for p99) or no histogram: not
//   judged. The samples of one run are not independent (queueing links neighbours), so this is a
//   floor on the noise, not the run-to-run spread; the threshold is what keeps it from flagging
//   small moves.
// - total: a figure over a whole run (achieved rate: requests completed over the span), a count
//   of thousands of events rather than a tail sample: worse by more than the threshold fails.

import { CONFIG_METRICS, type ConfigMetric, type ConfigResult, type LatencySummaryUs, type MetricComparison } from '../../contracts/index.ts';
import { decodeLatency, valueAtPercentileUs } from '../../metrics/index.ts';

/** z of each side's two-sided 83 % interval: non-overlap of two is a test at about 5 %. */
export const PERCENTILE_Z = 1.39;

type MetricNoise = 'beyond' | 'within' | 'not-judged';

export interface MetricChange {
  /** As thresholds write it: `request p(99)`. */
  name: string;
  unit: ConfigMetric['unit'];
  base: number;
  next: number;
  /** (next - base) / base in percent; null when base is 0. */
  changePct: number | null;
  rule: MetricComparison['rule'];
  /** percentile rule: each side's 83 % interval of the percentile, in `unit`; null when not judged. */
  baseInterval: [number, number] | null;
  nextInterval: [number, number] | null;
  noise: MetricNoise;
  /** Why the metric was not judged, when it was not. */
  notJudged?: string;
  /** Why it fails, or null. */
  failure: string | null;
}

type Judged = ConfigMetric & { compare: MetricComparison };

/** The metrics compare judges: every registry entry with a `compare` rule. */
export const COMPARED_METRICS: readonly Judged[] = (CONFIG_METRICS as readonly ConfigMetric[]).filter((m): m is Judged => m.compare !== undefined);

// The percentile's 83 % interval from the summary's histogram; null when it cannot be judged.
const interval = (summary: LatencySummaryUs | null | undefined, percentile: number): [number, number] | { why: string } => {
  if (summary === null || summary === undefined || summary.hdr === null) return { why: 'no histogram' };
  const p = percentile / 100;
  if (summary.count < 1 / (1 - p)) return { why: `fewer than ${Math.ceil(1 / (1 - p))} samples` };
  const halfWidth = PERCENTILE_Z * Math.sqrt((p * (1 - p)) / summary.count);
  let histogram;
  try {
    histogram = decodeLatency(summary.hdr);
  } catch {
    return { why: 'histogram does not decode' };
  }
  try {
    const at = (q: number) => Math.min(valueAtPercentileUs(histogram, 100 * Math.min(1, Math.max(0, q))), summary.max);
    return [at(p - halfWidth), at(p + halfWidth)];
  } finally {
    histogram.destroy();
  }
};

const changePct = (base: number, next: number): number | null => (base === 0 ? null : (100 * (next - base)) / base);

const worseBy = (rule: MetricComparison, pct: number | null): number | null => (pct === null ? null : rule.worse === 'higher' ? pct : -pct);

const judge = (metric: Judged, base: ConfigResult, next: ConfigResult, thresholdPct: number): MetricChange | null => {
  const b = metric.read(base);
  const n = metric.read(next);
  if (b === null || n === null) return null;
  const pct = changePct(b, n);
  const worse = worseBy(metric.compare, pct);
  const overThreshold = worse !== null && worse > thresholdPct;
  const shown = `${metric.name} ${pct !== null && pct >= 0 ? '+' : ''}${pct?.toFixed(1)}% (threshold ${thresholdPct}%)`;
  const rule = metric.compare;
  if (rule.rule === 'total') {
    return { name: metric.name, unit: metric.unit, base: b, next: n, changePct: pct, rule: rule.rule, baseInterval: null, nextInterval: null, noise: 'beyond', failure: overThreshold ? shown : null };
  }
  const bi = interval(rule.summary(base), rule.percentile);
  const ni = interval(rule.summary(next), rule.percentile);
  const common = { name: metric.name, unit: metric.unit, base: b, next: n, changePct: pct, rule: rule.rule };
  if (!Array.isArray(bi) || !Array.isArray(ni)) {
    const why = !Array.isArray(bi) ? `base: ${bi.why}` : `new: ${(ni as { why: string }).why}`;
    return { ...common, baseInterval: null, nextInterval: null, noise: 'not-judged', notJudged: why, failure: null };
  }
  const apart = bi[1] < ni[0] || ni[1] < bi[0];
  const noise: MetricNoise = apart ? 'beyond' : 'within';
  return { ...common, baseInterval: bi, nextInterval: ni, noise, failure: overThreshold && apart ? `${shown}, beyond its sampling error` : null };
};

/** Every compared metric both configs have, judged by its rule. */
export const compareMetrics = (base: ConfigResult, next: ConfigResult, thresholdPct: number): MetricChange[] =>
  COMPARED_METRICS.flatMap((metric) => judge(metric, base, next, thresholdPct) ?? []);
