// The RTT cost model: what a config should take if the only cost the link adds is waiting.
//
//   modelMs = waits * addedRttMs + baseMedianMs
//
// - waits: round trips the client waited on (N for sync, ceil(N/B) for pipelines).
// - addedRttMs: measured proxied PING at this rtt minus measured proxied PING at rtt 0, so the
//   proxy's own cost (already inside baseMedianMs) is not counted twice.
// - baseMedianMs: the same mode's (same batch, same commands) median total time at rtt 0,
//   jitter 0: everything that is not the link (client, proxy, server work).
//
// It predicts only waiting on the link. It ignores bandwidth caps (a big pipeline's bytes take
// time to cross a slow link), jitter (a wait costs its slowest direction, not the mean) and the
// per-chunk nature of Toxiproxy latency (a write split into several chunks can be delayed more
// than once). A measured/model ratio well above 1 points at one of those, or at the server.

import type { Calibration, ConfigResult } from '../run/result.ts';
import { modeOfConfig, sameMode } from './config-mode.ts';

export interface ModelInputs {
  waits: number;
  addedRttMs: number;
  baseMedianMs: number;
}

export const modelMs = ({ waits, addedRttMs, baseMedianMs }: ModelInputs): number =>
  waits * addedRttMs + baseMedianMs;

// The calibration entry for one link shape, if it was measured.
const calibrationAt = (calibration: readonly Calibration[], rttMs: number, jitterMs: number): Calibration | undefined =>
  calibration.find((c) => c.requestedRttMs === rttMs && c.jitterMs === jitterMs);

// The rtt-0, jitter-0 config doing the same work in the same mode: the model's baseline.
const baselineConfig = (configs: readonly ConfigResult[], config: ConfigResult): ConfigResult | undefined =>
  configs.find(
    (c) =>
      c.rttMs === 0 &&
      c.jitterMs === 0 &&
      c.commands === config.commands &&
      sameMode(modeOfConfig(c), modeOfConfig(config)),
  );

// One config's prediction, or null when a piece the model needs was not measured.
const predictionFor = (
  configs: readonly ConfigResult[],
  calibration: readonly Calibration[],
  config: ConfigResult,
): number | null => {
  const zero = calibrationAt(calibration, 0, 0);
  const here = calibrationAt(calibration, config.rttMs, config.jitterMs);
  const baseMedianMs = baselineConfig(configs, config)?.medianMs ?? null;
  if (zero === undefined || here === undefined || baseMedianMs === null) return null;
  return modelMs({ waits: config.waits, addedRttMs: here.measuredMs - zero.measuredMs, baseMedianMs });
};

/**
 * The model's prediction per config id. null when the same mode has no rtt-0 cell (or it has no
 * verified median), or when the calibration for rtt 0 or for this config's link is missing.
 */
export const modelFor = (
  configs: readonly ConfigResult[],
  calibration: readonly Calibration[],
): Map<string, number | null> =>
  new Map(configs.map((config) => [config.id, predictionFor(configs, calibration, config)]));
