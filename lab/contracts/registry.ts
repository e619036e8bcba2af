// The registry of figures and axes, in the manner of k6's metric registry: for each metric its
// name as thresholds write it, its key in the result, its unit, how it is read from a config or
// a reconcile row, and what it means; for each axis how it selects a config and labels it.
// Threshold parsing, threshold evaluation, the table, the JSON and the vitest matchers all read
// these lists: adding a metric or an axis is one entry here.

import type { Bandwidth } from './link.ts';
import { modeLabel, modeOfFlat, sameMode, type Mode } from './mode.ts';
import type { ConfigResult, FaultRequests, LatencySummaryUs, ReconcileEntry, RowRunCounts, RowRunLatency } from './result.ts';
import { batcherRecordLabel, type BatchingResult } from './batching.ts';
import type { BatchAdvice } from './advise.ts';
import { clientsRecordLabel, rateLabel } from './request.ts';
import type { WaitOption } from './topology.ts';

/** `ms`, `us`: durations in that unit; `bytes`: a size; `rate`, `ratio`: plain numbers; `count`: a whole number. */
export type MetricUnit = 'ms' | 'us' | 'rate' | 'count' | 'ratio' | 'bytes';

export interface ConfigMetric {
  /** As thresholds write it: `median`, `p(99)`, `ops/s`. */
  name: string;
  /** Its key in a ThresholdResult (`medianMs`, `p99Us`): the unit is in the name. */
  key: string;
  unit: MetricUnit;
  /** What the figure is, in a few words, for hints, legends and matcher messages. */
  about: string;
  /** The figure, in `unit`; null when it was not measured (no verified run, not sampled). */
  read: (config: ConfigResult) => number | null;
  /** What the metric's group is called in hints, when not its unit's usual words. */
  words?: string;
  /** How `compare` judges the metric between two results; absent: compare does not judge it. */
  compare?: MetricComparison;
}

/**
 * How `compare` judges a metric between two results (docs/compare.md, "Noise rules"); `worse`:
 * the direction that is a regression.
 * - `percentile`: a percentile of one histogram over all runs. Its noise is read from its spread
 *   across the verified runs (`perRun`, 3 or more a side), else across the open-loop windows
 *   paired by start (`perWindow`, 5 or more pairs), else from its own sampling error (`summary`'s
 *   histogram), a floor only.
 * - `total`: a figure over a whole run (a count over its span), judged on the threshold alone.
 * - `step`: a rate read off a ramp's windows (its knee): judged on the threshold and one window's
 *   step of the ramp, its resolution. `bound` is the figure where the metric has none (a ramp
 *   with no knee: its top rate, a bound below the knee).
 * - `flag`: 0 or 1: a change in the worse direction fails.
 */
export type MetricComparison =
  | {
    rule: 'percentile';
    worse: 'higher';
    percentile: number;
    summary: (config: ConfigResult) => LatencySummaryUs | null | undefined;
    perRun?: (config: ConfigResult) => readonly number[] | undefined;
    perWindow?: (config: ConfigResult) => readonly { startMs: number; value: number | null }[] | undefined;
  }
  | { rule: 'total'; worse: 'higher' | 'lower' }
  | { rule: 'step'; worse: 'lower'; step: (config: ConfigResult) => number | null; bound: (config: ConfigResult) => number | null }
  | { rule: 'flag'; worse: 'higher' };

type RunPercentile = 'requestP50Us' | 'requestP99Us' | 'serviceP50Us' | 'serviceP99Us';

const comparedPercentile = (which: 'requestLatencyUs' | 'serviceLatencyUs', percentile: 50 | 99): MetricComparison => {
  const key: RunPercentile = `${which === 'requestLatencyUs' ? 'request' : 'service'}P${percentile}Us`;
  return {
    rule: 'percentile',
    worse: 'higher',
    percentile,
    summary: (c) => c[which],
    perRun: (c) => c.runLatencyUs?.flatMap((r) => r[key] ?? []),
    perWindow: (c) => c.windows?.map((w) => ({ startMs: w.startMs, value: w[key] })),
  };
};

// A rising ramp's offered rate gained per window: the knee's resolution; null without windows.
const rampStep = (c: ConfigResult): number | null => {
  const rates = (c.windows ?? []).map((w) => w.offeredPerSec);
  const rises = rates.slice(1).map((r, i) => r - (rates[i] as number)).filter((d) => d > 0);
  return rises.length === 0 ? null : Math.max(...rises);
};

const latency = (name: string, key: string, pick: 'p50' | 'p90' | 'p99' | 'p999' | 'max', about: string): ConfigMetric => ({
  name,
  key,
  unit: 'us',
  about,
  read: (c) => c.latencyUs?.[pick] ?? null,
});

