import { describe, expect, it } from 'vitest';
import { expandMatrix, modeLabel, parseScenario, waitsFor } from '../../../lab/scenario/index.ts';
import { yaml } from './helpers.ts';

const scenario = (network: string) =>
  parseScenario(yaml('name: m', 'workload: {command: INCR, commands: 100}', 'modes: [pipeline:256, sync]', network), 'm.yaml');

describe('expandMatrix', () => {
  it('loops rtt outermost, then jitter, then mode, in file order', () => {
    const cells = expandMatrix(scenario('network: {rtt: [10ms, 0ms], jitter: [0ms, 2ms]}'));
    expect(cells.map((c) => c.id)).toStrictEqual([
      'pipeline:256@rtt=10ms',
      'sync@rtt=10ms',
      'pipeline:256@rtt=10ms,jitter=2ms',
      'sync@rtt=10ms,jitter=2ms',
      'pipeline:256@rtt=0ms',
      'sync@rtt=0ms',
      'pipeline:256@rtt=0ms,jitter=2ms',
      'sync@rtt=0ms,jitter=2ms',
    ]);
    expect(cells[2]).toStrictEqual({ id: 'pipeline:256@rtt=10ms,jitter=2ms', rttMs: 10, jitterMs: 2, mode: { kind: 'pipeline', batch: 256 } });
  });

  it('gives one cell per mode at 0ms when there is no network section', () => {
    expect(expandMatrix(scenario('')).map((c) => c.id)).toStrictEqual(['pipeline:256@rtt=0ms', 'sync@rtt=0ms']);
  });

  it('labels modes and counts round trips the way ids and thresholds do', () => {
    expect(modeLabel({ kind: 'pipeline', batch: 8 })).toBe('pipeline:8');
    expect(waitsFor({ kind: 'pipeline', batch: 8 }, 20)).toBe(3);
    expect(waitsFor({ kind: 'sync' }, 20)).toBe(20);
  });
});
