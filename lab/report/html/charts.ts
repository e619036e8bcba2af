// The figures of the HTML report as plain chart data: x values, named series, axis labels.
// Pure (a LabResult in, numbers out) so it is unit-tested without a browser; the page's script
// only draws what is here. Every point is a measured figure or the model's prediction, labelled
// as such; nothing is interpolated or smoothed. A value that is not a finite number (a crafted
// file) is no point: a gap, never a string handed to the page's script.

import { configMode, modeLabel, type ConfigResult, type LabResult } from '../../contracts/index.ts';
import { decodeLatency, valueAtPercentileUs, type LatencyHistogram } from '../../metrics/index.ts';
import { finiteOrNull } from './escape.ts';
import { openLoopCharts, scheduleRate } from './open-loop-charts.ts';
import { sloCharts } from './slo-section.ts';
import { batchingCharts } from './batching-section.ts';
import type { Chart } from './chart.ts';

/** Points per decade of 1/(1-p): 10 gives 0%, 20.6%, 36.9%, ... 90%, ... 99%, ... */
const PERCENTILE_POINTS_PER_DECADE = 10;
/** The percentile axis ends at 99.9999% (1/(1-p) = 10^6), as HdrHistogram's plotter does by default. */
const PERCENTILE_AXIS_DECADES = 6;

// The distinct finite values, ascending: a crafted file's strings or infinities are no point.
const sorted = (values: Iterable<unknown>): number[] =>
  [...new Set(values)].filter((v): v is number => finiteOrNull(v) !== null).sort((a, b) => a - b);

const MODE_KINDS: readonly unknown[] = ['sync', 'pipeline', 'multi', 'auto'];
// The config's mode label; a mode the contract does not know (a crafted file) as its text.
const modeText = (config: ConfigResult): string => (MODE_KINDS.includes(config.mode) ? modeLabel(configMode(config)) : String(config.mode));

// The config's id without its mode (and, when asked, without its rtt): `@rtt=2ms` / `@` → the
// figures that share a chart. The workload label prefix stays.
const idWithout = (config: ConfigResult, dropRtt: boolean): string => {
  const label = modeText(config);
  const at = config.id.indexOf('@');
  const prefix = config.id.slice(0, Math.max(0, at)).replace(label, '').trim();
  const link = config.id.slice(at + 1).split(',');
  const kept = dropRtt ? link.filter((part) => !part.startsWith('rtt=') && part !== 'direct') : link;
  return [prefix, kept.join(',')].filter((p) => p !== '').join(' ');
};

const groupBy = <T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};

export const calibrationChart = (result: LabResult): Chart | null => {
  const points = result.calibration.filter((c) => finiteOrNull(c.requestedRttMs) !== null).sort((a, b) => a.requestedRttMs - b.requestedRttMs);
  if (points.length < 2) return null; // one point is a table row, not a line
  const x = points.map((c) => c.requestedRttMs);
  return {
    id: 'calibration',
    title: 'Calibration: requested against measured round trip',
    caption: `Median PING through the proxy minus direct PING (${points[0]?.samples ?? 0} samples per link), against the rtt the scenario asked for. On the dotted line the link adds exactly what was requested.`,
    xLabel: 'requested rtt (ms)',
    yLabel: 'added rtt (ms)',
    xScale: 'linear',
    yScale: 'linear',
    x,
    series: [
      { label: 'measured: proxied − direct PING', values: points.map((c) => finiteOrNull(c.addedMs)), style: 'measured', color: 0 },
      { label: 'requested', values: x, style: 'ideal', color: 1 },
    ],
  };
};

// The value at each point of the 1/(1-p) grid, in ms; null past the histogram's count, where
// the percentile would rest on less than one sample.
const percentileCurve = (config: ConfigResult, grid: readonly number[]): (number | null)[] => {
  const latency = config.latencyUs;
  if (latency === null || latency.count === 0 || latency.hdr === null) return grid.map(() => null);
  let histogram: LatencyHistogram;
  try {
    histogram = decodeLatency(latency.hdr);
  } catch {
    return grid.map(() => null); // a histogram that does not decode draws no line (the table has the percentiles)
  }
  try {
    return grid.map((x) => (x > latency.count ? null : finiteOrNull(Math.min(valueAtPercentileUs(histogram, 100 * (1 - 1 / x)), latency.max) / 1000)));
  } finally {
    histogram.destroy();
  }
};

// What the per-command latency means for the configs of one chart: an open-loop run's commands are
// timed from their own send, not from the request's intended start (issue 26: never "closed loop" there).
const loopWords = (configs: readonly ConfigResult[]): string => {
  const open = configs.filter((c) => c.schedule !== undefined);
  if (open.length === 0) return "Closed loop: a pipelined command's latency is its batch's round trip.";
  const rates = [...new Set(open.map((c) => scheduleRate(c)))].join(', ');
  return `Open loop at ${rates}: each command is timed from its own send (a pipelined one waits for its batch); the request latency from the intended start is in the Open loop section.`;
};