// Request workloads (issue 10): per-request latency (open-loop: from the intended start) and,
// open-loop, from the actual send; null for command workloads.
const requestLatency = (name: string, key: string, pick: 'p50' | 'p99' | 'p999' | 'max', about: string, which: 'requestLatencyUs' | 'serviceLatencyUs' = 'requestLatencyUs'): ConfigMetric => ({
  name,
  key,
  unit: 'us',
  about,
  read: (c) => c[which]?.[pick] ?? null,
  words: 'per-request latency',
});

// The slowest replica's marker lag (ms); null when no replica's lag was measured.
const slowestLag = (config: ConfigResult, pick: 'p50' | 'max'): number | null => {
  const figures = (config.lag ?? []).flatMap((l) => (l.lagMs === null ? [] : [l.lagMs[pick]]));
  return figures.length === 0 ? null : Math.max(...figures);
};
// The bystander (issue 27): a light second client's latency while the config ran, in the lab's
// process (`same`) or a child process (`other`), and its p99 against its own baseline.
const bystanderLatency = (side: 'same' | 'other', pick: 'p50' | 'p99', name: string, key: string): ConfigMetric => ({
  name,
  key,
  unit: 'us',
  about: `${side === 'same' ? 'same-process' : 'other-process'} bystander GET latency during the runs, ${pick === 'p50' ? '50th' : '99th'} percentile`,
  read: (c) => c.bystander?.[side]?.duringLatencyUs?.[pick] ?? null,
  words: 'bystander latency',
});
const bystanderRatio = (side: 'same' | 'other', name: string, key: string): ConfigMetric => ({
  name,
  key,
  unit: 'ratio',
  about: `${side === 'same' ? 'same-process' : 'other-process'} bystander p99 during the runs / alone`,
  read: (c) => c.bystander?.[side]?.p99Ratio ?? null,
  words: 'bystander p99 during / alone',
});
const comparedBystander = (side: 'same' | 'other'): MetricComparison => ({
  rule: 'percentile',
  worse: 'higher',
  percentile: 99,
  summary: (c) => c.bystander?.[side]?.duringLatencyUs,
});

// The window batcher (issue 27): what a request waited for its batch to fill, and how batches left;
// null on configs without a window batcher.
const batchFigure = (name: string, key: string, unit: MetricUnit, about: string, read: (b: BatchingResult) => number | null): ConfigMetric => ({
  name,
  key,
  unit,
  about,
  read: (c) => (c.batching === undefined ? null : read(c.batching)),
  words: 'batching',
});

// The batch-size advisor (issue 27): its advice, null where no depth met the budgets or the config
// was not advised; compare judges a lower figure as worse (the same budgets allow less).
const adviceFigure = (name: string, key: string, unit: MetricUnit, about: string, read: (a: BatchAdvice) => number | null): ConfigMetric => ({
  name,
  key,
  unit,
  about: `batch-size advisor: ${about} (null: none met the budgets)`,
  read: (c) => (c.advice === undefined ? null : read(c.advice)),
  words: 'batch-size advisor',
  compare: { rule: 'total', worse: 'lower' },
});

