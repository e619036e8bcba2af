// The figures a threshold can bound, how each is written and which unit its value takes, and
// reading the bound itself (durations and sizes need units; counts and ratios are plain).

import type { ReconcileMetric, ThresholdMetric, ThresholdOp } from '../contracts/index.ts';
import { durationIn, parseDuration } from './units.ts';
import { parseSize } from './sizes.ts';
import type { Parsed } from './threshold-context.ts';

/** `ms`, `us`: a duration in that unit; `bytes`: a size; `rate`, `ratio`: plain numbers; `count`: a whole number. */
export type MetricUnit = 'ms' | 'us' | 'rate' | 'count' | 'ratio' | 'bytes';

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
  errors: { metric: 'errors', unit: 'count' },
  ratio: { metric: 'modelRatio', unit: 'ratio' },
  rss: { metric: 'clientPeakRssBytes', unit: 'bytes' },
  heap: { metric: 'clientPeakHeapBytes', unit: 'bytes' },
};

export const METRICS_HINT =
  'metrics: median, min, max (total run time); p(50), p(90), p(99), p(99.9), max-latency (per-command latency); ops/s; ' +
  'errors (failed runs); ratio (median / model); rss, heap (client peak memory, a size)';

export const RECONCILE_METRICS: readonly ReconcileMetric[] = ['lost', 'duplicated', 'indeterminate', 'unexpected', 'applied', 'acknowledged'];
export const RECONCILE_METRICS_HINT =
  `after "policy <name>:" write SAFE, UNSAFE, or a count: ${RECONCILE_METRICS.join(', ')} ` +
  'with <, <=, >, >= or ==, e.g. "policy none: duplicated == 0"';

export const OPS: readonly ThresholdOp[] = ['<', '<=', '>', '>=', '=='];
export const OP_PATTERN = /<=|>=|=<|=>|==|!=|<|>/;
export const OPS_HINT = 'use <, <=, >, >= or ==';

/** Comparisons people write that are not valid, with the one they probably meant. */
export const OP_FIXES: Readonly<Record<string, string>> = {
  '=<': 'use <=',
  '=>': 'use >=',
  '!=': `a threshold is a bound or an equality: ${OPS_HINT}`,
};

const EXAMPLES: Record<Exclude<MetricUnit, 'ms' | 'us' | 'bytes'>, { shape: RegExp; what: string; example: string }> = {
  rate: { shape: /^\d[\d_]*(?:\.\d+)?$/, what: 'a plain number', example: '"ops/s > 50000"' },
  count: { shape: /^\d[\d_]*$/, what: 'a whole number', example: '"errors == 0"' },
  ratio: { shape: /^(?:\d+(?:\.\d*)?|\.\d+)$/, what: 'a plain number (measured / model)', example: '"ratio < 1.5"' },
};

/** The bound of `metric`, in its unit; `index` is where the value starts in the threshold text. */
export const readBound = (metric: string, valueText: string, index: number): Parsed<number> => {
  const spec = METRICS[metric];
  const span = { index, text: valueText };
  if (spec === undefined) return { problems: [] };
  if (valueText === '') return { problems: [{ message: 'no value after the comparison', hint: 'e.g. "median < 60ms"', span }] };
  if (spec.unit === 'ms' || spec.unit === 'us') {
    const parsed = parseDuration(valueText);
    if (!parsed.ok) return { problems: [{ message: `${metric} is a duration: ${parsed.problem}`, hint: parsed.hint, span }] };
    if (parsed.duration.negative) return { problems: [{ message: `"${valueText}" is negative`, hint: 'durations are 0 or more', span }] };
    return { value: durationIn(parsed.duration, spec.unit).value, problems: [] };
  }
  if (spec.unit === 'bytes') {
    const parsed = parseSize(valueText);
    if (!parsed.ok) return { problems: [{ message: `${metric} is a size: ${parsed.problem}`, hint: parsed.hint, span }] };
    return { value: parsed.bytes, problems: [] };
  }
  const rule = EXAMPLES[spec.unit];
  if (rule.shape.test(valueText)) return { value: Number(valueText.replaceAll('_', '')), problems: [] };
  return { problems: [{ message: `${metric} takes ${rule.what}, got "${valueText}"`, hint: `e.g. ${rule.example}`, span }] };
};
