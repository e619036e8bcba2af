// The registry metrics `compare` judges beyond the median (those with a `compare` entry), each by
// the rule its entry names (docs/compare.md, "Noise rules"). A metric fails only when it got worse
// by more than the threshold AND its rule says the change is beyond noise:
//
// - percentile: the noise is the percentile's spread, read from the best evidence the results
//   hold, in this order:
//   1. runs: each verified run's own percentile (3 or more a side). Beyond noise when the two
//      sides' per-run values do not overlap (every new run worse than every base run): with
//      nothing changed, the chance of that is 2 / C(m+n, m), 0.10 at 3 against 3 (the median's
//      test, compare.ts).
//   2. windows: open-loop windows paired by their start (5 or more pairs with the figure on both
//      sides). Beyond noise when the window is worse by more than the threshold in so many pairs
//      that a fair coin would reach that count with chance 5 % or less (a one-sided sign test).
//      A load burst moves a window or two; a real change moves most of them.
//   3. sampling error: a percentile over n samples sits at rank p·n; its distribution-free 83 %
//      interval (z = 1.39) is read from the HDR histogram, clamped to the max, and the change
//      counts when the two sides' intervals do not overlap (Goldstein and Healy 1995: about 5 %
//      when nothing changed). The samples of one run are not independent, so this is a floor on
//      the noise, not its spread: it is used only where the result holds neither runs nor windows.
//      Fewer than 1/(1-p) samples (100 for p99) or no histogram: not judged.
// - total: a figure over a whole run (achieved rate: requests completed over the span), a count
//   of thousands of events rather than a tail sample: worse by more than the threshold fails.
// - step: a rate read off a ramp's windows (its knee): worse by more than the threshold and by
//   more than one window's step of the ramp (the figure's resolution).
// - flag: 0 or 1 (saturated): a change in the worse direction fails.

import { CONFIG_METRICS, type ConfigMetric, type ConfigResult, type LatencySummaryUs, type MetricComparison } from '../../contracts/index.ts';
import { decodeLatency, valueAtPercentileUs } from '../../metrics/index.ts';

/** z of each side's two-sided 83 % interval: non-overlap of two is a test at about 5 %. */
const PERCENTILE_Z = 1.39;

/** The noise rules' limits: runs a side for the runs' spread, paired windows for theirs, and the windows' sign test level. */
export const NOISE_LIMITS = { minRuns: 3, minWindows: 5, windowTestLevel: 0.05 } as const;

type MetricNoise = 'beyond' | 'within' | 'not-judged';

/** Which evidence decided a metric's noise. */
type NoiseBasis = 'runs' | 'windows' | 'sampling-error' | 'threshold' | 'step' | 'flag';

export interface MetricChange {
  /** As thresholds write it: `request p(99)`. */
  name: string;
  unit: ConfigMetric['unit'];
  base: number;
  next: number;
  /** (next - base) / base in percent; null when base is 0. */
  changePct: number | null;
  rule: MetricComparison['rule'];
  basis: NoiseBasis;
  /** Each side's spread in `unit` (runs: min-max; sampling error: the 83 % interval); null for other bases. */
  baseInterval: [number, number] | null;
  nextInterval: [number, number] | null;
  /** The evidence in words (`worse in 7 of 8 windows, 7 needed`, `step 100/s`). */
  evidence: string;
  noise: MetricNoise;
  /** Why the metric was not judged, when it was not. */
  notJudged?: string;
  /** Why it fails, or null. */
  failure: string | null;
}

type Judged = ConfigMetric & { compare: MetricComparison };
/** A percentile and where its evidence is read on a config or a reconcile row. */
export interface PercentileSource<T> {
  percentile: number;
  summary: (x: T) => LatencySummaryUs | null | undefined;
  perRun?: (x: T) => readonly number[] | undefined;
  perWindow?: (x: T) => readonly { startMs: number; value: number | null }[] | undefined;
}

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