export const CONFIG_METRICS = [
  { name: 'median', key: 'medianMs', unit: 'ms', about: 'median total run time', read: (c) => c.medianMs },
  { name: 'min', key: 'minMs', unit: 'ms', about: 'fastest verified run', read: (c) => c.minMs },
  { name: 'max', key: 'maxMs', unit: 'ms', about: 'slowest verified run', read: (c) => c.maxMs },
  latency('p(50)', 'p50Us', 'p50', 'per-command latency, 50th percentile'),
  latency('p(90)', 'p90Us', 'p90', 'per-command latency, 90th percentile'),
  latency('p(99)', 'p99Us', 'p99', 'per-command latency, 99th percentile'),
  latency('p(99.9)', 'p999Us', 'p999', 'per-command latency, 99.9th percentile'),
  latency('max-latency', 'maxUs', 'max', 'slowest command'),
  { name: 'ops/s', key: 'opsPerSec', unit: 'rate', about: 'commands per second at the median', read: (c) => c.opsPerSec },
  { name: 'errors', key: 'errors', unit: 'count', about: 'runs that failed verification', read: (c) => c.errors },
  { name: 'ratio', key: 'modelRatio', unit: 'ratio', about: 'median / RTT model', read: (c) => c.modelRatio },
  { name: 'rss', key: 'clientPeakRssBytes', unit: 'bytes', about: 'client peak RSS', read: (c) => c.clientPeakRssBytes },
  { name: 'heap', key: 'clientPeakHeapBytes', unit: 'bytes', about: 'client peak V8 heap', read: (c) => c.clientPeakHeapBytes },
  { ...requestLatency('request p(50)', 'requestP50Us', 'p50', 'per-request latency, 50th percentile'), compare: comparedPercentile('requestLatencyUs', 50) },
  {
    ...requestLatency('request p(99)', 'requestP99Us', 'p99', 'per-request latency, 99th percentile (open-loop: from the intended start)'),
    compare: comparedPercentile('requestLatencyUs', 99),
  },
  requestLatency('request p(99.9)', 'requestP999Us', 'p999', 'per-request latency, 99.9th percentile'),
  requestLatency('request max', 'requestMaxUs', 'max', 'slowest request'),
  {
    ...requestLatency('service p(99)', 'serviceP99Us', 'p99', 'open-loop per-request latency from the actual send, 99th percentile', 'serviceLatencyUs'),
    compare: comparedPercentile('serviceLatencyUs', 99),
  },
  { name: 'achieved/s', key: 'achievedPerSec', unit: 'rate', about: 'open-loop requests completed per second', read: (c) => c.schedule?.achievedPerSec ?? null, words: '', compare: { rule: 'total', worse: 'lower' } },
  { name: 'late-starts', key: 'lateStarts', unit: 'count', about: 'open-loop requests the generator started late', read: (c) => c.schedule?.lateStarts ?? null, words: 'open-loop late starts' },
  { name: 'output-buffer-disconnects', key: 'outputBufferDisconnects', unit: 'count', about: 'clients the server closed for client-output-buffer-limit (INFO or its log)', read: (c) => c.serverClosed?.count ?? 0, words: 'server closes' },
  { name: 'closed-lost', key: 'closedLost', unit: 'count', about: 'in runs the server closed: acknowledged but not executed', read: (c) => c.serverClosed?.lost ?? 0, words: 'server closes' },
  // Open loop over time (issue 26): the offered rate, a ramp's knee from its windows, and whether the config kept up.
  { name: 'offered/s', key: 'offeredPerSec', unit: 'rate', about: 'open-loop requests scheduled per second (a ramp: its mean)', read: (c) => c.schedule?.offeredPerSec ?? null, words: '' },
  {
    name: 'knee/s',
    key: 'kneePerSec',
    unit: 'rate',
    about: "a rising ramp's offered rate where queueing began, from its windows (null: none seen)",
    read: (c) => c.knee?.offeredPerSec ?? null,
    words: '',
    // No knee on a rising ramp: at least its top rate.
    compare: { rule: 'step', worse: 'lower', step: rampStep, bound: (c) => (c.knee === undefined || c.knee.offeredPerSec !== null ? null : (c.schedule?.offeredRampPerSec?.toPerSec ?? null)) },
  },
  // The rate an SLO allows (issue 26): configs whose arrival has `slo:`.
  {
    name: 'max-rate',
    key: 'maxRatePerSec',
    unit: 'rate',
    about: 'open-loop rate search: the highest offered rate found meeting the objective (null: none met it)',
    read: (c) => c.slo?.foundPerSec ?? null,
    words: '',
    compare: { rule: 'total', worse: 'lower' },
  },
  // The batch-size advisor (issue 27): configs whose workload has `advise:`.
  adviceFigure('advised-batch', 'advisedBatch', 'count', 'the pipeline depth (or window size) with the most throughput within every budget', (a) => a.advisedBatch),
  adviceFigure('advised-ops/s', 'advisedOpsPerSec', 'rate', 'commands per second at the advised size', (a) => a.advisedOpsPerSec),
  // A window size is advised with its window: the longest a request may wait for its batch.
  {
    ...adviceFigure('advised-window', 'advisedWindowMs', 'ms', 'the window W kept while its size was searched (window sizes only)', (a) => (a.advisedBatch === null ? null : (a.windowMs ?? null))),
    compare: { rule: 'total', worse: 'higher' },
  },
  {
    name: 'saturated',
    key: 'saturated',
    unit: 'count',
    about: 'open-loop: 1 when achieved fell below offered beyond the spread, late starts grew or a ramp passed its knee, else 0',
    read: (c) => (c.saturation === undefined ? null : c.saturation.saturated ? 1 : 0),
    words: 'open-loop saturation',
    compare: { rule: 'flag', worse: 'higher' },
  },
  { name: 'redirects', key: 'redirects', unit: 'count', about: 'MOVED/ASK redirects over the measured runs (Redis Cluster)', read: (c) => c.redirects ?? null, words: 'cluster redirects' },
  // Primary with replicas (issue 23): null on configs that measured no replication.
  { name: 'wait-p(99)', key: 'waitP99Us', unit: 'us', about: 'WAIT alone after each write, 99th percentile', read: (c) => c.waitLatencyUs?.p99 ?? null, words: 'WAIT latency' },
  { name: 'under-replicated', key: 'underReplicated', unit: 'count', about: 'writes whose WAIT reached fewer replicas than asked', read: (c) => c.underReplicated ?? null, words: 'writes WAIT left short' },
  { name: 'lag-p(50)', key: 'lagP50Ms', unit: 'ms', about: 'replication lag (marker keys), median, the slowest replica', read: (c) => slowestLag(c, 'p50'), words: 'replication lag' },
  { name: 'lag-max', key: 'lagMaxMs', unit: 'ms', about: 'replication lag (marker keys), largest, the slowest replica', read: (c) => slowestLag(c, 'max'), words: 'replication lag' },
  bystanderLatency('same', 'p50', 'bystander-p(50)', 'bystanderP50Us'),
  { ...bystanderLatency('same', 'p99', 'bystander-p(99)', 'bystanderP99Us'), compare: comparedBystander('same') },
  bystanderLatency('other', 'p50', 'bystander-other-p(50)', 'bystanderOtherP50Us'),
  { ...bystanderLatency('other', 'p99', 'bystander-other-p(99)', 'bystanderOtherP99Us'), compare: comparedBystander('other') },
  bystanderRatio('same', 'bystander-ratio', 'bystanderP99Ratio'),
  bystanderRatio('other', 'bystander-other-ratio', 'bystanderOtherP99Ratio'),
  batchFigure('batch-wait-p(50)', 'batchWaitP50Us', 'us', 'wait for the batch to fill, scheduled arrival to departure, 50th percentile', (b) => b.waitUs?.p50 ?? null),
  batchFigure('batch-wait-p(99)', 'batchWaitP99Us', 'us', 'wait for the batch to fill, 99th percentile', (b) => b.waitUs?.p99 ?? null),
  batchFigure('batch-wait-mean', 'batchWaitMeanUs', 'us', 'wait for the batch to fill, mean', (b) => b.meanWaitUs),
  batchFigure('batch-wait-ratio', 'batchWaitRatio', 'ratio', 'mean wait to fill / the mean the window, size and rate predict (constant arrivals)', (b) => b.waitRatio),
  batchFigure('batch-commands', 'batchCommandsMean', 'rate', 'commands per batch, mean', (b) => b.meanBatchCommands),
  batchFigure('timer-flushes', 'timerFlushes', 'count', 'batches the window timer sent', (b) => b.timerFlushes),
  batchFigure('size-flushes', 'sizeFlushes', 'count', 'batches sent because they reached the size', (b) => b.sizeFlushes),
  // A replayed trace (issue 27): its round trips per request and its latency shift against rtt 0.
  { name: 'trace-round-trips', key: 'traceRoundTrips', unit: 'rate', about: 'trace replay: round trips one request waits on, mean (commands that arrived together, `pipeline:`, are one)', read: (c) => c.trace?.roundTripsPerRequest ?? null, words: 'trace replay' },
  { name: 'trace-shift-ratio', key: 'traceShiftRatio', unit: 'ratio', about: 'trace replay: request p50 shift against rtt 0 / (round trips per request x rtt)', read: (c) => c.trace?.shiftRatio ?? null, words: 'trace replay' },
] as const satisfies readonly ConfigMetric[];

