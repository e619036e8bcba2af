// The rate an SLO allows (issue 26), the search's arithmetic: which rate to probe next, given the
// probes so far, and what a probe's config says about the objective. Pure: the runner runs each
// probe (one ordinary open-loop run of the config) and asks again. docs/slo-search.md.
//
// Bracket: from the first rate, double while the objective is met, halve while it is not, until a
// met rate sits below a missed one. Bisect: probe the geometric mean of the two (rates are judged
// as ratios), until they are within `within` of each other. A saturated probe never meets the
// objective (the rate is past what the system keeps up with, whatever a short probe's percentiles
// say), so the bracket stops rising at the first one; when it achieved a rate inside the bracket,
// that rate is probed next (a saturated run's achieved rate is about its capacity).

import { SLO_DEFAULTS, configMetricByKey, runCounts, type ConfigResult, type SloProbe, type SloSearch, type SloSearchOptions, type ThresholdOp } from '../contracts/index.ts';

/** The next rate to probe, or why the search is over. */
type SloStep = { ratePerSec: number } | { stopped: string };

const perSec = (rate: number): string => `${Number(rate.toPrecision(4))}/s`;

// Rates as probed: 4 significant figures, never below the floor or above the ceiling.
const rateOf = (rate: number, options: Pick<SloSearchOptions, 'maxPerSec'>): number =>
  Math.min(options.maxPerSec, Math.max(SLO_DEFAULTS.minPerSec, Number(rate.toPrecision(4))));

const holds = (actual: number, op: ThresholdOp, bound: number): boolean =>
  op === '<' ? actual < bound : op === '<=' ? actual <= bound : op === '>' ? actual > bound : op === '>=' ? actual >= bound : actual === bound;

/** A probe's figures from its config result: the objective's metric, achieved rate and saturation. */
export const sloProbeOf = (options: Pick<SloSearchOptions, 'metric' | 'op' | 'value'>, ratePerSec: number, config: ConfigResult): SloProbe => {
  const actual = configMetricByKey(options.metric)?.read(config) ?? null;
  const saturated = config.saturation?.saturated ?? false;
  return {
    offeredPerSec: ratePerSec,
    achievedPerSec: config.schedule?.achievedPerSec ?? null,
    actual,
    saturated,
    met: actual !== null && !saturated && holds(actual, options.op, options.value),
    verifiedRuns: config.runs.filter(runCounts).length,
    runs: config.runs.length,
  };
};

/** The bracket the probes so far make: the lowest rate that missed, and the highest met below it. */
const sloBracket = (probes: readonly SloProbe[]): { met: SloProbe | undefined; missed: SloProbe | undefined } => {
  const missed = probes.filter((p) => !p.met).sort((a, b) => a.offeredPerSec - b.offeredPerSec)[0];
  const met = probes.filter((p) => p.met && (missed === undefined || p.offeredPerSec < missed.offeredPerSec)).sort((a, b) => b.offeredPerSec - a.offeredPerSec)[0];
  return { met, missed };
};

// A saturated miss's achieved rate, when it lies inside the bracket and apart from both ends.
const achievedInside = (missed: SloProbe, low: number, within: number, probes: readonly SloProbe[]): number | undefined => {
  const a = missed.achievedPerSec;
  if (!missed.saturated || a === null || !(a > low * (1 + within)) || !(a * (1 + within) < missed.offeredPerSec)) return undefined;
  return probes.some((p) => Math.abs(p.offeredPerSec - a) <= a * within) ? undefined : a;
};

/** The next rate to probe (the first: `startPerSec`), or why the search stops. */
export const nextSloProbe = (options: SloSearchOptions, startPerSec: number, probes: readonly SloProbe[]): SloStep => {
  if (probes.length === 0) return { ratePerSec: rateOf(startPerSec, options) };
  const { met, missed } = sloBracket(probes);
  const { within } = options;
  if (met !== undefined && missed !== undefined && missed.offeredPerSec <= met.offeredPerSec * (1 + within)) {
    return { stopped: `bracketed: met at ${perSec(met.offeredPerSec)}, missed at ${perSec(missed.offeredPerSec)} (within ${Math.round(within * 100)} %)` };
  }
  if (probes.length >= options.maxProbes) return { stopped: `probe limit: ${options.maxProbes} probes` };
  if (missed === undefined) {
    const top = met?.offeredPerSec ?? startPerSec;
    if (top >= options.maxPerSec) return { stopped: `met up to the ceiling of ${perSec(options.maxPerSec)}` };
    return { ratePerSec: rateOf(top * SLO_DEFAULTS.factor, options) };
  }
  const low = met?.offeredPerSec ?? 0;
  const inside = achievedInside(missed, low, within, probes);
  if (inside !== undefined) return { ratePerSec: rateOf(inside, options) };
  if (met === undefined) {
    if (missed.offeredPerSec <= SLO_DEFAULTS.minPerSec) return { stopped: `not met even at ${perSec(missed.offeredPerSec)}` };
    return { ratePerSec: rateOf(missed.offeredPerSec / SLO_DEFAULTS.factor, options) };
  }
  const next = rateOf(Math.sqrt(met.offeredPerSec * missed.offeredPerSec), options);
  // Rounding can land on an end: the bracket is as narrow as rates are written.
  if (next <= met.offeredPerSec || next >= missed.offeredPerSec) return { stopped: `bracketed: met at ${perSec(met.offeredPerSec)}, missed at ${perSec(missed.offeredPerSec)}` };
  return { ratePerSec: next };
};

/** The search's outcome from its probes and why it stopped. */
export const sloSearchOf = (options: SloSearchOptions, probes: readonly SloProbe[], stopped: string): SloSearch => {
  const { met, missed } = sloBracket(probes);
  return {
    objective: options.objective,
    metric: options.metric,
    op: options.op,
    value: options.value,
    ...(options.writtenUnit === undefined ? {} : { writtenUnit: options.writtenUnit }),
    probes: [...probes],
    foundPerSec: met?.offeredPerSec ?? null,
    missedPerSec: missed?.offeredPerSec ?? null,
    stopped,
  };
};