const binomial = (n: number, k: number): number => {
  let value = 1;
  for (let i = 1; i <= k; i++) value = (value * (n - k + i)) / i;
  return value;
};

/** The fewest of n paired windows that must be worse for a one-sided sign test at `level`: P(Bin(n, 1/2) >= k) <= level. */
export const windowsNeeded = (n: number, level: number = NOISE_LIMITS.windowTestLevel): number | null => {
  let tail = 0;
  for (let k = n; k >= 0; k--) {
    const next = tail + binomial(n, k) / 2 ** n;
    if (next > level) return k === n ? null : k + 1;
    tail = next;
  }
  return 0;
};

const changePct = (base: number, next: number): number | null => (base === 0 ? null : (100 * (next - base)) / base);

const worseBy = (worse: 'higher' | 'lower', pct: number | null): number | null => (pct === null ? null : worse === 'higher' ? pct : -pct);

const spanOf = (values: readonly number[]): [number, number] => [Math.min(...values), Math.max(...values)];

type Verdict = Pick<MetricChange, 'basis' | 'baseInterval' | 'nextInterval' | 'evidence' | 'noise' | 'notJudged'> & { worseBeyond: boolean };

// Rule 1: the per-run percentiles of the two sides do not overlap.
const byRuns = <T>(rule: PercentileSource<T>, base: T, next: T): Verdict | undefined => {
  const b = rule.perRun?.(base) ?? [];
  const n = rule.perRun?.(next) ?? [];
  if (b.length < NOISE_LIMITS.minRuns || n.length < NOISE_LIMITS.minRuns) return undefined;
  const [bLow, bHigh] = spanOf(b);
  const [nLow, nHigh] = spanOf(n);
  const worseBeyond = nLow > bHigh;
  const apart = worseBeyond || nHigh < bLow;
  const chance = Math.min(1, 2 / binomial(b.length + n.length, b.length));
  return {
    basis: 'runs', baseInterval: [bLow, bHigh], nextInterval: [nLow, nHigh], noise: apart ? 'beyond' : 'within', worseBeyond,
    evidence: `${b.length}v${n.length} runs ${apart ? 'apart' : 'overlap'} (chance ${chance.toFixed(3)})`,
  };
};

// Rule 2: the windows paired by start, worse by more than the threshold in enough of them.
const byWindows = <T>(rule: PercentileSource<T>, base: T, next: T, thresholdPct: number): Verdict | undefined => {
  const b = rule.perWindow?.(base) ?? [];
  const n = rule.perWindow?.(next) ?? [];
  const pairs = b.flatMap((w) => {
    const other = n.find((x) => x.startMs === w.startMs);
    return w.value === null || other === undefined || other.value === null || w.value === 0 ? [] : [[w.value, other.value] as const];
  });
  if (pairs.length < NOISE_LIMITS.minWindows) return undefined;
  const needed = windowsNeeded(pairs.length) as number;
  const worse = pairs.filter(([x, y]) => y > x * (1 + thresholdPct / 100)).length;
  const better = pairs.filter(([x, y]) => x > y * (1 + thresholdPct / 100)).length;
  const worseBeyond = worse >= needed;
  return {
    basis: 'windows', baseInterval: null, nextInterval: null, noise: worseBeyond || better >= needed ? 'beyond' : 'within', worseBeyond,
    evidence: `worse by >${thresholdPct}% in ${worse} of ${pairs.length} windows (${needed} needed)`,
  };
};

