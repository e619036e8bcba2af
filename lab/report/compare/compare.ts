// Two results of the same scenario side by side, for a CI gate: configs matched by id, the change
// in median run time, p99 and ops/s, and whether the median moved beyond the runs' noise.
//
// The noise test: the verified runs' total times of the two sides do not overlap (every new run
// slower than every base run, or every one faster). Each run is one sample; per-command
// latencies inside a run are not independent, so they are not samples. If both sides came from
// one distribution, the chance that m and n runs fall apart this way is 2 / C(m+n, m) (the
// smallest two-sided p of a Mann-Whitney U test): 0.10 for 3 against 3, 0.008 for 5 against 5.
// Above MAX_FALSE_ALARM the runs are too few to judge, and the config neither passes nor fails
// on speed. p99 comes from one histogram over all runs, so it has no per-run spread: its change
// is shown, never judged. ops/s is commands / median, so it moves with the median.
//
// The registry's compared metrics (request p50/p99, service p99, achieved rate) are judged too,
// each by its own rule (metric-change.ts).
//
// A config fails when its median got slower by more than the threshold and beyond the noise,
// when a compared metric got worse by its rule, or when it lost every verified run. A reconcile
// row fails when its verdict changed to UNSAFE, or a count of harm rose beyond its noise (row-counts.ts). A config or reconcile row on one side only fails
// unless missing ones are allowed (then it is listed as skipped). Two results with nothing in
// common are not a comparison: that throws E_COMPARE_NOTHING, so a gate cannot pass by accident.

import { LabError } from '../../errors/index.ts';
import { CONFIG_AXES, SELECTOR_AXES, runCounts, type ConfigResult, type LabResult, type Verdict } from '../../contracts/index.ts';
import { compareMetrics, type MetricChange } from './metric-change.ts';
import { compareRowCounts, type CountChange } from './row-counts.ts';

/** Highest chance of a false alarm at which the min-max test judges (3 runs against 3: 0.10). */
export const MAX_FALSE_ALARM = 0.1;

type Noise = 'beyond' | 'within' | 'too-few-runs';

export interface Change {
  base: number | null;
  next: number | null;
  /** (next - base) / base in percent; null when either side is missing or base is 0. */
  changePct: number | null;
}

export interface ConfigComparison {
  id: string;
  /** The new config's id when `match` paired it across an axis (else the same as id). */
  nextId: string;
  medianMs: Change;
  p99Us: Change;
  opsPerSec: Change;
  /** Verified run totals of each side, ms. */
  baseRunsMs: number[];
  nextRunsMs: number[];
  noise: Noise;
  /** 2 / C(m+n, m) for m and n verified runs; null when a side has none. */
  falseAlarmChance: number | null;
  /** The registry metrics compare judges, where both configs have them. */
  metrics: MetricChange[];
  /** Why this config fails the comparison (reasons joined by `; `), or null. */
  failure: string | null;
}

interface VerdictChange {
  id: string;
  base: Verdict;
  next: Verdict;
  /** Changed to UNSAFE. */
  fails: boolean;
}

export interface Comparison {
  thresholdPct: number;
  configs: ConfigComparison[];
  onlyInBase: string[];
  onlyInNew: string[];
  /** Reconcile rows whose verdict differs. */
  verdictChanges: VerdictChange[];
  /** Reconcile rows' counts of harm that differ (row-counts.ts). */
  countChanges: CountChange[];
  reconcileOnlyInBase: string[];
  reconcileOnlyInNew: string[];
  /** Configs and rows on one side only are skipped, not failed (`--allow-missing`). */
  allowMissing: boolean;
  pass: boolean;
}

export interface CompareOptions {
  /** Skip configs and reconcile rows present on one side only instead of failing them. */
  allowMissing?: boolean;
  /** What the two results are called in errors (their file names); default `base` and `new`. */
  names?: { base: string; next: string };
  /** Pair configs across one changed axis (`--match rtt=10ms->12ms`) instead of by id. */
  match?: AxisMatch;
}

