// The open-loop charts of the HTML report (issue 26), in the manner of charts.ts: plain chart data,
// pure, every point a measured figure. Per group of open-loop configs that differ only in their
// rate: request and service p50/p99 against the offered rate, and achieved against offered, with
// the knee marked; a ramp draws the same two from its windows. Per open-loop config: the
// percentiles over time and the offered and achieved rate over time, from its windows. A value
// that is not a finite number (a crafted file) is a gap.

import { WINDOW_LIMITS, type ConfigResult, type Knee, type LabResult, type LatencyWindow } from '../../contracts/index.ts';
import { configPoints, findKnee } from '../../metrics/index.ts';
import type { Chart, ChartSeries } from './chart.ts';
import { finiteOrNull } from './escape.ts';

/** An open-loop config's offered rate as the scenario wrote it: `800/s`, a ramp `100/s..2000/s (a ramp)`. */
export const scheduleRate = (config: ConfigResult): string => {
  const s = config.schedule;
  if (s === undefined) return '';
  const ramp = s.offeredRampPerSec;
  return ramp === undefined ? `${String(s.offeredPerSec)}/s` : `${String(ramp.fromPerSec)}/s..${String(ramp.toPerSec)}/s (a ramp)`;
};

/** The open-loop configs of a result. */
export const openLoopConfigs = (result: LabResult): ConfigResult[] => result.configs.filter((c) => c.schedule !== undefined);

// The config's id without its rate: the configs that share a rate chart.
const withoutRate = (config: ConfigResult): string => config.id.replace(/,?rate=[^,]*/, '').replace(/@$/, '');

// A result's windows, at most WINDOW_LIMITS.maxWindows of them (a crafted file may hold more).
export const windowsOf = (config: ConfigResult): LatencyWindow[] => (Array.isArray(config.windows) ? config.windows.slice(0, WINDOW_LIMITS.maxWindows) : []);

const ms = (us: unknown): number | null => {
  const v = finiteOrNull(us);
  return v === null ? null : v / 1000;
};

// Formatted only when a number; a crafted file's other value is shown as it is (escaped where
// the caption is written), never called as a number.
const perSec = (rate: unknown): string => (typeof rate === 'number' ? `${rate.toFixed(rate < 100 ? 1 : 0)}/s` : `${String(rate)}/s`);
const secondsIn = (atMs: unknown): string => (typeof atMs === 'number' ? `${(atMs / 1000).toFixed(1)} s in` : `${String(atMs)} s in`);

/** The knee in words, for captions. */
export const kneeWords = (knee: Knee): string =>
  knee.offeredPerSec === null ? `No knee: ${knee.reason}.` : `Knee (ringed) at ${perSec(knee.offeredPerSec)} offered${knee.atMs === null ? '' : `, ${secondsIn(knee.atMs)}`}: ${knee.reason}.`;

interface RatePoint {
  offeredPerSec: number;
  achievedPerSec: number | null;
  requestP50Us: unknown;
  requestP99Us: unknown;
  serviceP50Us: unknown;
  serviceP99Us: unknown;
}

const latencySeries = (points: readonly RatePoint[], kneeAt: number | null): ChartSeries[] => [
  { label: 'request p50 (from intended start)', values: points.map((p) => ms(p.requestP50Us)), style: 'measured', color: 0 },
  { label: 'request p99 (from intended start)', values: points.map((p) => ms(p.requestP99Us)), style: 'measured', color: 1 },
  { label: 'service p50 (from send)', values: points.map((p) => ms(p.serviceP50Us)), style: 'measured', color: 2 },
  { label: 'service p99 (from send)', values: points.map((p) => ms(p.serviceP99Us)), style: 'measured', color: 3 },
  { label: 'knee', values: points.map((p, i) => (i === kneeAt ? ms(p.requestP99Us) : null)), style: 'marker', color: 1 },
];

const rateSeries = (points: readonly RatePoint[], kneeAt: number | null): ChartSeries[] => [
  { label: 'achieved', values: points.map((p) => finiteOrNull(p.achievedPerSec)), style: 'measured', color: 0 },
  { label: 'offered (achieved = offered)', values: points.map((p) => p.offeredPerSec), style: 'ideal', color: 1 },
  { label: 'knee', values: points.map((p, i) => (i === kneeAt ? finiteOrNull(p.achievedPerSec) : null)), style: 'marker', color: 1 },
];

// The two charts against offered rate for one set of points, ascending in rate (distinct rates only).
const againstRate = (id: string, what: string, caption: string, given: readonly RatePoint[], knee: Knee): Chart[] => {
  const points = given.filter((p) => finiteOrNull(p.offeredPerSec) !== null).sort((a, b) => a.offeredPerSec - b.offeredPerSec);
  if (points.length < 2) return [];
  const at = knee.offeredPerSec === null ? -1 : points.findIndex((p) => p.offeredPerSec === knee.offeredPerSec);
  const kneeAt = at < 0 ? null : at;
  const x = points.map((p) => p.offeredPerSec);
  return [
    { id: `${id}-latency`, title: `Request and service latency against offered rate: ${what}`, caption: `${caption} ${kneeWords(knee)}`, xLabel: 'offered rate (requests/s)', yLabel: 'latency (ms)', xScale: 'linear', yScale: 'log', x, series: latencySeries(points, kneeAt) },
    { id: `${id}-rate`, title: `Achieved against offered rate: ${what}`, caption: `Requests completed per second against requests scheduled per second; on the dotted line the system kept up. ${kneeWords(knee)}`, xLabel: 'offered rate (requests/s)', yLabel: 'requests/s', xScale: 'linear', yScale: 'linear', x, series: rateSeries(points, kneeAt) },
  ];
};

