// The thresholds block: each `expect:` line with its verdict and the figure of every config
// (or reconcile row) it checked, each figure with the unit the registry gives its metric.

import { configMetricByKey, inWrittenUnit, reconcileMetricByName, verdictOfBound, type MetricUnit, type ThresholdResult } from '../contracts/index.ts';
import { formatBytes, formatCount, formatMs, formatOps, formatRatio } from './figures.ts';
import { paint, passFail } from './terminal-style.ts';

type Metric = ThresholdResult['metric'];

// How each registry unit is written after a figure; the one config count is `errors`, whose
// unit is failed runs.
const UNIT_TEXT: Record<MetricUnit, string> = { ms: 'ms', us: 'µs', rate: 'ops/s', ratio: '×', bytes: 'bytes', count: 'failed runs' };

// Reconcile counts are operations; config metrics carry the registry's unit.
const unitOf = (metric: Metric): string =>
  reconcileMetricByName(metric)?.unit === 'us' ? 'µs' : reconcileMetricByName(metric) !== undefined ? 'ops' : metric === 'lateStarts' ? 'requests' : metric === 'outputBufferDisconnects' ? 'closes' : metric === 'closedLost' ? 'commands' : metric === 'achievedPerSec' ? 'requests/s' : metric === 'advisedBatch' ? 'commands/batch' : UNIT_TEXT[configMetricByKey(metric)?.unit ?? 'ms'];

// A duration in the unit the threshold was written in: at most 3 decimals.
const writtenText = (figure: { value: number; unit: string }): string => `${Number(figure.value.toFixed(3))} ${figure.unit === 'us' ? 'µs' : figure.unit}`;

// A figure with its unit, formatted like the tables above (a duration in the unit the threshold
// was written in).
const withUnit = (t: Pick<ThresholdResult, 'metric' | 'writtenUnit'>, value: number): string => {
  const { metric } = t;
  const written = inWrittenUnit(t, value);
  if (written !== undefined) return writtenText(written);
  switch (reconcileMetricByName(metric)?.unit ?? configMetricByKey(metric)?.unit) {
    case 'rate':
      return `${formatOps(value)} ops/s`;
    case 'ratio':
      return formatRatio(value);
    case 'bytes':
      return formatBytes(value);
    case 'us':
      return `${Math.round(value)} µs`;
    case 'ms':
      return `${formatMs(value)} ms`;
    default:
      return `${formatCount(value)} ${unitOf(metric)}`;
  }
};

// The bound as written: "< 60 ms", "== 0 ops", "== SAFE" (a verdict bound is stored as a number).
const boundText = (t: ThresholdResult): string => {
  if (t.metric === 'verdict') return `${t.op} ${verdictOfBound(t.value)}`;
  if (t.metric === 'modelRatio') return `${t.op} ${formatRatio(t.value)}`;
  const written = inWrittenUnit(t, t.value);
  if (written !== undefined) return `${t.op} ${writtenText(written)}`;
  return `${t.op} ${t.value} ${unitOf(t.metric)}`;
};

const figureText = (t: Pick<ThresholdResult, 'metric' | 'writtenUnit'>, actual: number | string | null): string => {
  if (actual === null) return 'n/a (no verified run)';
  return `${t.metric} ${typeof actual === 'string' ? actual : withUnit(t, actual)}`;
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
      `        ${c.configId.padEnd(idWidth)}  ${figureText(result, c.actual)} ${paint(bound, 'dim', color)}  ${paint(c.pass ? 'ok' : 'FAIL', c.pass ? 'pass' : 'fail', color)}`,
  );
};

export const renderThresholds = (thresholds: readonly ThresholdResult[], color: boolean): string[] => {
  const title = paint('Thresholds', 'bold', color);
  if (thresholds.length === 0) return [title, '  none'];
  return [
    title,
    ...thresholds.flatMap((t) => [`  ${passFail(t.pass, color)}  ${t.source}`, ...checkedLines(t, color)]),
  ];
};
