// The batching window in the HTML report (issue 27, docs/batching-window.md): per batched config,
// the batcher (none, auto, or a window W and size B), what its requests waited for their batch to
// fill against what W, B and the rate predict, why the batches left and how big they were; and
// per group of configs that differ only in their batcher, the trade-off the batcher makes:
// achieved rate against request p99, one point per batch setting. Figures a threshold can name
// are read through the registry (lab/contracts/registry.ts); every value through escape.ts.

import { batcherRecordLabel, configMetricByKey, type BatcherRecord, type ConfigResult, type LabResult } from '../../contracts/index.ts';
import { fixed } from '../figures.ts';
import type { Chart } from './chart.ts';
import { figure, finiteOrNull, html, NA, raw, type Html } from './escape.ts';
import { countCell, table, usCell } from './tables.ts';

const read = (key: string, c: ConfigResult): number | null => configMetricByKey(key)?.read(c) ?? null;
const rateCell = (value: unknown): Html => figure(value, (v) => `${fixed(v, v < 100 ? 1 : 0)}/s`);

/** The batched configs of a result. */
const batchedConfigs = (result: LabResult): ConfigResult[] => result.configs.filter((c) => c.batching !== undefined && c.batching !== null);

const windowOf = (record: unknown): { windowMs: unknown; size: unknown } | null =>
  typeof record === 'object' && record !== null && 'windowMs' in record ? { windowMs: record.windowMs, size: (record as { size?: unknown }).size } : null;

/** `none`, `auto`, `5ms/64`; a crafted file's other value as its text. */
const batchLabel = (c: ConfigResult): string => {
  const record: unknown = c.batching?.batcher;
  return typeof record === 'string' || windowOf(record) !== null ? batcherRecordLabel(record as BatcherRecord) : String(record);
};

const batcherCell = (c: ConfigResult): Html => {
  const record: unknown = c.batching?.batcher;
  if (record === 'auto') return raw('auto <span class="na">(ioredis auto-pipelining)</span>');
  if (record === 'none') return raw('none <span class="na">(each request on arrival)</span>');
  return windowOf(record) === null ? html`${record}` : raw('window');
};

const predictedCell = (c: ConfigResult): Html => {
  const b = c.batching;
  if (b?.predictedMeanWaitUs === null || b?.predictedMeanWaitUs === undefined) return NA;
  return html`${usCell(b.predictedMeanWaitUs)}${b.predictedFlushBy === null ? '' : html` <span class="na">(${b.predictedFlushBy})</span>`}`;
};

const flushesCell = (c: ConfigResult): Html => {
  const timer = read('timerFlushes', c);
  const size = read('sizeFlushes', c);
  return timer === null && size === null ? NA : html`${countCell(timer)} / ${countCell(size)}`;
};

const row = (c: ConfigResult): unknown[] => {
  const w = windowOf(c.batching?.batcher);
  return [
    html`<code>${c.id}</code>`,
    batcherCell(c),
    w === null ? NA : figure(w.windowMs, (v) => `${fixed(v, v < 10 ? 1 : 0)} ms`),
    w === null ? NA : countCell(w.size),
    usCell(read('batchWaitMeanUs', c)),
    predictedCell(c),
    figure(read('batchWaitRatio', c), (v) => `${fixed(v, 2)}×`),
    usCell(c.batching?.meanLateUs),
    usCell(read('batchWaitP99Us', c)),
    flushesCell(c),
    countCell(c.batching?.batches),
    html`${figure(read('batchCommandsMean', c), (v) => fixed(v, 1))} / ${countCell(c.batching?.maxBatchCommands)}`,
    rateCell(read('achievedPerSec', c)),
    usCell(read('requestP99Us', c)),
  ];
};

