// Judging a scenario's `expect:` thresholds against the measured configs. Pure: it reads
// figures already in the result and never measures.

import type { ConfigResult, ThresholdResult } from '../run/result.ts';
import type { Threshold, ThresholdMetric, ThresholdOp } from '../scenario/types.ts';
import { modeOfConfig, sameMode } from './config-mode.ts';

// The figure a threshold metric names, in that metric's unit (null: not measured / no verified run).
export const figureOf = (config: ConfigResult, metric: ThresholdMetric): number | null => {
  switch (metric) {
    case 'medianMs':
    case 'minMs':
    case 'maxMs':
    case 'opsPerSec':
      return config[metric];
    case 'p50Us':
      return config.latencyUs?.p50 ?? null;
    case 'p90Us':
      return config.latencyUs?.p90 ?? null;
    case 'p99Us':
      return config.latencyUs?.p99 ?? null;
    case 'p999Us':
      return config.latencyUs?.p999 ?? null;
    case 'maxUs':
      return config.latencyUs?.max ?? null;
  }
};

const holds = (actual: number, op: ThresholdOp, bound: number): boolean => {
  switch (op) {
    case '<':
      return actual < bound;
    case '<=':
      return actual <= bound;
    case '>':
      return actual > bound;
    case '>=':
      return actual >= bound;
  }
};

// A threshold applies to a config when its optional mode and rtt both match.
const selects = (threshold: Threshold, config: ConfigResult): boolean =>
  (threshold.mode === undefined || sameMode(threshold.mode, modeOfConfig(config))) &&
  (threshold.rttMs === undefined || threshold.rttMs === config.rttMs);

/**
 * One result per threshold, each listing every config it selected with its figure.
 * A missing figure fails (a config with no verified run cannot satisfy a bound), and a
 * threshold that selects no config fails: a typo in a mode or an rtt must not pass silently.
 */
export const evaluateThresholds = (
  thresholds: readonly Threshold[],
  configs: readonly ConfigResult[],
): ThresholdResult[] =>
  thresholds.map((threshold) => {
    const checked = configs
      .filter((config) => selects(threshold, config))
      .map((config) => {
        const actual = figureOf(config, threshold.metric);
        return { configId: config.id, actual, pass: actual !== null && holds(actual, threshold.op, threshold.value) };
      });
    return {
      source: threshold.source,
      metric: threshold.metric,
      op: threshold.op,
      value: threshold.value,
      checked,
      pass: checked.length > 0 && checked.every((c) => c.pass),
    };
  });
