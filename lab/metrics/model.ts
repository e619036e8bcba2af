// The RTT cost model: what a config should take if the only cost the link adds is waiting.
//
//   modelMs = waits * addedRttMs + baseMedianMs
//
// - waits: round trips one connection waited on (N for sync, ceil(N/B) for pipelines).
// - addedRttMs: what the link added at this rtt minus what it added at rtt 0, each "added" being
//   proxied PING minus direct PING sampled at the same moment. Subtracting the direct PING of
//   the same moment cancels drift in the machine's own speed between two calibrations (a busy
//   2-core machine drifts by tenths of a millisecond), and subtracting rtt 0 leaves out the
//   proxy's own cost, already inside baseMedianMs.
// - baseMedianMs: the median total time of the baseline config: the same work (workload,
//   commands, value size, connections) in the same mode, proxied, at rtt 0, jitter 0 and no
//   bandwidth cap: everything that is not the link (client, proxy, server work).
//
// It predicts only waiting on the link. It ignores bandwidth caps (a big pipeline's bytes take
// time to cross a slow link), jitter (a wait costs its slowest direction, not the mean) and the
// per-chunk nature of Toxiproxy latency (a write split into several chunks can be delayed more
// than once). A measured/model ratio well above 1 points at one of those, or at the server.
// Direct-link configs bypass the proxy, so the model does not apply to them (modelMs null).

import { configMode, sameMode, type Calibration, type ConfigResult } from '../contracts/index.ts';

interface ModelInputs {
  waits: number;
  addedRttMs: number;
  baseMedianMs: number;
}

export const modelMs = ({ waits, addedRttMs, baseMedianMs }: ModelInputs): number =>
  waits * addedRttMs + baseMedianMs;

// medianMs / modelMs; null when either is missing or the model is not a positive time.
export const modelRatio = (medianMs: number | null, model: number | null): number | null =>
  medianMs === null || model === null || !(model > 0) ? null : medianMs / model;

// The calibration entry for one link shape, if it was measured.
const calibrationAt = (calibration: readonly Calibration[], rttMs: number, jitterMs: number): Calibration | undefined =>
  calibration.find((c) => c.requestedRttMs === rttMs && c.jitterMs === jitterMs);

const sameValueBytes = (a: ConfigResult['valueBytes'], b: ConfigResult['valueBytes']): boolean =>
  a === null || b === null ? a === b : a.min === b.min && a.max === b.max;

// The plain link: proxied, rtt 0, jitter 0, no bandwidth cap.
const isPlainProxiedLink = (c: ConfigResult): boolean =>
  c.link === 'proxied' && c.rttMs === 0 && c.jitterMs === 0 && c.bandwidth.upKBps === null && c.bandwidth.downKBps === null;

/** The config the model starts from: the same work in the same mode on the plain proxied link. */
export const baselineConfig = (configs: readonly ConfigResult[], config: ConfigResult): ConfigResult | undefined =>
  configs.find(
    (c) =>
      isPlainProxiedLink(c) &&
      c.workload === config.workload &&
      c.commands === config.commands &&
      c.connections === config.connections &&
      sameValueBytes(c.valueBytes, config.valueBytes) &&
      sameMode(configMode(c), configMode(config)),
  );

// One config's prediction, or null when the model does not apply or a piece it needs is missing.
const predictionFor = (
  configs: readonly ConfigResult[],
  calibration: readonly Calibration[],
  config: ConfigResult,
): number | null => {
  // Open-loop configs run on a schedule: their run time is the schedule's, not round trips.
  if (config.link === 'direct' || config.schedule !== undefined) return null;
  const zero = calibrationAt(calibration, 0, 0);
  const here = calibrationAt(calibration, config.rttMs, config.jitterMs);
  const baseMedianMs = baselineConfig(configs, config)?.medianMs ?? null;
  if (zero === undefined || here === undefined || baseMedianMs === null) return null;
  return modelMs({ waits: config.waits, addedRttMs: here.addedMs - zero.addedMs, baseMedianMs });
};

/**
 * The model's prediction per config id. null for direct-link configs, when the same work in the
 * same mode has no plain rtt-0 proxied cell (or it has no verified median), or when the
 * calibration for rtt 0 or for this config's rtt and jitter is missing.
 */
export const modelFor = (
  configs: readonly ConfigResult[],
  calibration: readonly Calibration[],
): Map<string, number | null> =>
  new Map(configs.map((config) => [config.id, predictionFor(configs, calibration, config)]));

/** Sets `modelMs` and `modelRatio` on every config, in place; returns the same array. */
export const fillModel = (configs: ConfigResult[], calibration: readonly Calibration[]): ConfigResult[] => {
  const models = modelFor(configs, calibration);
  for (const config of configs) {
    config.modelMs = models.get(config.id) ?? null;
    // A config that is its own baseline (rtt 0, uncapped) is 1.00 by construction: no ratio.
    const isBaseline = baselineConfig(configs, config) === config;
    config.modelRatio = isBaseline ? null : modelRatio(config.medianMs, config.modelMs);
  }
  return configs;
};