/** One axis whose value differs between the sides: base configs at `from` pair with new ones at `to`, every other axis equal. */
export interface AxisMatch {
  selector: string;
  from: string;
  to: string;
}

/** Parses `--match <axis>=<from>-><to>` against the registry's selector axes. */
export const parseAxisMatch = (text: string): AxisMatch => {
  const m = /^([a-z]+)=(.+?)->(.+)$/.exec(text.trim());
  const axis = m === null ? undefined : SELECTOR_AXES.find((a) => a.selector === m[1]);
  if (m === null || axis === undefined || axis.value === undefined) {
    throw new LabError('E_USAGE', `--match expects <axis>=<base value>-><new value>, e.g. rtt=10ms->12ms, got "${text}"`, {
      hint: `axes: ${SELECTOR_AXES.filter((a) => a.value !== undefined).map((a) => a.selector).join(', ')}; values as the config ids write them`,
    });
  }
  return { selector: m[1] as string, from: m[2] as string, to: m[3] as string };
};

// A config's value on an axis, as its label writes it (`rtt=10ms`, or a bare workload or mode).
const axisValue = (label: string, selector: string): string => (label.startsWith(`${selector}=`) ? label.slice(selector.length + 1) : label);

const pairedAcross = (match: AxisMatch, b: ConfigResult, n: ConfigResult): boolean =>
  CONFIG_AXES.every((axis) => {
    if (axis.selector === match.selector) return axisValue(axis.label(b), match.selector) === match.from && axisValue(axis.label(n), match.selector) === match.to;
    return axis.label(b) === axis.label(n);
  });

const partnerOf = (b: ConfigResult, candidates: readonly ConfigResult[], match: AxisMatch | undefined): ConfigResult | undefined =>
  candidates.find((n) => (match === undefined ? n.id === b.id : pairedAcross(match, b, n)));

const change = (base: number | null | undefined, next: number | null | undefined): Change => ({
  base: base ?? null,
  next: next ?? null,
  changePct: base === null || base === undefined || next === null || next === undefined || base === 0 ? null : (100 * (next - base)) / base,
});

const binomial = (n: number, k: number): number => {
  let value = 1;
  for (let i = 1; i <= k; i++) value = (value * (n - k + i)) / i;
  return value;
};

/** The chance that m and n runs of one distribution fall into non-overlapping ranges: 2 / C(m+n, m). */
export const falseAlarmChance = (m: number, n: number): number | null => (m === 0 || n === 0 ? null : Math.min(1, 2 / binomial(m + n, m)));

// The runs a figure counts: verified, or completed on the redis-benchmark engine.
const verifiedTotals = (config: ConfigResult): number[] => config.runs.filter(runCounts).map((r) => r.totalMs);

const noiseOf = (base: number[], next: number[]): Noise => {
  const chance = falseAlarmChance(base.length, next.length);
  if (chance === null || chance > MAX_FALSE_ALARM) return 'too-few-runs';
  const apart = Math.min(...next) > Math.max(...base) || Math.max(...next) < Math.min(...base);
  return apart ? 'beyond' : 'within';
};

const compareConfig = (base: ConfigResult, next: ConfigResult, thresholdPct: number): ConfigComparison => {
  const baseRunsMs = verifiedTotals(base);
  const nextRunsMs = verifiedTotals(next);
  const medianMs = change(base.medianMs, next.medianMs);
  const noise = noiseOf(baseRunsMs, nextRunsMs);
  const slower = medianMs.changePct !== null && medianMs.changePct > thresholdPct && noise === 'beyond';
  const lostRuns = base.medianMs !== null && next.medianMs === null;
  const metrics = compareMetrics(base, next, thresholdPct);
  const reasons = [
    ...(lostRuns ? ['no verified run in the new result'] : []),
    ...(slower ? [`median ${medianMs.changePct?.toFixed(1)}% slower (threshold ${thresholdPct}%), every new run slower than every base run`] : []),
    ...metrics.flatMap((m) => m.failure ?? []),
  ];
  return {
    id: base.id,
    nextId: next.id,
    medianMs,
    p99Us: change(base.latencyUs?.p99, next.latencyUs?.p99),
    opsPerSec: change(base.opsPerSec, next.opsPerSec),
    baseRunsMs,
    nextRunsMs,
    noise,
    falseAlarmChance: falseAlarmChance(baseRunsMs.length, nextRunsMs.length),
    metrics,
    failure: reasons.length === 0 ? null : reasons.join('; '),
  };
};

