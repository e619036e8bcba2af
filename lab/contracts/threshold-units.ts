// A threshold's figures in the unit it was written in: "p(99) < 20ms" bounds a metric kept in µs
// (its key, p99Us, says so), and its bound and every actual it checked read back in ms. The
// result keeps the metric's unit; only how a figure is shown follows the writing.

import { configMetricByKey, reconcileMetricByName } from './registry.ts';
import type { DurationUnit, ThresholdResult } from './result.ts';

const US_PER: Record<DurationUnit, number> = { us: 1, ms: 1000, s: 1_000_000 };

/** A figure of `threshold` (its bound or an actual, in the metric's unit) in the unit the
 * threshold was written in; undefined when the metric is not a duration or was written in its own unit. */
export const inWrittenUnit = (threshold: Pick<ThresholdResult, 'metric' | 'writtenUnit'>, value: number): { value: number; unit: DurationUnit } | undefined => {
  const own = configMetricByKey(threshold.metric)?.unit ?? reconcileMetricByName(threshold.metric)?.unit;
  const written = threshold.writtenUnit;
  if (written === undefined || (own !== 'us' && own !== 'ms') || own === written) return undefined;
  return { value: (value * US_PER[own]) / US_PER[written], unit: written };
};
