// The thresholds block: each `expect:` line with its verdict and the figure of every config
// (or reconcile row) it checked, each figure with its unit.

import type { ThresholdResult } from '../contracts/index.ts';
import { paint, verdict } from './ansi.ts';
import { formatBytes, formatCount, formatMs, formatOps, formatRatio } from './format.ts';

type Metric = ThresholdResult['metric'];

const RECONCILE_METRICS: ReadonlySet<string> = new Set(['lost', 'duplicated', 'indeterminate', 'unexpected', 'applied', 'acknowledged']);

// The unit a metric's name carries (reconcile counts are operations; errors are failed runs).
const unitOf = (metric: Metric): string => {
  if (metric === 'opsPerSec') return 'ops/s';
  if (metric === 'modelRatio') return '×';
  if (metric === 'errors') return 'failed runs';
  if (RECONCILE_METRICS.has(metric)) return 'ops';
  if (metric.endsWith('Us')) return 'µs';
  if (metric.endsWith('Bytes')) return 'bytes';
  return 'ms';
};

// A figure with its unit, formatted like the tables above.
const withUnit = (metric: Metric, value: number): string => {
  if (metric === 'opsPerSec') return `${formatOps(value)} ops/s`;
  if (metric === 'modelRatio') return formatRatio(value);
  if (metric.endsWith('Bytes')) return formatBytes(value);
  if (metric.endsWith('Us')) return `${Math.round(value)} µs`;
  if (metric.endsWith('Ms')) return `${formatMs(value)} ms`;
  return `${formatCount(value)} ${unitOf(metric)}`;
};

// The bound as written: "< 60 ms", "== 0 ops", "== SAFE" (verdict bounds are 1 SAFE, 0 UNSAFE).
const boundText = (t: ThresholdResult): string => {
  if (t.metric === 'verdict') return `${t.op} ${t.value === 1 ? 'SAFE' : 'UNSAFE'}`;
  if (t.metric === 'modelRatio') return `${t.op} ${formatRatio(t.value)}`;
  return `${t.op} ${t.value} ${unitOf(t.metric)}`;
};

const figureText = (metric: Metric, actual: number | string | null): string => {
  if (actual === null) return 'n/a (no verified run)';
  return `${metric} ${typeof actual === 'string' ? actual : withUnit(metric, actual)}`;
};

// One indented line per checked config: its figure against the bound.
const checkedLines = (result: ThresholdResult, color: boolean): string[] => {
  if (result.checked.length === 0) {
    return [paint('        nothing matched (a threshold that selects nothing fails)', 'fail', color)];
  }
  const idWidth = Math.max(...result.checked.map((c) => c.configId.length));
  const bound = boundText(result);
  return result.checked.map(
    (c) =>
      `        ${c.configId.padEnd(idWidth)}  ${figureText(result.metric, c.actual)} ${paint(bound, 'dim', color)}  ${paint(c.pass ? 'ok' : 'FAIL', c.pass ? 'pass' : 'fail', color)}`,
  );
};

export const renderThresholds = (thresholds: readonly ThresholdResult[], color: boolean): string[] => {
  const title = paint('Thresholds', 'bold', color);
  if (thresholds.length === 0) return [title, '  none'];
  return [
    title,
    ...thresholds.flatMap((t) => [`  ${verdict(t.pass, color)}  ${t.source}`, ...checkedLines(t, color)]),
  ];
};