/** A config metric's key (`medianMs`, `p99Us`, ...). */
export type ThresholdMetric = (typeof CONFIG_METRICS)[number]['key'];

export const configMetricByName = (name: string): ConfigMetric | undefined => CONFIG_METRICS.find((m) => m.name === name);
export const configMetricByKey = (key: string): ConfigMetric | undefined => CONFIG_METRICS.find((m) => m.key === key);

export interface ReconcileMetricSpec {
  /** As thresholds write it and as ThresholdResult keys it: `duplicated`. */
  name: string;
  /** `count`: operations (or replies); `us`: a per-write latency. */
  unit: 'count' | 'us';
  about: string;
  /** The row's figure: a count of its first run, or a latency over every run; null: not measured on this row. */
  read: (entry: ReconcileEntry) => number | null;
  /** Each run's own figure, in run order, on rows that kept every run (topology timelines): the
   * table and the page show their spread, a threshold holds only when every run meets it, and
   * `compare` adds them up. */
  perRun?: (entry: ReconcileEntry) => readonly number[] | undefined;
  /** `compare` judges it on rows in both results: more is worse (a count of harm, not of work done). */
  compared?: true;
  /** A latency `compare` judges by the percentile rule (the per-run values, else the histogram's sampling error). */
  percentile?: { percentile: number; summary: (entry: ReconcileEntry) => LatencySummaryUs | null | undefined };
}