/** One chart per link shape (and workload): each config's per-command latency by percentile. */
export const percentileCharts = (result: LabResult): Chart[] => {
  // The C engine keeps no histogram the lab can read: its percentiles are in the table only.
  const withLatency = result.configs.filter((c) => c.latencyUs !== null && (finiteOrNull(c.latencyUs.count) ?? 0) > 0 && typeof c.latencyUs.hdr === 'string');
  return [...groupBy(withLatency, (c) => idWithout(c, false))].map(([group, configs], index) => {
    const most = Math.max(...configs.map((c) => c.latencyUs?.count ?? 0));
    const decades = Math.min(PERCENTILE_AXIS_DECADES, Math.log10(most));
    const steps = Math.floor(decades * PERCENTILE_POINTS_PER_DECADE);
    const grid = Array.from({ length: steps + 1 }, (_, k) => 10 ** (k / PERCENTILE_POINTS_PER_DECADE));
    // End at 1/(1-p) = the largest count (p = 1 - 1/count) when the axis is not cut at 99.9999%.
    if (decades < PERCENTILE_AXIS_DECADES && most > (grid.at(-1) ?? 1)) grid.push(most);
    return {
      id: `percentiles-${index}`,
      title: `Per-command latency by percentile: ${group || 'all configs'}`,
      caption: `HDR histograms of every verified run, one line per mode (n = ${configs.map((c) => `${modeText(c)}: ${c.latencyUs?.count}`).join(', ')} commands). ${loopWords(configs)} A line ends where its percentile would rest on less than one sample.`,
      xLabel: 'percentile',
      yLabel: 'latency (ms)',
      xScale: 'percentile',
      yScale: 'linear',
      x: grid,
      series: configs.map((c, i) => ({ label: modeText(c), values: percentileCurve(c, grid), style: 'measured' as const, color: i })),
    };
  });
};

/** Median run time against rtt, one measured and one model series per mode; needs two rtts. */
export const rttCharts = (result: LabResult): Chart[] => {
  const proxied = result.configs.filter((c) => c.link === 'proxied');
  return [...groupBy(proxied, (c) => idWithout(c, true))].flatMap(([group, configs], index) => {
    const x = sorted(configs.map((c) => c.rttMs));
    if (x.length < 2) return [];
    const modes = groupBy(configs, modeText);
    const at = (rows: ConfigResult[], pick: (c: ConfigResult) => number | null) =>
      x.map((rtt) => {
        const row = rows.find((c) => c.rttMs === rtt);
        return row === undefined ? null : finiteOrNull(pick(row));
      });
    return [
      {
        id: `rtt-${index}`,
        title: `Median run time against rtt${group ? `: ${group}` : ''}`,
        caption: `Median total time of the verified runs (${configs[0]?.commands ?? 0} commands per run) per mode, solid; the RTT model (waits × added rtt + the mode's rtt-0 median), dashed. Log y axis. Min and max per run are in the table above.`,
        xLabel: 'rtt (ms)',
        yLabel: 'median run time (ms)',
        xScale: 'linear' as const,
        yScale: 'log' as const,
        x,
        series: [...modes].flatMap(([mode, rows], i) => [
          { label: mode, values: at(rows, (c) => c.medianMs), style: 'measured' as const, color: i },
          { label: `${mode} model`, values: at(rows, (c) => c.modelMs), style: 'model' as const, color: i },
        ]),
      },
    ];
  });
};

/** Median run time against batch size, one series per batched mode kind and rtt; needs two sizes. */
export const batchCharts = (result: LabResult): Chart[] => {
  const batched = result.configs.filter((c) => c.mode === 'pipeline' || c.mode === 'multi' || c.mode === 'auto');
  return [...groupBy(batched, (c) => idWithout(c, true))].flatMap(([group, configs], index) => {
    const x = sorted(configs.map((c) => c.batch));
    if (x.length < 2) return [];
    const lines = groupBy(configs, (c) => `${c.mode} @ ${c.link === 'direct' ? 'direct' : `rtt=${c.rttMs}ms`}`);
    return [
      {
        id: `batch-${index}`,
        title: `Median run time against batch size${group ? `: ${group}` : ''}`,
        caption: 'Median total time of the verified runs, one line per mode and rtt; commands per batch (callers for auto); both axes log.',
        xLabel: 'commands per batch',
        yLabel: 'median run time (ms)',
        xScale: 'log' as const,
        yScale: 'log' as const,
        x,
        series: [...lines].map(([label, rows], i) => ({
          label,
          values: x.map((b) => finiteOrNull(rows.find((c) => c.batch === b)?.medianMs)),
          style: 'measured' as const,
          color: i,
        })),
      },
    ];
  });
};

/** Every chart of one result, in reading order. */
export const chartsOf = (result: LabResult): Chart[] => [
  ...[calibrationChart(result)].filter((c): c is Chart => c !== null),
  ...rttCharts(result),
  ...batchCharts(result),
  ...percentileCharts(result),
  ...openLoopCharts(result),
  ...sloCharts(result),
  ...batchingCharts(result),
];
