// A hand-built LabResult: a direct link and two proxied links (one with a bandwidth cap),
// one config failing verification with errors of two kinds, one with errors of three kinds,
// one failing threshold, server INFO deltas, and a reconcile section with SAFE, UNSAFE and
// UNKNOWN rows (one of which differed between runs). The histograms are real encodings.

import { build, encodeIntoCompressedBase64 } from 'hdr-histogram-js';
import type { ConfigResult, LabResult, ReconcileCounts, ReconcileEntry, RunRecord, ServerInfoDelta } from '../../../lab/contracts/index.ts';

// A real compressed histogram: most commands at p50, a tail at p99 and one at max.
const encodedHistogram = (p50: number, p99: number, max: number, count: number): string => {
  const h = build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: 3, autoResize: true, useWebAssembly: false });
  h.recordValueWithCount(p50, count - Math.ceil(count / 50) - 1);
  h.recordValueWithCount(p99, Math.ceil(count / 50));
  h.recordValue(max);
  const hdr = encodeIntoCompressedBase64(h);
  h.destroy();
  return hdr;
};

const latency = (p50: number, p99: number, max: number): ConfigResult['latencyUs'] => ({
  p50, p90: p50, p99, p999: max, max, count: 2048 * 3, hdr: encodedHistogram(p50, p99, max, 2048 * 3),
});

const info = (over: Partial<ServerInfoDelta> = {}): ServerInfoDelta => ({
  netInputBytes: 98_304, netOutputBytes: 10_240, clientRecentMaxInputBufferBytes: 20_480,
  clientRecentMaxOutputBufferBytes: 0, usedMemoryPeakBytes: 1_234_567, evictedKeys: 0, rejectedConnections: 0,
  queryBufferLimitDisconnections: 0, outputBufferLimitDisconnections: 0, errorStats: {},
  ...over,
});

const runs = (...totals: number[]): RunRecord[] =>
  totals.map((totalMs, order) => ({ order, totalMs, verified: true, clientGcMs: 0 }));

// The fields every INCR config here shares; each config overrides what makes it itself.
const base = {
  workload: 'INCR', command: 'INCR', link: 'proxied', rttMs: 0, jitterMs: 0,
  bandwidth: { upKBps: null, downKBps: null }, mode: 'sync', batch: 1, batchLabel: '1', connections: 1,
  commands: 2048, valueBytes: null, keys: 'one', waits: 2048, errors: 0, errorsByKind: {},
  clientPeakRssBytes: 84_200_000, clientPeakHeapBytes: 12_400_000, clientRssGrowthBytes: 3_100_000,
  clientHeapGrowthBytes: 1_600_000, serverInfo: info(),
} as const satisfies Partial<ConfigResult>;

const configs: ConfigResult[] = [
  {
    ...base, id: 'pipeline:256@rtt=10ms', rttMs: 10, mode: 'pipeline', batch: 256, batchLabel: '256', waits: 8,
    runs: [
      { order: 1, totalMs: 88.4, verified: true, clientGcMs: 0 },
      { order: 3, totalMs: 90.1, verified: false, clientGcMs: 0, failure: 'connection reset: 2 commands aborted' },
      { order: 5, totalMs: 87.7, verified: false, clientGcMs: 0, failure: 'final counter 4095, expected 4096' },
    ],
    medianMs: 88.4, minMs: 88.4, maxMs: 88.4, opsPerSec: 23_167.4, modelMs: 85.72, modelRatio: 1.031,
    latencyUs: latency(43_100, 86_020, 88_380), errors: 2, errorsByKind: { ABORTED: 2 },
    serverInfo: info({ netInputBytes: 2_150_400, clientRecentMaxInputBufferBytes: 1_048_576, errorStats: { ERR: 1 } }),
  },
  {
    ...base, id: 'sync@rtt=0ms', runs: runs(201.5, 198.2, 204.9),
    medianMs: 201.5, minMs: 198.2, maxMs: 204.9, opsPerSec: 10_163.8, modelMs: 201.5, modelRatio: 1,
    latencyUs: latency(95, 180, 2_310),
  },
  {
    ...base, id: 'pipeline:256@rtt=0ms', mode: 'pipeline', batch: 256, batchLabel: '256', waits: 8, runs: runs(4.12, 3.98, 4.3),
    medianMs: 4.12, minMs: 3.98, maxMs: 4.3, opsPerSec: 497_087.4, modelMs: 4.12, modelRatio: 1,
    latencyUs: latency(1_020, 1_890, 2_004),
  },
  {
    ...base, id: 'sync@direct', link: 'direct', runs: runs(180.2, 176.9, 181.1),
    medianMs: 180.2, minMs: 176.9, maxMs: 181.1, opsPerSec: 11_365, modelMs: null, modelRatio: null,
    latencyUs: latency(85, 160, 1_900),
  },
  {
    ...base, id: 'sync@rtt=10ms', rttMs: 10, runs: runs(21_310.4, 21_288.7, 21_402.1),
    medianMs: 21_310.4, minMs: 21_288.7, maxMs: 21_402.1, opsPerSec: 96.1, modelMs: 21_090.7, modelRatio: 1.0104,
    latencyUs: latency(10_390, 10_870, 12_950),
  },
  {
    ...base, id: 'multi:8@rtt=10ms,bw=1000/500KBps,c=4', rttMs: 10, bandwidth: { upKBps: 1000, downKBps: 500 },
    mode: 'multi', batch: 8, batchLabel: '8', connections: 4, waits: 64,
    runs: [...runs(702.2, 698.4), { order: 2, totalMs: 731.0, verified: false, clientGcMs: 0, failure: 'connection reset mid-run: 8 commands without a reply' }],
    medianMs: 700.3, minMs: 698.4, maxMs: 702.2, opsPerSec: 2_924.5, modelMs: 690.1, modelRatio: 1.0148,
    latencyUs: latency(10_800, 21_950, 30_100), errors: 1,
    errorsByKind: { ECONNRESET: 3, ABORTED: 5, LOADING: 1 },
    clientPeakRssBytes: null, clientHeapGrowthBytes: null, serverInfo: null,
  },
];

