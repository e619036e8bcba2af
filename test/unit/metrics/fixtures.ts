// Hand-built results for the metrics tests.

import type { Calibration, ConfigResult, ReconcileCounts, ReconcileEntry } from '../../../lab/contracts/index.ts';
import { cleanCounts } from '../../../lab/reconcile/index.ts';

export const calibrationAt = (requestedRttMs: number, measuredMs: number, jitterMs = 0): Calibration => ({
  requestedRttMs,
  jitterMs,
  bandwidth: { upKBps: null, downKBps: null },
  upstreamLatencyMs: requestedRttMs / 2,
  downstreamLatencyMs: requestedRttMs / 2,
  samples: 50,
  baselineMs: 0.1,
  measuredMs,
  addedMs: measuredMs - 0.1,
  p10Ms: measuredMs - 0.05,
  p90Ms: measuredMs + 0.05,
});

/** A verified INCR config on the plain proxied link; `batchLabel` defaults to the batch written as a number. */
export const config = (
  overrides: Partial<ConfigResult> & Pick<ConfigResult, 'id' | 'rttMs' | 'mode' | 'batch'>,
): ConfigResult => {
  const commands = overrides.commands ?? 2048;
  return {
    workload: 'INCR',
    command: 'INCR',
    link: 'proxied',
    jitterMs: 0,
    bandwidth: { upKBps: null, downKBps: null },
    batchLabel: String(overrides.batch),
    connections: 1,
    commands,
    valueBytes: null,
    keys: 'one',
    waits: overrides.mode === 'sync' ? commands : Math.ceil(commands / overrides.batch),
    runs: [{ order: 0, totalMs: 10, verified: true, clientGcMs: 0 }],
    medianMs: 10,
    minMs: 9,
    maxMs: 11,
    opsPerSec: 204_800,
    modelMs: null,
    modelRatio: null,
    latencyUs: { p50: 400, p90: 450, p99: 900, p999: 1200, max: 1500, count: 2048, hdr: '' },
    errors: 0,
    errorsByKind: {},
    clientPeakRssBytes: 80_000_000,
    clientPeakHeapBytes: 12_000_000,
    clientRssGrowthBytes: 1_000_000,
    clientHeapGrowthBytes: 500_000,
    serverInfo: null,
    ...overrides,
  };
};

const zeroCounts: ReconcileCounts = cleanCounts(100);

/** A reconcile verdict row; `counts` overrides merge into a clean 100-op run. */
export const reconcileEntry = (
  overrides: Partial<Omit<ReconcileEntry, 'counts'>> & Pick<ReconcileEntry, 'fault' | 'policy'> & { counts?: Partial<ReconcileCounts> },
): ReconcileEntry => {
  const { counts, ...rest } = overrides;
  const mode = overrides.mode ?? 'pipeline:64';
  return {
    id: `${overrides.fault} / ${mode} / ${overrides.policy}`,
    mode,
    rttMs: 0,
    runs: 3,
    consistent: true,
    counter: null,
    prefix: null,
    faultObserved: true,
    verdict: 'SAFE',
    reasons: [],
    examples: { lost: [], duplicated: [], unexpected: [] },
    errorsByKind: {},
    ...rest,
    counts: { ...zeroCounts, ...counts },
  };
};