// The configs' shared run, for the caption: rate, arrival process, rtt, clients.
const runWords = (configs: readonly ConfigResult[]): string => {
  const rates = [...new Set(configs.map((c) => (typeof c.schedule?.offeredPerSec === 'number' ? `${fixed(c.schedule.offeredPerSec, 0)}/s` : String(c.schedule?.offeredPerSec))))].join(', ');
  const rtts = [...new Set(configs.map((c) => (c.link === 'direct' ? 'direct' : `rtt ${String(c.rttMs)} ms`)))].join(', ');
  const clients = [...new Set(configs.map((c) => (typeof c.clients === 'object' && c.clients !== null ? `pool of ${String(c.clients.pool)}` : String(c.clients ?? 'shared'))))].join(', ');
  const runs = configs.reduce((sum, c) => sum + (Array.isArray(c.runs) ? c.runs.length : 0), 0);
  return `Open loop at ${rates}, ${rtts}, clients ${clients}; ${configs.length} configs, ${runs} measured runs`;
};

/** The section, or nothing when no config was batched. `charts` are this result's charts (ids
 * prefixed), `block` draws one. */
export const batchingSection = (result: LabResult, prefix: string, charts: readonly Chart[], block: (chart: Chart) => Html): Html | '' => {
  const batched = batchedConfigs(result);
  if (batched.length === 0) return '';
  return html`<h2>Batching window</h2><p class="caption">${runWords(batched)}. Each request joins the current batch, which leaves as one pipeline W ms after its first command joined or once it holds B commands, whichever comes first; the request's latency includes that wait. Wait: from a request's scheduled arrival until its batch left, over the verified runs; predicted: the mean the window, the size and a constant rate give (about W/2 when the timer sends, B/(2 × rate) when the size does), with the flush that should win. Late: the generator's mean lateness, part of every wait (the lab's CPU, not the batcher). Not measured: the wait of none and auto (ioredis's own wait, one event-loop turn, is not timed; it is in their request latency), and no prediction for Poisson arrivals or ramps.</p>
${table(['config', 'batcher', 'W', 'B', 'mean wait', 'predicted', 'wait / predicted', 'late', 'wait p99', 'timer / size flushes', 'batches', 'cmds/batch mean / max', 'achieved', 'request p99'], batched.map(row), 'figures')}
${charts.filter((chart) => chart.id.startsWith(`${prefix}tradeoff-`)).map(block)}`;
};

// The config's id without its batch setting: the configs that share a trade-off chart.
const withoutBatch = (c: ConfigResult): string => String(c.id).replace(/,?batch=[^,]*/, '');

/** Per group of configs that differ only in their batcher (two or more with both figures):
 * achieved rate against request p99, one ringed point per batch setting. */
export const batchingCharts = (result: LabResult): Chart[] => {
  const groups = new Map<string, ConfigResult[]>();
  for (const c of batchedConfigs(result)) groups.set(withoutBatch(c), [...(groups.get(withoutBatch(c)) ?? []), c]);
  return [...groups].flatMap(([group, configs], index) => {
    const points = configs
      .map((c) => ({ label: batchLabel(c), x: finiteOrNull(read('achievedPerSec', c)), y: finiteOrNull(read('requestP99Us', c)) }))
      .filter((p): p is { label: string; x: number; y: number } => p.x !== null && p.y !== null)
      .sort((a, b) => a.x - b.x);
    if (points.length < 2) return [];
    return [
      {
        id: `tradeoff-${index}`,
        title: `Throughput against request p99 by batch setting: ${group}`,
        caption: `${runWords(configs)}. One point per batch setting: requests completed per second (its verified runs) against request p99 from the intended start, which includes the wait to fill the batch. Log y axis.`,
        xLabel: 'achieved rate (requests/s)',
        yLabel: 'request p99 (ms)',
        xScale: 'linear' as const,
        yScale: 'log' as const,
        x: points.map((p) => p.x),
        series: points.map((p, i) => ({ label: `batch=${p.label}`, values: points.map((q, j) => (j === i ? q.y / 1000 : null)), style: 'marker' as const, color: i })),
      },
    ];
  });
};