// The runs' own counts (topology timeline rows keep every run's); undefined elsewhere.
const runsOf = (pick: keyof RowRunCounts) => (e: ReconcileEntry): readonly number[] | undefined => e.runCounts?.map((r) => r[pick]);
const redirectsOf = (e: ReconcileEntry): number => (e.redirects === undefined ? 0 : e.redirects.moved + e.redirects.ask);
// Per-write latency of a topology timeline row (the lab's writer or a policy's client).
const writeLatency = <N extends string>(name: N, pick: 'p50' | 'p99' | 'max', about: string, runKey?: keyof RowRunLatency): ReconcileMetricSpec & { name: N } => ({
  name,
  unit: 'us',
  about,
  read: (e) => e.latencyUs?.[pick] ?? null,
  ...(runKey === undefined
    ? {}
    : {
      perRun: (e: ReconcileEntry) => e.runLatencyUs?.flatMap((r) => r[runKey] ?? []),
      percentile: { percentile: pick === 'p50' ? 50 : 99, summary: (e: ReconcileEntry) => e.latencyUs },
    }),
});

// A request workload under a fault (the row's `requests`, first run): null on rows without one.
const requestCount = <N extends string>(name: N, about: string, read: (r: FaultRequests) => number | null, compared?: true): ReconcileMetricSpec & { name: N } => ({
  name,
  unit: 'count',
  about,
  read: (e) => (e.requests === undefined ? null : read(e.requests)),
  ...(compared === undefined ? {} : { compared }),
});
const rowRequestLatency = <N extends string>(name: N, pick: 'p50' | 'p99' | 'max', about: string, of: (r: FaultRequests) => LatencySummaryUs | null | undefined): ReconcileMetricSpec & { name: N } => ({
  name,
  unit: 'us',
  about,
  read: (e) => (e.requests === undefined ? null : (of(e.requests)?.[pick] ?? null)),
  ...(pick === 'max' ? {} : { percentile: { percentile: pick === 'p50' ? 50 : 99, summary: (e: ReconcileEntry) => (e.requests === undefined ? null : of(e.requests)) } }),
});

export const RECONCILE_METRICS = [
  { name: 'lost', unit: 'count', about: 'acknowledged but not applied', read: (e) => e.counts.lost, perRun: runsOf('lost'), compared: true },
  { name: 'duplicated', unit: 'count', about: 'applied more than once', read: (e) => e.counts.duplicated, perRun: runsOf('duplicated'), compared: true },
  { name: 'indeterminate', unit: 'count', about: 'sent, no reply before the connection died', read: (e) => e.counts.indeterminate, perRun: runsOf('indeterminate') },
  { name: 'failed-but-applied', unit: 'count', about: 'reported to the caller as failed, yet applied', read: (e) => e.counts.failedButApplied, perRun: runsOf('failedButApplied') },
  { name: 'unexpected', unit: 'count', about: 'applied but never issued', read: (e) => e.counts.unexpected, compared: true },
  { name: 'applied', unit: 'count', about: 'applied by the server at least once', read: (e) => e.counts.applied },
  { name: 'acknowledged', unit: 'count', about: 'acknowledged to the caller', read: (e) => e.counts.acknowledged },
  { name: 'retries', unit: 'count', about: 'operations the policy re-issued, as it announced them with retrying()', read: (e) => e.counts.retries, perRun: runsOf('retries') },
  { name: 'resent', unit: 'count', about: 'operations the client library re-sent on its own, seen on the wire (tags only; 0 without)', read: (e) => e.counts.resent ?? 0 },
  // Topology timelines (issue 23): 0 on rows without them.
  { name: 'redirected', unit: 'count', about: 'MOVED/ASK replies the client met (topology rows; 0 elsewhere)', read: redirectsOf, perRun: runsOf('redirects') },
  { name: 'by-minority', unit: 'count', about: 'acknowledged by the old primary after the partition began (a minority primary)', read: (e) => e.acknowledgedByMinority ?? 0 },
  { name: 'lost-replicated', unit: 'count', about: 'lost although WAIT reached the replicas asked (0 without WAIT)', read: (e) => e.waitSplit?.replicated.lost ?? 0, compared: true },
  // Per-write latency of topology timeline rows (null elsewhere).
  writeLatency('write-p(50)', 'p50', 'per-write latency across the timeline, 50th percentile', 'p50Us'),
  writeLatency('write-p(99)', 'p99', 'per-write latency across the timeline, 99th percentile', 'p99Us'),
  writeLatency('write-max', 'max', 'slowest write across the timeline'),
  // Request workloads under a fault (null elsewhere).
  requestCount('requests-sent', 'requests started in the run', (r) => r.sent),
  requestCount('requests-completed', 'requests whose every step succeeded', (r) => r.completed),
  requestCount('requests-failed', 'requests a step of which failed (the policy gave up)', (r) => r.failed, true),
  requestCount('requests-unfinished', 'requests still waiting at the run\'s deadline', (r) => r.unfinished),
  requestCount('failed-near-fault', 'failed requests whose span overlapped the fault', (r) => r.aroundFault?.failed ?? null),
  rowRequestLatency('request-p(50)', 'p50', 'completed requests\' latency, 50th percentile (open loop: from the intended start)', (r) => r.latencyUs),
  rowRequestLatency('request-p(99)', 'p99', 'completed requests\' latency, 99th percentile (open loop: from the intended start)', (r) => r.latencyUs),
  rowRequestLatency('request-max', 'max', 'slowest completed request', (r) => r.latencyUs),
  rowRequestLatency('near-fault-p(99)', 'p99', 'latency of the completed requests whose span overlapped the fault, 99th percentile', (r) => r.aroundFault?.latencyUs),
  // A window batcher under a fault (null without batch: {window, size}).
  requestCount('request-batches', 'batches the window batcher sent', (r) => r.batching?.batches ?? null),
  rowRequestLatency('request-batch-wait-p(99)', 'p99', 'requests\' wait for their window batch to leave (from the intended start), 99th percentile', (r) => r.batching?.waitUs),
] as const satisfies readonly ReconcileMetricSpec[];

