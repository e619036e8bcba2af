// The rate an SLO allows (issue 26): an open-loop config whose `arrival:` has `slo:` runs a search
// on its offered rate instead of one schedule. Each probe is one ordinary open-loop run of the
// config at one rate; the search brackets the rate geometrically, bisects the bracket, and stops
// once the bracket is narrow enough, the probes run out or nothing meets the objective.
// docs/slo-search.md. Plain data.

import type { ThresholdMetric } from './registry.ts';
import type { DurationUnit } from './result.ts';
import type { ThresholdOp } from './scenario.ts';

/** What a search is after: `request p(99) < 50ms` as a bound on one config metric, and when to stop. */
export interface SloSearchOptions {
  /** The objective as written (`request p(99) < 50ms`). */
  objective: string;
  /** The config metric it bounds (registry key, e.g. `requestP99Us`), the comparison and the bound in that metric's unit. */
  metric: ThresholdMetric;
  op: ThresholdOp;
  value: number;
  /** The unit the bound was written in, when it differs from the metric's (figures are shown in it). */
  writtenUnit?: DurationUnit;
  /** The search stops once the highest rate meeting the objective and the lowest missing it are
   * within this fraction of each other (0.05: 5 %). */
  within: number;
  /** Most probes (runs at one rate) one search makes. */
  maxProbes: number;
  /** Highest offered rate tried, requests/s. */
  maxPerSec: number;
}

/** Defaults of `slo:`: a bracket factor of 2, a 5 % resolution, at most 16 probes. */
export const SLO_DEFAULTS = { factor: 2, within: 0.05, maxProbes: 16, minPerSec: 1 } as const;

/** One rate the search tried, with the figures that judged it. */
export interface SloProbe {
  offeredPerSec: number;
  /** Requests completed per second (median over the probe's runs); null: no run. */
  achievedPerSec: number | null;
  /** The objective's metric at this rate, in the metric's unit; null: not measured (no verified run). */
  actual: number | null;
  saturated: boolean;
  /** The objective held, the figure was measured and the config kept up (a saturated rate never meets it). */
  met: boolean;
  /** Runs at this rate that verified, and all runs at it. */
  verifiedRuns: number;
  runs: number;
  /** A miss is run again once before the search believes it (one stalled probe on a busy machine
   * must not collapse the bracket): the first try's figures when the second met the
   * objective (this probe is the second), absent when the first try decided. */
  firstTry?: { actual: number | null; saturated: boolean };
}

/** One search's outcome, on the config it searched (its other figures are those of the rate found). */
export interface SloSearch {
  objective: string;
  metric: ThresholdMetric;
  op: ThresholdOp;
  value: number;
  writtenUnit?: DurationUnit;
  /** The rates tried, in the order they ran. */
  probes: SloProbe[];
  /** The highest rate that met the objective below the lowest that missed it; null: none met it. */
  foundPerSec: number | null;
  /** The lowest rate above it that missed it; null: none did (the search hit its ceiling or its probe limit). */
  missedPerSec: number | null;
  /** Why the search stopped, in words. */
  stopped: string;
}
