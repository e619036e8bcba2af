import { describe, expect, it } from 'vitest';
import { MAX_SPREAD_WARNINGS, spreadWarnings } from '../../../lab/metrics/spread.ts';
import type { ConfigResult } from '../../../lab/contracts/index.ts';
import { config } from './fixtures.ts';

const at = (id: string, medianMs: number, minMs: number, maxMs: number, overrides: Partial<ConfigResult> = {}) =>
  config({ id, rttMs: 0, mode: 'sync', batch: 1, medianMs, minMs, maxMs, ...overrides });

describe('spreadWarnings', () => {
  it('warns when two configs one axis apart have overlapping min-max spreads', () => {
    const configs = [
      at('sync@rtt=0ms', 10.0, 9.5, 10.7),
      at('pipeline:8@rtt=0ms', 9.6, 9.4, 9.8, { mode: 'pipeline', batch: 8 }),
    ];
    expect(spreadWarnings(configs)).toEqual([
      'sync@rtt=0ms vs pipeline:8@rtt=0ms: medians 10 vs 9.6 ms, but their min-max spreads overlap (9.5-10.7 vs 9.4-9.8 ms): the difference is within noise',
    ]);
  });

  it('is silent when the spreads do not overlap, even when one spread is wider than the difference', () => {
    expect(spreadWarnings([at('a', 10, 9.5, 10.5), at('b', 20, 19.5, 20.5, { rttMs: 1 })])).toEqual([]);
    expect(spreadWarnings([at('a', 10, 9, 11), at('b', 12, 11.5, 12, { rttMs: 1 })])).toEqual([]);
    // one slow outlier (a GC pause) widens a's spread past the difference, yet every run of a was slower
    expect(spreadWarnings([at('a', 148, 131, 271), at('b', 48, 44, 88, { rttMs: 1 })])).toEqual([]);
  });

  it('warns for identical single-run figures, and for spreads that just touch', () => {
    expect(spreadWarnings([at('a', 10, 10, 10), at('b', 10, 10, 10, { rttMs: 1 })])).toHaveLength(1);
    expect(spreadWarnings([at('a', 10, 9, 11), at('b', 12, 11, 12, { rttMs: 1 })])).toHaveLength(1);
  });

  it('compares only pairs that differ in exactly one axis, within one workload', () => {
    const noisy = (id: string, overrides: Partial<ConfigResult>) => at(id, 10.1, 9, 11, overrides);
    const base = at('base', 10, 9, 11);
    const oneAxis: [string, Partial<ConfigResult>][] = [
      ['mode', { mode: 'multi', batch: 4, batchLabel: '4' }],
      ['rtt', { rttMs: 5 }],
      ['jitter', { jitterMs: 1 }],
      ['bandwidth', { bandwidth: { upKBps: 100, downKBps: null } }],
      ['connections', { connections: 2 }],
      ['value', { valueBytes: { min: 10, max: 10 } }],
      ['commands', { commands: 4096 }],
      ['link', { link: 'direct' }],
      ['batch all', { mode: 'pipeline', batch: 2048, batchLabel: 'all' }],
    ];
    for (const [axis, overrides] of oneAxis) {
      expect(spreadWarnings([base, noisy(axis, overrides)]), axis).toHaveLength(1);
    }
    expect(spreadWarnings([base, noisy('two axes', { rttMs: 5, connections: 2 })])).toEqual([]);
    expect(spreadWarnings([base, noisy('other workload', { workload: 'GET' })])).toEqual([]);
    expect(spreadWarnings([base, noisy('same everything', {})])).toEqual([]);
  });

  it('skips configs without a verified median or spread', () => {
    expect(spreadWarnings([at('a', 10, 9, 11), config({ id: 'b', rttMs: 1, mode: 'sync', batch: 1, medianMs: null, minMs: null, maxMs: null })])).toEqual([]);
  });

  it('prints small and large figures with enough digits to tell them apart', () => {
    const [small] = spreadWarnings([at('a', 0.1, 0.08, 0.134), at('b', 0.13, 0.12, 0.14, { rttMs: 1 })]);
    expect(small).toContain('medians 0.1 vs 0.13 ms, but their min-max spreads overlap (0.08-0.134 vs 0.12-0.14 ms)');
    const [close] = spreadWarnings([at('a', 11.2, 8.79, 11.2), at('b', 11.24, 11, 11.3, { rttMs: 1 })]);
    expect(close).toContain('medians 11.2 vs 11.24 ms');
    const [large] = spreadWarnings([at('a', 2000, 1500, 2345), at('b', 2500, 2300, 2600, { rttMs: 1 })]);
    expect(large).toContain('medians 2000 vs 2500 ms, but their min-max spreads overlap (1500-2345 vs 2300-2600 ms)');
  });

  it(`lists at most ${MAX_SPREAD_WARNINGS} pairs, then how many more`, () => {
    const configs = Array.from({ length: 6 }, (_, i) => at(`rtt=${i}`, 10 + i * 0.01, 9, 11, { rttMs: i })); // 15 pairs
    const warnings = spreadWarnings(configs);
    expect(warnings).toHaveLength(MAX_SPREAD_WARNINGS + 1);
    expect(warnings[0]).toMatch(/^rtt=0 vs rtt=1: /);
    expect(warnings.at(-1)).toBe('and 5 more pairs of configs whose min-max spreads overlap');
    expect(spreadWarnings(configs.slice(0, 5))).toHaveLength(MAX_SPREAD_WARNINGS); // exactly 10: no closing line
  });
});

describe('spreadWarnings and the model', () => {
  it('does not flag the same mode on two links when the model expects them equal within the spread', () => {
    const r0 = at('pipeline:256@rtt=0ms', 38.6, 6.9, 45, { mode: 'pipeline', batch: 256, modelMs: 38.6 });
    const r1 = at('pipeline:256@rtt=1ms', 37.9, 13.1, 44.3, { mode: 'pipeline', batch: 256, rttMs: 1, modelMs: 41.0 });
    expect(spreadWarnings([r0, r1])).toEqual([]);
    // A model that predicts a difference wider than the spread: the overlap is news.
    expect(spreadWarnings([r0, { ...r1, modelMs: 120 }])).toHaveLength(1);
    // Two modes are always compared: the model does not predict one from the other.
    expect(spreadWarnings([r0, at('pipeline:8@rtt=0ms', 29.1, 26.9, 41, { mode: 'pipeline', batch: 8, modelMs: 29.1 })])).toHaveLength(1);
  });
});