/** The request figures a fault row shows (table and page), in order: name as thresholds write it, column title. */
export const REQUEST_ROW_COLUMNS = [
  ['requests-sent', 'req sent'],
  ['requests-completed', 'req ok'],
  ['requests-failed', 'req failed'],
  ['failed-near-fault', 'failed near fault'],
  ['request-p(50)', 'req p50 ms'],
  ['request-p(99)', 'req p99 ms'],
  ['near-fault-p(99)', 'near-fault p99 ms'],
] as const;

/** A window batcher's figures on a fault row (table and page), shown when a row has one. */
export const REQUEST_BATCH_COLUMNS = [
  ['request-batches', 'batches'],
  ['request-batch-wait-p(99)', 'batch wait p99 ms'],
] as const;

export type ReconcileMetric = (typeof RECONCILE_METRICS)[number]['name'];

/** Row counts `compare` judges (lost, duplicated, unexpected, lost-replicated). */
export const COMPARED_ROW_METRICS: readonly ReconcileMetricSpec[] = RECONCILE_METRICS.filter((m: ReconcileMetricSpec) => m.compared === true);

export const reconcileMetricByName = (name: string): ReconcileMetricSpec | undefined => (RECONCILE_METRICS as readonly ReconcileMetricSpec[]).find((m) => m.name === name);

/** Row latencies `compare` judges by the percentile rule (write-p(50), write-p(99)). */
export const COMPARED_ROW_LATENCIES: readonly (ReconcileMetricSpec & { percentile: NonNullable<ReconcileMetricSpec['percentile']> })[] = (RECONCILE_METRICS as readonly ReconcileMetricSpec[]).filter(
  (m): m is ReconcileMetricSpec & { percentile: NonNullable<ReconcileMetricSpec['percentile']> } => m.percentile !== undefined,
);

/** A row metric's figure run by run where the row kept its runs, else its one figure (none: not measured). */
export const rowRunValues = (spec: ReconcileMetricSpec, entry: ReconcileEntry): readonly number[] => {
  const runs = spec.perRun?.(entry);
  if (runs !== undefined && runs.length > 0) return runs;
  const value = spec.read(entry);
  return value === null ? [] : [value];
};

/**
 * What a retry policy did under a fault. `NOT-TESTED`: the fault never fired (the client never
 * saw its connection close or stall), so nothing was judged; no threshold passes on it.
 */
