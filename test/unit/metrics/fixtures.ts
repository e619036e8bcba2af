// Hand-built results for the metrics tests.

import type { Calibration, ConfigResult } from '../../../lab/run/result.ts';

export const calibrationAt = (requestedRttMs: number, measuredMs: number, jitterMs = 0): Calibration => ({
  requestedRttMs,
  jitterMs,
  upstreamLatencyMs: requestedRttMs / 2,
  downstreamLatencyMs: requestedRttMs / 2,
  samples: 50,
  baselineMs: 0.1,
  measuredMs,
  addedMs: measuredMs - 0.1,
  p10Ms: measuredMs - 0.05,
  p90Ms: measuredMs + 0.05,
});

export const config = (
  overrides: Partial<ConfigResult> & Pick<ConfigResult, 'id' | 'rttMs' | 'mode' | 'batch'>,
): ConfigResult => {
  const commands = overrides.commands ?? 2048;
  return {
    jitterMs: 0,
    commands,
    waits: overrides.mode === 'sync' ? commands : Math.ceil(commands / overrides.batch),
    runs: [{ order: 0, totalMs: 10, verified: true, clientGcMs: 0 }],
    medianMs: 10,
    minMs: 9,
    maxMs: 11,
    opsPerSec: 204_800,
    modelMs: null,
    latencyUs: { p50: 400, p90: 450, p99: 900, p999: 1200, max: 1500, count: 2048, hdr: '' },
    errors: 0,
    ...overrides,
  };
};
