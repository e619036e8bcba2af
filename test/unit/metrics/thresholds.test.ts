import { describe, expect, it } from 'vitest';
import { evaluateThresholds } from '../../../lab/metrics/index.ts';
import type { Threshold } from '../../../lab/scenario/types.ts';
import { config } from './fixtures.ts';

const configs = [
  config({ id: 'sync@rtt=10ms', rttMs: 10, mode: 'sync', batch: 1, medianMs: 21_000 }),
  config({ id: 'pipeline:256@rtt=10ms', rttMs: 10, mode: 'pipeline', batch: 256, medianMs: 41.2 }),
  config({ id: 'pipeline:256@rtt=20ms', rttMs: 20, mode: 'pipeline', batch: 256, medianMs: null, latencyUs: null }),
];

const threshold = (t: Omit<Threshold, 'source'>): Threshold => ({ source: 'test', ...t });

describe('evaluateThresholds', () => {
  it('passes a bound every selected config meets', () => {
    const [result] = evaluateThresholds(
      [threshold({ mode: { kind: 'pipeline', batch: 256 }, rttMs: 10, metric: 'medianMs', op: '<', value: 60 })],
      configs,
    );
    expect(result).toMatchObject({ pass: true, checked: [{ configId: 'pipeline:256@rtt=10ms', actual: 41.2, pass: true }] });
  });

  it('fails when one selected config misses the bound', () => {
    const [result] = evaluateThresholds(
      [threshold({ rttMs: 10, metric: 'medianMs', op: '<=', value: 60 })],
      configs,
    );
    expect(result?.pass).toBe(false);
    expect(result?.checked.map((c) => c.pass)).toEqual([false, true]);
  });

  it('reads per-command figures from latencyUs and fails a null figure', () => {
    const [result] = evaluateThresholds(
      [threshold({ mode: { kind: 'pipeline', batch: 256 }, metric: 'p99Us', op: '<', value: 1000 })],
      configs,
    );
    expect(result?.checked).toEqual([
      { configId: 'pipeline:256@rtt=10ms', actual: 900, pass: true },
      { configId: 'pipeline:256@rtt=20ms', actual: null, pass: false },
    ]);
    expect(result?.pass).toBe(false);
  });

  it('fails a threshold that selects no config', () => {
    const [result] = evaluateThresholds(
      [threshold({ mode: { kind: 'pipeline', batch: 255 }, metric: 'opsPerSec', op: '>', value: 1 })],
      configs,
    );
    expect(result).toMatchObject({ checked: [], pass: false });
  });
});
