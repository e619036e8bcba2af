// Noise warnings: two configs that differ in one axis only are compared by their medians, and
// the difference is not a finding when their run-to-run spreads (min to max) overlap: some run
// of the faster config was then slower than some run of the slower one, so the spread is larger
// than the difference being read. (Comparing the difference with the width of the spread alone
// flags clear results whose spread holds one slow outlier, e.g. a GC pause.) Pure: it reads
// ConfigResult figures and returns sentences for the result's `warnings`.

import { configMode, modeLabel, type ConfigResult } from '../contracts/index.ts';

/** At most this many pair warnings are listed; the rest are counted in one closing line. */
export const MAX_SPREAD_WARNINGS = 10;

// The axes a matrix varies, each as a comparable string (workload is not one: only configs of
// the same workload are compared).
const AXES: readonly ((c: ConfigResult) => string)[] = [
  (c) => modeLabel(configMode(c)),
  (c) => String(c.rttMs),
  (c) => String(c.jitterMs),
  (c) => `${c.bandwidth.upKBps}/${c.bandwidth.downKBps}`,
  (c) => String(c.connections),
  (c) => (c.valueBytes === null ? 'none' : `${c.valueBytes.min}-${c.valueBytes.max}`),
  (c) => String(c.commands),
  (c) => c.link,
];

const differInOneAxis = (a: ConfigResult, b: ConfigResult): boolean =>
  a.workload === b.workload && AXES.filter((axis) => axis(a) !== axis(b)).length === 1;

// Two ms figures, rounded to as few significant digits (at least two) as keeps them apart.
const formatPairMs = (x: number, y: number): [string, string] => {
  const at = (v: number, digits: number) => (v >= 10 ** digits ? v.toFixed(0) : String(Number(v.toPrecision(digits))));
  let digits = 2;
  while (digits < 6 && at(x, digits) === at(y, digits)) digits++;
  return [at(x, digits), at(y, digits)];
};

// A spread's ends: three significant digits, whole ms from 1000 up.
const threeDigits = (v: number): string => (v >= 1000 ? v.toFixed(0) : String(Number(v.toPrecision(3))));

interface Figures {
  medianMs: number;
  minMs: number;
  maxMs: number;
}

const figuresOf = (c: ConfigResult): Figures | null =>
  c.medianMs === null || c.minMs === null || c.maxMs === null ? null : { medianMs: c.medianMs, minMs: c.minMs, maxMs: c.maxMs };

const overlap = (a: Figures, b: Figures): boolean => a.minMs <= b.maxMs && b.minMs <= a.maxMs;

// Pairs the scenario itself expects to be equal within their noise are not news: the same work
// in the same mode on two links, where the RTT model's predictions differ by less than the wider
// of the two spreads (pipeline:256 at rtt 0 and 1 ms: 2 waits x 1 ms apart). Pairs of modes are
// always compared: the model does not predict one mode from another.
const expectedEqual = (a: ConfigResult, b: ConfigResult, fa: Figures, fb: Figures): boolean => {
  if (modeLabel(configMode(a)) !== modeLabel(configMode(b)) || a.modelMs === null || b.modelMs === null) return false;
  return Math.abs(a.modelMs - b.modelMs) < Math.max(fa.maxMs - fa.minMs, fb.maxMs - fb.minMs);
};

/**
 * A warning for every pair of configs (same workload, one axis apart, both with a verified
 * median) whose min-max spreads overlap, unless the RTT model expects them equal; at most
 * MAX_SPREAD_WARNINGS, then one line saying how many more.
 */
export const spreadWarnings = (configs: readonly ConfigResult[]): string[] => {
  const warnings: string[] = [];
  let more = 0;
  for (let i = 0; i < configs.length; i++) {
    const a = configs[i] as ConfigResult;
    const fa = figuresOf(a);
    if (fa === null) continue;
    for (let j = i + 1; j < configs.length; j++) {
      const b = configs[j] as ConfigResult;
      const fb = figuresOf(b);
      if (fb === null || !differInOneAxis(a, b)) continue;
      if (!overlap(fa, fb) || expectedEqual(a, b, fa, fb)) continue;
      if (warnings.length === MAX_SPREAD_WARNINGS) {
        more++;
        continue;
      }
      const [ma, mb] = formatPairMs(fa.medianMs, fb.medianMs);
      const range = (f: Figures) => `${threeDigits(f.minMs)}-${threeDigits(f.maxMs)}`;
      warnings.push(
        `${a.id} vs ${b.id}: medians ${ma} vs ${mb} ms, but their min-max spreads overlap (${range(fa)} vs ${range(fb)} ms): the difference is within noise`,
      );
    }
  }
  if (more > 0) warnings.push(`and ${more} more pair${more === 1 ? '' : 's'} of configs whose min-max spreads overlap`);
  return warnings;
};