// Rule 3: the sampling error of the whole-run percentile.
const bySamplingError = <T>(rule: PercentileSource<T>, base: T, next: T): Verdict => {
  const bi = interval(rule.summary(base), rule.percentile);
  const ni = interval(rule.summary(next), rule.percentile);
  if (!Array.isArray(bi) || !Array.isArray(ni)) {
    const why = !Array.isArray(bi) ? `base: ${bi.why}` : `new: ${(ni as { why: string }).why}`;
    return { basis: 'sampling-error', baseInterval: null, nextInterval: null, noise: 'not-judged', notJudged: why, worseBeyond: false, evidence: '' };
  }
  const worseBeyond = bi[1] < ni[0];
  return {
    basis: 'sampling-error', baseInterval: bi, nextInterval: ni, noise: worseBeyond || ni[1] < bi[0] ? 'beyond' : 'within', worseBeyond,
    evidence: '83% intervals',
  };
};

/** The percentile rule's evidence (runs, else windows, else sampling error) on two configs or two rows. */
export const percentileVerdict = <T>(rule: PercentileSource<T>, base: T, next: T, thresholdPct: number): Verdict =>
  byRuns(rule, base, next) ?? byWindows(rule, base, next, thresholdPct) ?? bySamplingError(rule, base, next);

export const BEYOND_WORDS: Record<NoiseBasis, string> = {
  runs: 'every new run worse than every base run',
  windows: 'worse in most windows',
  'sampling-error': 'beyond its sampling error',
  threshold: '',
  step: 'more than one window step of the ramp',
  flag: '',
};

const judge = (metric: Judged, base: ConfigResult, next: ConfigResult, thresholdPct: number): MetricChange | null => {
  const rule = metric.compare;
  const b = metric.read(base) ?? (rule.rule === 'step' ? rule.bound(base) : null);
  const n = metric.read(next) ?? (rule.rule === 'step' ? rule.bound(next) : null);
  if (b === null || n === null) return null;
  const pct = changePct(b, n);
  const worse = worseBy(rule.worse, pct);
  const overThreshold = worse !== null && worse > thresholdPct;
  const common = { name: metric.name, unit: metric.unit, base: b, next: n, changePct: pct, rule: rule.rule };
  const shown = `${metric.name} ${pct !== null && pct >= 0 ? '+' : ''}${pct?.toFixed(1)}% (threshold ${thresholdPct}%)`;
  if (rule.rule === 'total') {
    return { ...common, basis: 'threshold', baseInterval: null, nextInterval: null, evidence: 'a whole-run figure', noise: 'beyond', failure: overThreshold ? shown : null };
  }
  if (rule.rule === 'flag') {
    const turned = rule.worse === 'higher' ? n > b : n < b;
    return { ...common, basis: 'flag', baseInterval: null, nextInterval: null, evidence: 'a mark', noise: 'beyond', failure: turned ? `${metric.name} ${b} → ${n}` : null };
  }
  if (rule.rule === 'step') {
    const steps = [rule.step(base), rule.step(next)].filter((s): s is number => s !== null);
    const step = steps.length === 0 ? 0 : Math.max(...steps);
    const beyondStep = Math.abs(n - b) > step;
    const seen = (v: number, c: ConfigResult) => (metric.read(c) === null ? `none up to ${v.toFixed(0)}/s` : `${v.toFixed(0)}/s`);
    return {
      ...common, basis: 'step', baseInterval: null, nextInterval: null, evidence: `step ${step.toFixed(0)}/s`, noise: beyondStep ? 'beyond' : 'within',
      failure: overThreshold && beyondStep ? `${metric.name} ${seen(b, base)} → ${seen(n, next)}, ${shown.slice(metric.name.length + 1)}, ${BEYOND_WORDS.step}` : null,
    };
  }
  const { worseBeyond, ...verdict } = percentileVerdict(rule, base, next, thresholdPct);
  return { ...common, ...verdict, failure: overThreshold && worseBeyond ? `${shown}, ${BEYOND_WORDS[verdict.basis]}` : null };
};

/** Every compared metric both configs have, judged by its rule. */
export const compareMetrics = (base: ConfigResult, next: ConfigResult, thresholdPct: number): MetricChange[] =>
  COMPARED_METRICS.flatMap((metric) => judge(metric, base, next, thresholdPct) ?? []);