const counts = (over: Partial<ReconcileCounts> = {}): ReconcileCounts => ({
  issued: 64, applied: 63, acknowledged: 40, failed: 0, indeterminate: 24, indeterminateApplied: 23,
  indeterminateNotApplied: 1, lost: 0, duplicated: 0, unexpected: 0, failedButApplied: 0, retries: 0,
  ...over,
});

const entry = (policy: ReconcileEntry['policy'], over: Partial<ReconcileEntry>): ReconcileEntry => ({
  id: `cut-mid-batch / pipeline:64 / ${policy}`, fault: 'cut-mid-batch', mode: 'pipeline:64', policy, rttMs: 10,
  runs: 3, consistent: true, counts: counts(), counter: { final: 63, lower: 40, upper: 64, withinBounds: true },
  prefix: { batchesChecked: 1, nonPrefix: 0, reordered: 0 }, faultObserved: true, verdict: 'SAFE',
  reasons: [], examples: { lost: [], duplicated: [], unexpected: [] }, errorsByKind: { ECONNRESET: 1 },
  ...over,
});

const reconcile: ReconcileEntry[] = [
  entry('none', {}),
  entry('ioredis-default', {
    counts: counts({ applied: 64, acknowledged: 64, indeterminate: 0, duplicated: 23, retries: 24 }),
    counter: { final: 87, lower: 64, upper: 64, withinBounds: false },
    verdict: 'UNSAFE',
    reasons: ['23 operations applied twice: ioredis re-sent unreplied commands after the reconnect', 'counter 87 above the upper bound 64'],
    examples: { lost: [], duplicated: [41, 42, 43], unexpected: [] },
  }),
  entry('app-retry', { consistent: false, counts: counts({ applied: 64, acknowledged: 64, indeterminate: 0, duplicated: 2, retries: 24 }), verdict: 'UNSAFE', reasons: ['2 operations applied twice by the application retry'] }),
  entry('idempotent', { counts: counts({ applied: 64, acknowledged: 64, indeterminate: 0, retries: 24 }) }),
  {
    ...entry('none', { faultObserved: false, verdict: 'UNKNOWN', reasons: ['the fault never fired: the client saw no disconnect'] }),
    id: 'stall-5s / sync / none', fault: 'stall-5s', mode: 'sync', runs: 1,
  },
];

export const labResult: LabResult = {
  resultVersion: 2,
  scenario: {
    name: 'cross-dc-incr',
    description: 'INCR one round trip at a time vs pipelines, across datacenter RTTs',
    file: 'scenarios/cross-dc-incr.yaml',
  },
  runtime: 'containers',
  images: { redis: 'redis:7.4.2', toxiproxy: 'ghcr.io/shopify/toxiproxy:2.12.0', source: 'upstream' },
  versions: { redis: '7.4.2', toxiproxy: '2.12.0', node: 'v20.20.2', ioredis: '5.6.1' },
  startedAt: '2025-05-01T10:00:00.000Z',
  durationMs: 131_420,
  calibration: [
    {
      requestedRttMs: 10, jitterMs: 0, bandwidth: { upKBps: null, downKBps: null }, upstreamLatencyMs: 5, downstreamLatencyMs: 5, samples: 50,
      baselineMs: 0.09, measuredMs: 10.52, addedMs: 10.43, p10Ms: 10.41, p90Ms: 10.77,
    },
    {
      requestedRttMs: 0, jitterMs: 0, bandwidth: { upKBps: null, downKBps: null }, upstreamLatencyMs: 0, downstreamLatencyMs: 0, samples: 50,
      baselineMs: 0.09, measuredMs: 0.21, addedMs: 0.12, p10Ms: 0.17, p90Ms: 0.28,
    },
  ],
  configs,
  reconcile,
  thresholds: [
    {
      source: 'pipeline:256 at rtt=10ms: median < 60ms', metric: 'medianMs', op: '<', value: 60,
      checked: [{ configId: 'pipeline:256@rtt=10ms', actual: 88.4, pass: false }],
      pass: false,
    },
    {
      source: 'sync at rtt=0ms: p99 < 1000us', metric: 'p99Us', op: '<', value: 1000,
      checked: [{ configId: 'sync@rtt=0ms', actual: 180, pass: true }],
      pass: true,
    },
    {
      source: 'pipeline:512: median < 10ms', metric: 'medianMs', op: '<', value: 10,
      checked: [],
      pass: false,
    },
    {
      source: 'policy idempotent: SAFE', metric: 'verdict', op: '==', value: 1,
      checked: [{ configId: 'cut-mid-batch / pipeline:64 / idempotent', actual: 'SAFE', pass: true }],
      pass: true,
    },
    {
      source: 'policy none: duplicated == 0', metric: 'duplicated', op: '==', value: 0,
      checked: [{ configId: 'cut-mid-batch / pipeline:64 / none', actual: 0, pass: true }],
      pass: true,
    },
  ],
  seed: 42,
  pass: false,
  warnings: ['calibration at rtt 10 ms added 10.43 ms, more than 0.3 ms off the requested 10 ms'],
  notMeasured: ['server CPU (INFO deltas cover network, buffers and memory only)'],
};
