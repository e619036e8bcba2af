// The figures a threshold can bound, how each is written and which unit its value takes.

import type { ThresholdMetric, ThresholdOp } from './types.ts';

/** `ms` and `us`: a duration converted to that unit; `rate`: a plain number of ops/s. */
export type MetricUnit = 'ms' | 'us' | 'rate';

export const METRICS: Readonly<Record<string, { metric: ThresholdMetric; unit: MetricUnit }>> = {
  median: { metric: 'medianMs', unit: 'ms' },
  min: { metric: 'minMs', unit: 'ms' },
  max: { metric: 'maxMs', unit: 'ms' },
  'p(50)': { metric: 'p50Us', unit: 'us' },
  'p(90)': { metric: 'p90Us', unit: 'us' },
  'p(99)': { metric: 'p99Us', unit: 'us' },
  'p(99.9)': { metric: 'p999Us', unit: 'us' },
  'max-latency': { metric: 'maxUs', unit: 'us' },
  'ops/s': { metric: 'opsPerSec', unit: 'rate' },
};

export const METRICS_HINT =
  'metrics: median, min, max (total run time); p(50), p(90), p(99), p(99.9), max-latency (per-command latency); ops/s';

export const OPS: readonly ThresholdOp[] = ['<', '<=', '>', '>='];

/** Comparisons people write that are not valid, with the one they probably meant. */
export const OP_FIXES: Readonly<Record<string, string>> = {
  '=<': 'use <=',
  '=>': 'use >=',
  '==': 'a threshold is a bound: use <, <=, > or >=',
  '!=': 'a threshold is a bound: use <, <=, > or >=',
};