const onlyIn = (a: readonly { id: string }[], b: readonly { id: string }[]): string[] =>
  a.filter((x) => !b.some((y) => y.id === x.id)).map((x) => x.id);

const SHOWN_IDS = 5;

const someIds = (ids: readonly string[]): string =>
  ids.length === 0 ? 'none' : `${ids.slice(0, SHOWN_IDS).join(', ')}${ids.length > SHOWN_IDS ? ` and ${ids.length - SHOWN_IDS} more` : ''}`;

const ids = (result: LabResult): string[] => [...result.configs.map((c) => c.id), ...(result.reconcile ?? []).map((r) => r.id)];

/**
 * Compares `next` with `base`; `thresholdPct` is the worsening that may fail (e.g. 10). Throws
 * E_COMPARE_NOTHING when the two share no config and no reconcile row.
 */
export const compareResults = (base: LabResult, next: LabResult, thresholdPct: number, options: CompareOptions = {}): Comparison => {
  if (!Number.isFinite(thresholdPct) || thresholdPct < 0) {
    throw new TypeError(`Expected \`thresholdPct\` to be a percentage >= 0, got \`${thresholdPct}\``);
  }
  const { match } = options;
  const configs = base.configs.flatMap((b) => {
    const n = partnerOf(b, next.configs, match);
    return n === undefined ? [] : [compareConfig(b, n, thresholdPct)];
  });
  const baseRows = base.reconcile ?? [];
  const nextRows = next.reconcile ?? [];
  if (configs.length === 0 && !baseRows.some((b) => nextRows.some((n) => n.id === b.id))) {
    const names = options.names ?? { base: 'base', next: 'new' };
    throw new LabError(
      'E_COMPARE_NOTHING',
      `${names.base} and ${names.next} have no config or reconcile row in common, so there is nothing to compare: ${names.base} has ${someIds(ids(base))}; ${names.next} has ${someIds(ids(next))}`,
      {
        hint: match === undefined
          ? 'compare matches configs by id: give two results of the same scenario (same workloads, modes and links), or pair them across one changed axis with --match (rtt=10ms->12ms).'
          : `--match ${match.selector}=${match.from}->${match.to} pairs a base config at ${match.selector}=${match.from} with a new one at ${match.selector}=${match.to} whose every other axis is the same: check both values as the config ids write them.`,
      },
    );
  }
  const verdictChanges = baseRows.flatMap((b): VerdictChange[] => {
    const n = nextRows.find((r) => r.id === b.id);
    return n === undefined || n.verdict === b.verdict ? [] : [{ id: b.id, base: b.verdict, next: n.verdict, fails: n.verdict === 'UNSAFE' }];
  });
  const countChanges = compareRowCounts(baseRows, nextRows, thresholdPct);
  const allowMissing = options.allowMissing === true;
  const missing = {
    onlyInBase: base.configs.filter((b) => !configs.some((c) => c.id === b.id)).map((b) => b.id),
    onlyInNew: next.configs.filter((n) => !configs.some((c) => c.nextId === n.id)).map((n) => n.id),
    reconcileOnlyInBase: onlyIn(baseRows, nextRows),
    reconcileOnlyInNew: onlyIn(nextRows, baseRows),
  };
  const complete = allowMissing || Object.values(missing).every((list) => list.length === 0);
  return {
    thresholdPct,
    configs,
    ...missing,
    verdictChanges,
    countChanges,
    allowMissing,
    pass: complete && configs.every((c) => c.failure === null) && verdictChanges.every((v) => !v.fails) && countChanges.every((c) => c.failure === null),
  };
};