// Configs at constant rates that differ only in rate: one point each.
const acrossConfigs = (configs: readonly ConfigResult[], index: number): Chart[] => {
  const constant = configs.filter((c) => c.schedule?.offeredRampPerSec === undefined);
  const points: RatePoint[] = constant.map((c) => ({
    offeredPerSec: c.schedule?.offeredPerSec ?? Number.NaN,
    achievedPerSec: c.schedule?.achievedPerSec ?? null,
    requestP50Us: c.requestLatencyUs?.p50,
    requestP99Us: c.requestLatencyUs?.p99,
    serviceP50Us: c.serviceLatencyUs?.p50,
    serviceP99Us: c.serviceLatencyUs?.p99,
  }));
  const knee = findKnee(configPoints(constant), 'configs');
  const group = withoutRate(configs[0] as ConfigResult);
  return againstRate(`openloop-g${index}`, `${group}, open loop at ${constant.map(scheduleRate).join(', ')}`, `Open loop, one point per config (its verified runs' histograms); request latency from each request's intended start, service latency from its actual send. Log y axis.`, points, knee);
};

// A ramp: its fully scheduled windows, one point each.
const acrossWindows = (config: ConfigResult, index: number): Chart[] => {
  const windowMs = finiteOrNull(config.windowMs) ?? 0;
  const points = windowsOf(config).filter((w) => w.requests > 0 && w.offeredPerSec > 0);
  const knee = config.knee ?? { offeredPerSec: null, atMs: null, reason: 'not recorded in this result' };
  return againstRate(`openloop-c${index}-ramp`, `${config.id}`, `Open loop, a ramp ${scheduleRate(config)}: one point per window of ${windowMs} ms (each window's requests, by intended start, over the verified runs). Log y axis.`, points, knee);
};

// One config over time: the percentiles, and the offered and achieved rate, per window.
const overTime = (config: ConfigResult, index: number): Chart[] => {
  const windows = windowsOf(config);
  if (windows.length === 0) return [];
  const windowMs = finiteOrNull(config.windowMs) ?? 0;
  const x = windows.map((w) => (finiteOrNull(w.startMs) ?? Number.NaN) / 1000);
  if (x.some((v) => !Number.isFinite(v))) return [];
  const kneeAtMs = config.knee?.atMs ?? null;
  const kneeAt = kneeAtMs === null ? -1 : windows.findIndex((w) => w.startMs === kneeAtMs);
  const run = `Open loop at ${scheduleRate(config)}, windows of ${windowMs} ms by each request's intended start (x: the window's start), over the verified runs`;
  return [
    {
      id: `openloop-c${index}-time-latency`,
      title: `Percentiles over time: ${config.id}`,
      caption: `${run}. Request latency from the intended start, service latency from the actual send; a gap where a window had no request (the drain after the schedule). Log y axis.${config.knee === undefined ? '' : ` ${kneeWords(config.knee)}`}`,
      xLabel: 'time into the schedule (s)',
      yLabel: 'latency (ms)',
      xScale: 'linear',
      yScale: 'log',
      x,
      series: [
        ...latencySeries(windows, kneeAt < 0 ? null : kneeAt).slice(0, 4),
        { label: 'max (request)', values: windows.map((w) => ms(w.maxUs)), style: 'model', color: 1 },
        ...(kneeAt < 0 ? [] : [{ label: 'knee', values: windows.map((w, i) => (i === kneeAt ? ms(w.requestP99Us) : null)), style: 'marker' as const, color: 1 }]),
      ],
    },
    {
      id: `openloop-c${index}-time-rate`,
      title: `Offered and achieved rate over time: ${config.id}`,
      caption: `${run}. Offered: requests scheduled to start in the window per second; achieved: requests completed in it per second (mean over the runs); late starts per window are in the table below.`,
      xLabel: 'time into the schedule (s)',
      yLabel: 'requests/s',
      xScale: 'linear',
      yScale: 'linear',
      x,
      series: [
        { label: 'offered', values: windows.map((w) => finiteOrNull(w.offeredPerSec)), style: 'ideal', color: 1 },
        { label: 'achieved', values: windows.map((w) => finiteOrNull(w.achievedPerSec)), style: 'measured', color: 0 },
      ],
    },
  ];
};

/** Every open-loop chart: per group of rates, then per config (a ramp against its windows' rates, then over time). */
export const openLoopCharts = (result: LabResult): Chart[] => {
  const open = openLoopConfigs(result);
  const groups = new Map<string, ConfigResult[]>();
  for (const c of open) groups.set(withoutRate(c), [...(groups.get(withoutRate(c)) ?? []), c]);
  return [
    ...[...groups.values()].flatMap((configs, i) => acrossConfigs(configs, i)),
    ...open.flatMap((c, i) => [...(c.schedule?.offeredRampPerSec === undefined ? [] : acrossWindows(c, i)), ...overTime(c, i)]),
  ];
};


