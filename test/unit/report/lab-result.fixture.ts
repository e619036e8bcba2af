// A hand-built LabResult: two links, one config failing verification, one failing threshold.

import type { ConfigResult, LabResult } from '../../../lab/run/result.ts';

const latency = (p50: number, p99: number, max: number): ConfigResult['latencyUs'] => ({
  p50,
  p90: p50,
  p99,
  p999: max,
  max,
  count: 2048 * 3,
  hdr: 'HISTFAAAA',
});

const configs: ConfigResult[] = [
  {
    id: 'sync@rtt=0ms', rttMs: 0, jitterMs: 0, mode: 'sync', batch: 1, commands: 2048, waits: 2048,
    runs: [
      { order: 0, totalMs: 201.5, verified: true, clientGcMs: 0 },
      { order: 2, totalMs: 198.2, verified: true, clientGcMs: 0 },
      { order: 4, totalMs: 204.9, verified: true, clientGcMs: 0 },
    ],
    medianMs: 201.5, minMs: 198.2, maxMs: 204.9, opsPerSec: 10_163.8, modelMs: 201.5,
    latencyUs: latency(95, 180, 2_310), errors: 0,
  },
  {
    id: 'pipeline:256@rtt=0ms', rttMs: 0, jitterMs: 0, mode: 'pipeline', batch: 256, commands: 2048, waits: 8,
    runs: [
      { order: 1, totalMs: 4.12, verified: true, clientGcMs: 0 },
      { order: 3, totalMs: 3.98, verified: true, clientGcMs: 0 },
      { order: 5, totalMs: 4.3, verified: true, clientGcMs: 0 },
    ],
    medianMs: 4.12, minMs: 3.98, maxMs: 4.3, opsPerSec: 497_087.4, modelMs: 4.12,
    latencyUs: latency(1_020, 1_890, 2_004), errors: 0,
  },
  {
    id: 'sync@rtt=10ms', rttMs: 10, jitterMs: 0, mode: 'sync', batch: 1, commands: 2048, waits: 2048,
    runs: [
      { order: 0, totalMs: 21_310.4, verified: true, clientGcMs: 0 },
      { order: 2, totalMs: 21_288.7, verified: true, clientGcMs: 0 },
      { order: 4, totalMs: 21_402.1, verified: true, clientGcMs: 0 },
    ],
    medianMs: 21_310.4, minMs: 21_288.7, maxMs: 21_402.1, opsPerSec: 96.1, modelMs: 21_090.7,
    latencyUs: latency(10_390, 10_870, 12_950), errors: 0,
  },
  {
    id: 'pipeline:256@rtt=10ms', rttMs: 10, jitterMs: 0, mode: 'pipeline', batch: 256, commands: 2048, waits: 8,
    runs: [
      { order: 1, totalMs: 88.4, verified: true, clientGcMs: 0 },
      { order: 3, totalMs: 90.1, verified: false, clientGcMs: 0, failure: 'reply 1733 was "ERR max number of clients reached", expected an integer' },
      { order: 5, totalMs: 87.7, verified: false, clientGcMs: 0, failure: 'final counter 4095, expected 4096' },
    ],
    medianMs: 88.4, minMs: 88.4, maxMs: 88.4, opsPerSec: 23_167.4, modelMs: 85.72,
    latencyUs: latency(43_100, 86_020, 88_380), errors: 2,
  },
];

export const labResult: LabResult = {
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
      requestedRttMs: 10, jitterMs: 0, upstreamLatencyMs: 5, downstreamLatencyMs: 5, samples: 50,
      baselineMs: 0.09, measuredMs: 10.52, addedMs: 10.43, p10Ms: 10.41, p90Ms: 10.77,
    },
    {
      requestedRttMs: 0, jitterMs: 0, upstreamLatencyMs: 0, downstreamLatencyMs: 0, samples: 50,
      baselineMs: 0.09, measuredMs: 0.21, addedMs: 0.12, p10Ms: 0.17, p90Ms: 0.28,
    },
  ],
  configs,
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
  ],
  pass: false,
  warnings: ['calibration at rtt 10 ms added 10.43 ms, more than 0.3 ms off the requested 10 ms'],
  notMeasured: [
    'server CPU and memory (INFO deltas are not collected yet)',
    'client memory (clientPeakRssBytes)',
  ],
};