const VERDICTS = ['SAFE', 'UNSAFE', 'UNKNOWN', 'NOT-TESTED'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** A verdict threshold stores its bound as a number in ThresholdResult.value: 1 SAFE, 0 UNSAFE. */
export const verdictBound = (verdict: 'SAFE' | 'UNSAFE'): number => (verdict === 'SAFE' ? 1 : 0);
export const verdictOfBound = (bound: number): 'SAFE' | 'UNSAFE' => (bound === 1 ? 'SAFE' : 'UNSAFE');

/** Which configs a threshold covers; an absent field matches every value of that axis. */
export interface ConfigSelector {
  workload?: string;
  mode?: Mode;
  link?: 'direct' | 'proxied';
  rttMs?: number;
  jitterMs?: number;
  connections?: number;
  commands?: number;
  /** Matches configs whose value size is exactly this (min = max). */
  valueBytes?: number;
  /** The same cap (KB/s) in both directions; null: uncapped. */
  bandwidthKBps?: number | null;
  /** Open-loop configs: the offered rate as rateLabel writes it (`800/s`, `100/s..2000/s`). */
  rate?: string;
  /** Open-loop configs: `shared` or `pool:N`. */
  clients?: string;
  /** Batched open-loop configs: the batcher as batcherLabel writes it (`none`, `auto`, `5ms/64`). */
  batch?: string;
  /** Request configs: requests per run (`commands` counts their commands). */
  requests?: number;
  /** Primary with replicas: the WAIT setting as `waitText` writes it (`none`, `1/100ms`). */
  wait?: string;
  /** Topology configs: the node the figures are of (`primary`, `replica-1`). */
  node?: string;
  /** Topology configs run under a retry policy: its name. */
  policy?: string;
}

/** A WAIT setting as thresholds select it and rows label it: `none` or `<replicas>/<timeout>ms`. */
export const waitText = (wait: WaitOption | null): string => (wait === null ? 'none' : `${wait.replicas}/${wait.timeoutMs}ms`);

/** How an axis's selector value is written after `at`: a duration, a bandwidth, a whole number, a
 * size, a request rate (`800/s`), a clients mode (`shared`, `pool:4`), a name (a workload label, a
 * node, a policy), a mode (`pipeline:8`), a WAIT (`1` replica, `none`). */
export type AxisValue = 'duration' | 'rate' | 'count' | 'size' | 'request-rate' | 'clients' | 'batch' | 'name' | 'mode' | 'wait';

export interface ConfigAxis {
  /** As thresholds select it after `at` (`rtt=10ms`); absent for axes selected by position. */
  selector?: string;
  /** How the selector's value is written. */
  value?: AxisValue;
  /** Its field in a ConfigSelector; absent for an axis that labels rows but is never selected. */
  field?: keyof ConfigSelector;
  /** Whether a config has the selected value (called only when the selector field is set). */
  matches: (select: ConfigSelector, config: ConfigResult) => boolean;
  /** The config's value on this axis as a row label shows it (`c=4`), and the legend for it. */
  label: (config: ConfigResult) => string;
  legend: string;
}

const bandwidthLabel = (bw: Bandwidth): string => {
  if (bw.upKBps === null && bw.downKBps === null) return 'bw=unlimited';
  return bw.upKBps === bw.downKBps ? `bw=${bw.upKBps}KB/s` : `bw=${bw.upKBps ?? '-'}/${bw.downKBps ?? '-'}KB/s`;
};

const valueLabel = (config: ConfigResult): string =>
  config.valueBytes === null
    ? 'v=-'
    : config.valueBytes.min === config.valueBytes.max
      ? `v=${config.valueBytes.min}B`
      : `v=${config.valueBytes.min}-${config.valueBytes.max}B`;

/** The mode a result row ran in. */
export const configMode = (config: ConfigResult): Mode => modeOfFlat(config);

// Topology configs (primary + replicas, a cluster) say which node, WAIT and policy their figures
// are of; a config without them matches no selector of theirs (read structurally: the topology
// runners own those fields).
interface TopologyAxes {
  node?: string;
  wait?: { replicas: number } | null;
  policy?: string;
}
const topologyAxes = (config: ConfigResult): TopologyAxes => config as ConfigResult & TopologyAxes;
const waitLabelOf = (config: ConfigResult): string | undefined => (config.wait === undefined ? undefined : waitText(config.wait));
const offeredRateLabel = (config: ConfigResult): string | undefined =>
  config.schedule === undefined ? undefined : rateLabel(config.schedule.offeredRampPerSec ?? { fromPerSec: config.schedule.offeredPerSec, toPerSec: config.schedule.offeredPerSec });

export const CONFIG_AXES: readonly ConfigAxis[] = [
  {
    selector: 'workload',
    value: 'name',
    field: 'workload',
    matches: (s, c) => s.workload === c.workload,
    label: (c) => c.workload,
    legend: '',
  },
  {
    selector: 'mode',
    value: 'mode',
    field: 'mode',
    matches: (s, c) => s.mode !== undefined && sameMode(s.mode, configMode(c)),
    label: (c) => modeLabel(configMode(c)),
    legend: '',
  },
  {
    selector: 'direct',
    field: 'link',
    matches: (s, c) => s.link === c.link,
    label: (c) => c.link,
    legend: 'direct = straight to Redis, no proxy',
  },
  {
    selector: 'rtt',
    value: 'duration',
    field: 'rttMs',
    matches: (s, c) => s.rttMs === c.rttMs,
    label: (c) => `rtt=${c.rttMs}ms`,
    legend: 'rtt = round trip added by the link',
  },
  {
    selector: 'jitter',
    value: 'duration',
    field: 'jitterMs',
    matches: (s, c) => s.jitterMs === c.jitterMs,
    label: (c) => `jitter=${c.jitterMs}ms`,
    legend: 'jitter = per-direction jitter',
  },
  {
    selector: 'bw',
    value: 'rate',
    field: 'bandwidthKBps',
    matches: (s, c) => c.bandwidth.upKBps === s.bandwidthKBps && c.bandwidth.downKBps === s.bandwidthKBps,
    label: (c) => bandwidthLabel(c.bandwidth),
    legend: 'bw = bandwidth cap per direction',
  },
  {
    selector: 'conns',
    value: 'count',
    field: 'connections',
    matches: (s, c) => s.connections === c.connections,
    label: (c) => `c=${c.connections}`,
    legend: 'c = connections',
  },
  {
    selector: 'n',
    value: 'count',
    field: 'commands',
    matches: (s, c) => s.commands === c.commands,
    label: (c) => `n=${c.commands}`,
    legend: 'n = commands per run (requests: each request\'s commands)',
  },
  {
    selector: 'value',
    value: 'size',
    field: 'valueBytes',
    matches: (s, c) => c.valueBytes !== null && c.valueBytes.min === s.valueBytes && c.valueBytes.max === s.valueBytes,
    label: valueLabel,
    legend: 'v = value bytes',
  },
  {
    // Open-loop request configs: the offered rate (closed-loop: nothing to say).
    selector: 'rate',
    value: 'request-rate',
    field: 'rate',
    matches: (s, c) => offeredRateLabel(c) === s.rate,
    label: (c) => {
      const rate = offeredRateLabel(c);
      return rate === undefined ? '' : `rate=${rate}`;
    },
    legend: 'rate = offered requests/s (open-loop)',
  },
  {
    matches: () => true,
    label: (c) => `keys=${c.keys}`,
    legend: 'keys = key distribution',
  },
  {
    // Open-loop request configs: one multiplexed client per connection, or a pool of N.
    selector: 'clients',
    value: 'clients',
    field: 'clients',
    matches: (s, c) => c.clients !== undefined && clientsRecordLabel(c.clients) === s.clients,
    label: (c) => (c.clients === undefined ? '' : `clients=${clientsRecordLabel(c.clients)}`),
    legend: 'clients = shared (multiplexed) or pool:N (open-loop)',
  },
  {
    // Batched open-loop configs: none, auto, or a window/size.
    selector: 'batch',
    value: 'batch',
    field: 'batch',
    matches: (s, c) => c.batching !== undefined && batcherRecordLabel(c.batching.batcher) === s.batch,
    label: (c) => (c.batching === undefined ? '' : `batch=${batcherRecordLabel(c.batching.batcher)}`),
    legend: 'batch = none, auto (ioredis auto-pipelining) or window/size (open-loop)',
  },
  {
    selector: 'requests',
    value: 'count',
    field: 'requests',
    matches: (s, c) => c.requests === s.requests,
    label: (c) => (c.requests === undefined ? '' : `requests=${c.requests}`),
    legend: 'requests = requests per run',
  },
  {
    selector: 'wait',
    value: 'wait',
    field: 'wait',
    matches: (s, c) => waitLabelOf(c) === s.wait,
    label: (c) => {
      const wait = waitLabelOf(c);
      return wait === undefined ? '' : `wait=${wait}`;
    },
    legend: 'wait = WAIT replicas/timeout after each write',
  },
  {
    selector: 'node',
    value: 'name',
    field: 'node',
    matches: (s, c) => topologyAxes(c).node === s.node,
    label: (c) => {
      const { node } = topologyAxes(c);
      return node === undefined ? '' : `node=${node}`;
    },
    legend: 'node = the node the figures are of',
  },
  {
    selector: 'policy',
    value: 'name',
    field: 'policy',
    matches: (s, c) => topologyAxes(c).policy === s.policy,
    label: (c) => {
      const { policy } = topologyAxes(c);
      return policy === undefined ? '' : `policy=${policy}`;
    },
    legend: 'policy = the retry policy the run used',
  },
  {
    // Redis Cluster configs: every node's link at rtt 0, or the scenario's per-node links (label only).
    matches: () => true,
    label: (c) => (c.links === undefined ? '' : `links=${c.links}`),
    legend: 'links = flat (every node at rtt 0) or shaped (the per-node links)',
  },
];

/** Whether a selector covers a config: every field it sets must match; an absent field matches anything. */
export const selectsConfig = (select: ConfigSelector, config: ConfigResult): boolean =>
  CONFIG_AXES.every((axis) => axis.field === undefined || select[axis.field] === undefined || axis.matches(select, config));

/** The axes selected after `at` by name, with their value kinds. */
export const SELECTOR_AXES = CONFIG_AXES.filter((axis): axis is ConfigAxis & { selector: string } => axis.selector !== undefined);
