// The requests block (issue 10): per request workload config, the request latency (closed-loop
// from the request's start; open-loop from its intended start) beside the service latency
// (open-loop, from the actual send), and the open-loop schedule's health: offered against
// achieved rate, how late the generator started requests, and the Node event-loop delay.

import { configMetricByKey, nearGeneratorCeiling, type ConfigResult, type LatencySummaryUs, type ScheduleHealth } from '../contracts/index.ts';
import { configLabeller, groupedRows } from './configs-block.ts';
import { fixed, formatCount, formatLatencyUs } from './figures.ts';
import { gridBlock, left, right, type Cell, type GridRow } from './grid.ts';
import { paint } from './terminal-style.ts';

const COLUMNS = [
  left('config'),
  right('requests', 6),
  right('waits/req', 7),
  right('req p50'),
  right('req p99'),
  right('req p99.9', 5),
  right('svc p50', 4),
  right('svc p99'),
  right('offered/s'),
  right('achieved/s'),
  right('worst late', 3),
  right('late', 2),
  right('loop p99/max', 1),
  right('unfinished'),
  right('knee/s', 0.5),
  left('saturated'),
];

const LEGEND = [
  'req: per-request latency; closed-loop from the request\'s start, open-loop from its intended start (free of coordinated omission; no expected-interval correction on top)',
  'svc: open-loop latency from the actual send (after any pool wait), what a closed-loop benchmark reports',
  'offered/achieved: requests scheduled / completed per second (median over runs)',
  'worst late, late: the generator\'s own lateness (start minus intended start) and starts later than 2 ms, over all runs; worst late is yellow when the lateness p99 reached 1 ms (near the generator\'s ceiling, see the warnings) and red when it fell behind',
  'loop: Node event-loop delay p99/max during the runs (perf_hooks.monitorEventLoopDelay)',
  'n/a: not measured (closed-loop, or no verified run)',
  'knee/s: a rising ramp\'s offered rate where queueing began (its windows: request p99 departs from service p99, or achieved falls below offered beyond the spread); none: not seen',
  'saturated: achieved below offered beyond the spread, late starts growing, or a ramp past its knee; the reasons are below',
];

const NA: Cell = { text: 'n/a', style: 'dim' };
const latency = (summary: LatencySummaryUs | null | undefined, pick: 'p50' | 'p99' | 'p999'): Cell => {
  const value = summary?.[pick];
  return value === null || value === undefined ? NA : { text: formatLatencyUs(value) };
};
// A figure the registry reads (lab/contracts/registry.ts), in µs.
const registered = (key: string, c: ConfigResult): Cell => {
  const value = configMetricByKey(key)?.read(c);
  return value === null || value === undefined ? NA : { text: formatLatencyUs(value) };
};

// Open loop over time (issue 26): a ramp's knee, and whether the config kept up.
const kneeCell = (c: ConfigResult): Cell => {
  if (c.knee === undefined) return NA;
  const rate = configMetricByKey('kneePerSec')?.read(c);
  return rate === null || rate === undefined ? { text: 'none', style: 'dim' } : { text: fixed(rate, rate < 100 ? 1 : 0), style: 'warn' };
};
const saturatedCell = (c: ConfigResult): Cell => {
  const saturated = configMetricByKey('saturated')?.read(c);
  return saturated === null || saturated === undefined ? NA : saturated === 1 ? { text: 'SATURATED', style: 'fail' } : { text: 'no', style: 'dim' };
};

const scheduleCells = (s: ScheduleHealth | undefined): Cell[] =>
  s === undefined
    ? [NA, NA, NA, NA, NA, NA]
    : [
        { text: s.offeredRampPerSec === undefined ? formatCount(s.offeredPerSec) : `${formatCount(s.offeredPerSec)} (${formatCount(s.offeredRampPerSec.fromPerSec)}..${formatCount(s.offeredRampPerSec.toPerSec)})` },
        { text: fixed(s.achievedPerSec, 1), ...(s.achievedPerSec < 0.95 * s.offeredPerSec ? { style: 'warn' as const } : {}) },
        { text: `${fixed(s.worstLateMs, 1)} ms`, ...(s.generatorBound ? { style: 'fail' as const } : nearGeneratorCeiling(s) ? { style: 'warn' as const } : {}) },
        { text: formatCount(s.lateStarts), style: s.lateStarts > 0 ? 'warn' : 'dim' },
        { text: `${fixed(s.eventLoopDelayP99Ms, 1)}/${fixed(s.eventLoopDelayMaxMs, 1)} ms`, style: 'dim' },
        { text: formatCount(s.unfinished), ...(s.unfinished > 0 ? { style: 'fail' as const } : { style: 'dim' as const }) },
      ];

const requestRow = (label: string, c: ConfigResult): GridRow => ({
  kind: 'cells',
  cells: [
    { text: label },
    { text: formatCount(c.requests ?? 0) },
    { text: fixed(c.waitsPerRequest ?? 0, c.waitsPerRequest !== undefined && Number.isInteger(c.waitsPerRequest) ? 0 : 2), style: 'dim' },
    registered('requestP50Us', c),
    registered('requestP99Us', c),
    registered('requestP999Us', c),
    latency(c.serviceLatencyUs, 'p50'),
    registered('serviceP99Us', c),
    ...scheduleCells(c.schedule),
    kneeCell(c),
    saturatedCell(c),
  ],
});

// Under the grid: each ramp's knee (or why none) and each saturated config's reasons, in words.
const openLoopNotes = (configs: readonly ConfigResult[], label: (c: ConfigResult) => string): string[] =>
  configs.flatMap((c) => [
    ...(c.knee === undefined
      ? []
      : [c.knee.offeredPerSec === null ? `${label(c)}: no knee: ${c.knee.reason}` : `${label(c)}: knee at ${fixed(c.knee.offeredPerSec, 1)}/s offered, ${fixed((c.knee.atMs ?? 0) / 1000, 1)} s into the schedule (windows of ${c.windowMs ?? '?'} ms): ${c.knee.reason}`]),
    ...(c.saturation?.saturated === true ? [`${label(c)}: saturated: ${c.saturation.reason}`] : []),
  ]);

/** The block, or nothing when no config ran requests. */
export const renderRequests = (configs: readonly ConfigResult[], color: boolean, width: number): string[] => {
  const requestConfigs = configs.filter((c) => c.requests !== undefined);
  if (requestConfigs.length === 0) return [];
  const title = `${paint('Requests', 'bold', color)} ${paint('(per-request latency over verified runs; open-loop schedule health)', 'dim', color)}`;
  const { label } = configLabeller(requestConfigs);
  const withWorkload = new Set(requestConfigs.map((c) => c.workload)).size > 1;
  const rows = groupedRows(requestConfigs, (c) => requestRow(withWorkload ? `${c.workload} ${label(c)}` : label(c), c));
  const notes = openLoopNotes(requestConfigs, (c) => (withWorkload ? `${c.workload} ${label(c)}` : label(c)));
  return gridBlock({ title, columns: COLUMNS, rows, notes, legend: LEGEND }, color, width);
};
