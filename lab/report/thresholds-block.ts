// The thresholds block: each `expect:` line with its verdict and the figure of every config it checked.

import type { ThresholdResult } from '../run/result.ts';
import type { ThresholdMetric } from '../scenario/types.ts';
import { paint, verdict } from './ansi.ts';
import { formatMs, formatOps } from './format.ts';

// The unit a metric's name carries.
const unitOf = (metric: ThresholdMetric): string =>
  metric === 'opsPerSec' ? 'ops/s' : metric.endsWith('Us') ? 'µs' : 'ms';

// A measured figure with its unit, formatted like the tables above.
const withUnit = (metric: ThresholdMetric, value: number): string => {
  if (metric === 'opsPerSec') return `${formatOps(value)} ops/s`;
  if (metric.endsWith('Us')) return `${Math.round(value)} µs`;
  return `${formatMs(value)} ms`;
};

// One indented line per checked config: its figure against the bound.
const checkedLines = (result: ThresholdResult, color: boolean): string[] => {
  if (result.checked.length === 0) {
    return [paint('        no config matched (a threshold that selects nothing fails)', 'fail', color)];
  }
  const idWidth = Math.max(...result.checked.map((c) => c.configId.length));
  const bound = `${result.op} ${result.value} ${unitOf(result.metric)}`;
  return result.checked.map((c) => {
    const figure = c.actual === null ? 'n/a (no verified run)' : `${result.metric} ${withUnit(result.metric, c.actual)}`;
    return `        ${c.configId.padEnd(idWidth)}  ${figure} ${paint(bound, 'dim', color)}  ${paint(c.pass ? 'ok' : 'FAIL', c.pass ? 'pass' : 'fail', color)}`;
  });
};

export const renderThresholds = (thresholds: readonly ThresholdResult[], color: boolean): string[] => {
  const title = paint('Thresholds', 'bold', color);
  if (thresholds.length === 0) return [title, '  none'];
  return [
    title,
    ...thresholds.flatMap((t) => [`  ${verdict(t.pass, color)}  ${t.source}`, ...checkedLines(t, color)]),
  ];
};
